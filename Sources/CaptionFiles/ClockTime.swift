import Captions
import Foundation

/// How a text caption format writes clock times (`[hh:]mm:ss.fff`) and timing lines
/// (`start --> end [settings]`); SRT and WebVTT differ only in these rules.
struct ClockStyle: Sendable {
    /// Characters that may stand between the seconds and their fraction.
    var fractionSeparators: Set<Character>
    /// How many fraction digits a time may have (0 when it has no fraction).
    var fractionDigits: ClosedRange<Int>
    /// Minutes and seconds are exactly two digits, and minutes are below 60 even without hours.
    var twoDigitFields: Bool
    /// A timing line and the shape of one, for problem messages.
    var example: String
    var pattern: String
    /// The white space that may stand around the arrow and the times.
    var isSpace: @Sendable (Character) -> Bool

    /// SubRip, read leniently: `,` or `.`, any fraction or none, hours optional.
    static let srt = ClockStyle(
        fractionSeparators: [",", "."], fractionDigits: 0...9, twoDigitFields: false,
        example: "00:00:01,000 --> 00:00:02,000", pattern: "hh:mm:ss,ttt --> hh:mm:ss,ttt", isSpace: \.isWhitespace)
    /// WebVTT: `.` and exactly three fraction digits, hours optional; white space is space,
    /// tab and form feed only (the specification's ASCII white space without the line ends).
    static let webVTT = ClockStyle(
        fractionSeparators: ["."], fractionDigits: 3...3, twoDigitFields: true,
        example: "00:01.000 --> 00:02.000", pattern: "[hh:]mm:ss.ttt --> [hh:]mm:ss.ttt",
        isSpace: { $0 == " " || $0 == "\t" || $0 == "\u{0C}" })

    /// The times of `block`, checked with `timeProblem`, or nil after dropping the cue with
    /// the problem at its line (a player skips such a cue and shows the rest).
    func times(of block: CueBlock, in lines: [Substring], problems: inout ProblemList) -> (
        start: Double, end: Double
    )? {
        guard let index = block.timing else {
            problems.drop(line: block.first + 1, "expected a timing line `\(example)`")
            return nil
        }
        guard let times = timing(lines[index]) else {
            // A line may be megabytes long: its start is enough to find it.
            let line = lines[index].dropFirst(80).isEmpty ? lines[index] : lines[index].prefix(80) + "…"
            problems.drop(line: index + 1, "malformed timing line `\(line)` (expected `\(pattern)`)")
            return nil
        }
        if let problem = timeProblem(start: times.start, end: times.end) {
            problems.drop(line: index + 1, problem)
            return nil
        }
        return times
    }

    /// `start --> end` at the start of `line`. The end time is the timestamp that follows the
    /// arrow; whatever comes right after it is the cue settings, and ignored (WebVTT's
    /// "collect cue timings and settings": `00:02.000line:0` ends at 2 s).
    func timing(_ line: Substring) -> (start: Double, end: Double)? {
        guard let arrow = line.range(of: "-->") else { return nil }
        let afterArrow = line[arrow.upperBound...].drop(while: isSpace)
        let digits = afterArrow.hasPrefix("-") ? afterArrow.dropFirst() : afterArrow
        let end = afterArrow[..<(digits.firstIndex { !isTimestampCharacter($0) } ?? digits.endIndex)]
        guard let start = seconds(line[..<arrow.lowerBound].trimming(isSpace)), let end = seconds(end)
        else { return nil }
        return (start, end)
    }

    /// A character a timestamp is made of: digits, `:` and the fraction separators.
    private func isTimestampCharacter(_ c: Character) -> Bool {
        c.isASCIIDigit || c == ":" || fractionSeparators.contains(c)
    }

    /// `hh:mm:ss.fff` or `mm:ss.fff` in seconds; a leading `-` is kept so that negative times
    /// are reported as negative, not as malformed.
    func seconds(_ text: Substring) -> Double? {
        let negative = text.hasPrefix("-")
        var fields = (negative ? text.dropFirst() : text).split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(fields.count), let last = fields.popLast() else { return nil }
        let separator = last.firstIndex(where: fractionSeparators.contains)
        let fraction = separator.map { last[last.index(after: $0)...] } ?? ""
        guard fractionDigits.contains(fraction.count), fraction.allSatisfy(\.isASCIIDigit) else { return nil }
        fields.append(last[..<(separator ?? last.endIndex)])
        var total = 0.0
        for (i, field) in fields.enumerated() {
            let isHours = fields.count == 3 && i == 0
            guard !field.isEmpty, field.allSatisfy(\.isASCIIDigit) else { return nil }
            if twoDigitFields, !isHours, field.count != 2 { return nil }
            // The seconds with their fraction, so that `03.456` is the nearest Double to 3.456.
            let isSeconds = i == fields.count - 1
            guard let value = Double(isSeconds && !fraction.isEmpty ? "\(field).\(fraction)" : String(field))
            else { return nil }
            if i > 0 || (twoDigitFields && !isHours), value >= 60 { return nil }
            total = total * 60 + value
        }
        return negative ? -total : total
    }
}

extension Character {
    /// `0` to `9`.
    var isASCIIDigit: Bool { isASCII && isNumber }
}
