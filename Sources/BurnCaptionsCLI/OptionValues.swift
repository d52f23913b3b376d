import Captions
import Layout
import Media
import Pipeline

/// The values of the command line's options that are names or times: each read, or refused
/// with a usage error that names the option and what it takes.
enum OptionValues {
    static func captionFormat(_ name: String) throws -> CaptionFormat {
        guard let parsed = CaptionFormat(rawValue: name.lowercased()) else {
            let known = CaptionFormat.allCases.map(\.rawValue).joined(separator: ", ")
            throw BurnError.usage("--captions-format: unknown format \"\(name)\" (known: \(known))")
        }
        return parsed
    }

    static func captionsEncoding(_ name: String) throws -> String {
        guard TextEncoding.isKnown(name) else {
            throw BurnError.usage("--captions-encoding: ICU knows no encoding \"\(name)\" (e.g. windows-1252, latin1, Shift_JIS)")
        }
        return name
    }

    /// A BCP-47 tag given to `option`.
    static func languageTag(_ tag: String, _ option: String) throws -> String {
        if let problem = LanguageTag.problem(tag) { throw BurnError.usage("\(option): \(problem)") }
        return tag
    }

    /// An x264 speed preset given to `option` (`--encoder-preset` or `--x264-preset`).
    static func encoderPreset(_ name: String, _ option: String) throws -> String {
        guard EncoderSettings.x264Presets.contains(name) else {
            let known = EncoderSettings.x264Presets.joined(separator: ", ")
            throw BurnError.usage("\(option): unknown preset \"\(name)\" (known: \(known))")
        }
        return name
    }

    static func codec(_ name: String) throws -> VideoCodec {
        guard let codec = VideoCodec(rawValue: name.lowercased()) else {
            let known = VideoCodec.allCases.map(\.rawValue).joined(separator: ", ")
            throw BurnError.usage("--codec: unknown codec \"\(name)\" (known: \(known))")
        }
        return codec
    }

    /// The codec an FFmpeg video encoder writes (nil inside: none of the five).
    static func encoderCodec(_ name: String) throws -> VideoCodec? {
        if let problem = EncoderSettings.problem(encoder: name) { throw BurnError.usage("--encoder: \(problem)") }
        guard let codec = VideoCodec.ofEncoder(name) else {
            throw BurnError.usage("--encoder: this FFmpeg has no video encoder \"\(name)\"")
        }
        return codec
    }

    static func hdr(_ name: String) throws -> EncoderSettings.HDRChoice {
        guard let choice = EncoderSettings.HDRChoice(rawValue: name) else {
            throw BurnError.usage("--hdr: expected keep or sdr, got \"\(name)\"")
        }
        return choice
    }

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
