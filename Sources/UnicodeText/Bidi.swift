import CICU

/// The Unicode bidirectional algorithm (UAX #9), through ICU's ubidi.
public enum Bidi {
    /// The embedding level of each UTF-16 unit of `text` (even: left to right, odd: right to
    /// left). The paragraph is right to left when `rightToLeft` (its language is written so),
    /// else its direction comes from its first strong character (left to right without one).
    public static func levels(of text: UTF16Text, rightToLeft: Bool) throws -> [UInt8] {
        var levels = [UInt8](repeating: 0, count: text.count)
        guard text.count > 0 else { return levels }
        _ = try ICUError.check(burn_icu_bidi_levels(text.units, Int32(text.count), rightToLeft, &levels), "bidi")
        return levels
    }
}
