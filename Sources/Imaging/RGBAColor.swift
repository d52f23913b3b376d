/// A straight (not premultiplied) sRGB colour with alpha, 8 bits per channel.
public struct RGBAColor: Sendable, Hashable, Codable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    public var alpha: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    public static let white = RGBAColor(red: 255, green: 255, blue: 255)
    public static let black = RGBAColor(red: 0, green: 0, blue: 0)

    /// Parses `#RRGGBB` or `#RRGGBBAA`.
    public init?(hex: String) {
        var digits = Substring(hex)
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        guard digits.count == 6 || digits.count == 8, let value = UInt32(digits, radix: 16) else { return nil }
        let full = digits.count == 6 ? value << 8 | 0xFF : value
        self.init(
            red: UInt8(full >> 24), green: UInt8((full >> 16) & 0xFF), blue: UInt8((full >> 8) & 0xFF),
            alpha: UInt8(full & 0xFF))
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let color = RGBAColor(hex: text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "expected a colour like \"#FFFFFF\" or \"#000000CC\", got \"\(text)\"")
        }
        self = color
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(
            "#" + [red, green, blue, alpha].map { String(format2: $0) }.joined())
    }
}

extension String {
    fileprivate init(format2 byte: UInt8) {
        let text = String(byte, radix: 16, uppercase: true)
        self = text.count == 1 ? "0" + text : text
    }
}
