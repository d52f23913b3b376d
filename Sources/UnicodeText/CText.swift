/// Text that a CICU function writes into a buffer of C characters (NUL-terminated where
/// there is room): the one place such a buffer becomes a Swift string.
enum CText {
    /// The text `call` writes into a buffer of `capacity` bytes, up to its first NUL, and the
    /// call's result (a length, a count or a negated ICU error code).
    static func read(capacity: Int, _ call: (UnsafeMutablePointer<CChar>, Int32) -> Int32) -> (text: String, result: Int32) {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: capacity) { buffer in
            let start = buffer.baseAddress!
            buffer.initialize(repeating: 0)
            let result = call(start, Int32(capacity))
            let bytes = UnsafeRawBufferPointer(buffer).prefix { $0 != 0 }
            return (String(decoding: bytes, as: UTF8.self), result)
        }
    }
}
