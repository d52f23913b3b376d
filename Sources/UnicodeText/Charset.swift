import CICU

/// Text encodings other than Unicode's own, through ICU's converters (ucnv) and its
/// charset detector (ucsdet).
public enum Charset {
    /// Whether ICU has a converter for `name` (a name or alias: `windows-1252`, `latin1`, `Shift_JIS`).
    public static func isKnown(_ name: String) -> Bool { burn_icu_knows_encoding(name) }

    /// `bytes` in the encoding `name` as text; bytes the encoding does not define become
    /// U+FFFD. Throws when ICU has no such encoding (`U_FILE_ACCESS_ERROR`) or fails; empty
    /// `bytes` are empty text whatever the name.
    public static func decode(_ bytes: [UInt8], from name: String) throws -> String {
        let operation = "conversion from \(name)"
        let needed = try ICUError.check(burn_icu_convert_to_utf8(name, bytes, Int32(bytes.count), nil, 0), operation)
        var out = [UInt8](repeating: 0, count: needed + 1)
        let written = try ICUError.check(
            burn_icu_convert_to_utf8(name, bytes, Int32(bytes.count), &out, Int32(out.count)), operation)
        return String(decoding: out.prefix(written), as: UTF8.self)
    }

    /// The encoding ICU's detector finds most likely for `bytes` (its name, such as
    /// "windows-1252" or "Shift_JIS") and its confidence (0...100).
    public static func detect(_ bytes: [UInt8]) throws -> (name: String, confidence: Int) {
        let (name, result) = CText.read(capacity: 64) {
            burn_icu_detect_encoding(bytes, Int32(bytes.count), $0, $1)
        }
        return (name, try ICUError.check(result, "charset detection"))
    }
}
