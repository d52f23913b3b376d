/// An absolute path as a `file:` URL: every byte but the unreserved ones and `/`
/// percent-encoded (`/a b/é.mov` → `file:///a%20b/%C3%A9.mov`).
enum FileURL {
    /// `file://` + `host` + the encoded path (`host` is `localhost` in FCP 7's `pathurl`).
    static func url(_ path: String, host: String = "") -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"), UInt8(ascii: "/"):
                bytes.append(byte)
            default:
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            }
        }
        return "file://" + host + String(decoding: bytes, as: UTF8.self)
    }
}
