import Commands
import Pipeline

/// The values of the command line's options that only it takes (times and parts; the checks
/// it shares with batch manifests are `OptionCheck`'s): each read, or refused with a usage
/// error that names the option and what it takes.
enum OptionValues {
    /// `--at`: decimal seconds or a clock time, in seconds.
    static func at(_ text: String) throws -> Double {
        guard let seconds = time(text) else {
            throw BurnError.usage("--at: expected seconds (12.5) or a clock time ([hh:]mm:ss[.fff], 1:02.5), got \"\(text)\"")
        }
        return seconds
    }

    /// `--segment I/N`: the part's index and the number of parts.
    static func segment(_ text: String) throws -> (index: Int, count: Int) {
        let fields = text.split(separator: "/", omittingEmptySubsequences: false)
        guard fields.count == 2, let index = OptionNumber.whole(fields[0]), let count = OptionNumber.whole(fields[1]), count >= 1,
            (0..<count).contains(index)
        else {
            throw BurnError.usage("--segment: expected I/N with I from 0 to N-1, e.g. 0/4, got \"\(text)\"")
        }
        return (index, count)
    }

    /// Decimal seconds (`12`, `12.5`) or a clock time `[hh:]mm:ss[.fff]` (`1:02.5`, `01:00:02`),
    /// in seconds; nil for anything else (`0x10`, `1e3`, `-1`, `1:75`).
    static func time(_ text: String) -> Double? {
        let fields = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...3).contains(fields.count) else { return nil }
        // Every field is ASCII digits; only the seconds may have a fraction.
        let units = fields.dropLast().compactMap { OptionNumber.whole($0).map(Double.init) }
        guard units.count == fields.count - 1, let seconds = OptionNumber.decimal(fields[fields.count - 1]) else { return nil }
        if !units.isEmpty && seconds >= 60 || units.count == 2 && units[1] >= 60 { return nil }
        let total = units.reduce(0) { $0 * 60 + $1 } * 60 + seconds
        return total.isFinite ? total : nil
    }
}
