import Pipeline

/// The one reader of numbers given as option values (the command line, `--shard I/N`, the
/// shard variables of a scheduler): ASCII digits, with a decimal fraction where the option
/// takes one. What Swift's own parsers also take (hexadecimal `0x14`, exponents `1e1`,
/// signs, `inf`, `nan`) is refused, so `--crf 0x14` is a usage error, not 20.
public enum OptionNumber {
    /// `text` as a whole number in `range`; a usage error `OPTION: expected ..., got "TEXT"`
    /// (`expecting` defaults to "a whole number from A to B").
    public static func whole(_ text: String, _ option: String, in range: ClosedRange<Int>, expecting: String? = nil) throws -> Int {
        guard let value = whole(text[...]), range.contains(value) else {
            let wanted = expecting ?? "a whole number from \(range.lowerBound) to \(range.upperBound)"
            throw BurnError.usage("\(option): expected \(wanted), got \"\(text)\"")
        }
        return value
    }

    /// `text` as a number with an optional fraction (`20`, `23.5`) in `range`; a usage error
    /// `OPTION: expected EXPECTING, got "TEXT"` otherwise.
    public static func decimal(_ text: String, _ option: String, in range: ClosedRange<Double>, expecting: String) throws -> Double {
        guard let value = decimal(text[...]), range.contains(value) else {
            throw BurnError.usage("\(option): expected \(expecting), got \"\(text)\"")
        }
        return value
    }

    /// `text` when it is ASCII digits alone, as a number; nil otherwise or past `Int.max`.
    public static func whole(_ text: Substring) -> Int? {
        isDigits(text) ? Int(text) : nil
    }

    /// `text` when it is ASCII digits with an optional `.` and more digits, as a number.
    public static func decimal(_ text: Substring) -> Double? {
        let fields = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard fields.allSatisfy(isDigits), let value = Double(text), value.isFinite else { return nil }
        return value
    }

    private static func isDigits(_ text: Substring) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }
}
