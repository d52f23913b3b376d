import CICU

/// The line-break class of a scalar (UAX #14), as ICU gives it: its short name, such as
/// "AL" (letters), "ID" (ideographs), "SA" (Thai and other scripts without spaces), "BK".
public struct LineBreakClass: Hashable, Sendable, CustomStringConvertible {
    /// The class's short name ("ID").
    public let code: String

    /// The class of `scalar` (ICU's Line_Break property).
    public init(of scalar: Unicode.Scalar) {
        code = CText.read(capacity: 8) { burn_icu_line_break_class(scalar.value, $0, $1) }.text
    }

    public var description: String { code }

    /// A mandatory break (classes BK, CR, LF and NL): a newline, carriage return, vertical
    /// tab, form feed, next line (U+0085), or line or paragraph separator.
    public var isMandatoryBreak: Bool { ["BK", "CR", "LF", "NL"].contains(code) }

    /// Whether the line-break rules let a line break fall between this scalar and a
    /// neighbouring letter with no space or punctuation between them (classes ID, CJ, SA, H2,
    /// H3, JL, JV and JT): Han, kana, the prolonged sound mark, Hangul, fullwidth letters
    /// and digits, Thai, Lao, Khmer, Myanmar, and pictographs.
    public var breaksBetweenLetters: Bool { ["ID", "CJ", "SA", "H2", "H3", "JL", "JV", "JT"].contains(code) }
}
