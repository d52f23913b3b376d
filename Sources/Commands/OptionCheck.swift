import CaptionFiles
import Captions
import Foundation
import Layout
import Media
import Pipeline
import Speech
import Vision

/// Where an option's value came from, which words a problem with it: the command line names
/// the option as spelt and quotes the value, a batch manifest names its field.
public enum OptionSource: Sendable {
    case commandLine(String)  // the option as spelt: `--x264-preset`
    case manifest(String)  // the field: `x264Preset`, `captions[0].language`

    /// The option or field.
    var name: String {
        switch self {
        case .commandLine(let option): option
        case .manifest(let field): field
        }
    }

    /// The usage error of the command line, or a manifest line's error, saying `message`.
    func refusal(_ message: String) -> Error {
        switch self {
        case .commandLine: BurnError.usage(message)
        case .manifest: ManifestError(message)
        }
    }

    /// `value` in a message: quoted on the command line.
    func quoted(_ value: String) -> String {
        if case .commandLine = self { return "\"\(value)\"" }
        return value
    }

    /// What the command line says after a refused value: the values it takes, or the one given.
    fileprivate func known(_ names: [String]) -> String {
        if case .commandLine = self { return " (known: \(names.joined(separator: ", ")))" }
        return ""
    }

    fileprivate func got(_ value: String) -> String {
        if case .commandLine = self { return ", got \"\(value)\"" }
        return ""
    }
}

/// The checks of option values that the command line and batch manifests share: what each
/// option takes, refused in the words of its `OptionSource`.
public enum OptionCheck {
    /// A video codec's name, in any case.
    public static func codec(_ name: String, _ source: OptionSource) throws -> VideoCodec {
        guard let codec = VideoCodec(rawValue: name.lowercased()) else {
            let known = VideoCodec.allCases.map(\.rawValue).joined(separator: ", ")
            throw source.refusal("\(source.name): unknown codec \(source.quoted(name)) (known: \(known))")
        }
        return codec
    }

    /// An FFmpeg video encoder this build has, as the codec it writes (nil inside: none of the five).
    public static func encoderCodec(_ name: String, _ source: OptionSource) throws -> VideoCodec? {
        if let problem = EncoderSettings.problem(encoder: name) { throw source.refusal("\(source.name): \(problem)") }
        guard let codec = VideoCodec.ofEncoder(name) else {
            throw source.refusal("\(source.name): this FFmpeg has no video encoder \(source.quoted(name))")
        }
        return codec
    }

    /// The encoder `name` (of `source`) writes `writes`: a usage error when `codec` (of
    /// `codecSource`) names another.
    public static func agree(
        encoder name: String, writes: VideoCodec, codec: VideoCodec, _ source: OptionSource, codecSource: OptionSource
    ) throws {
        guard writes != codec else { return }
        let subject = if case .commandLine = source { "\(source.name) \(name)" } else { "\(source.name): \(name)" }
        throw source.refusal("\(subject) writes \(writes.rawValue), not \(codec.rawValue) (\(codecSource.name))")
    }

    /// A speed preset on x264's scale.
    public static func encoderPreset(_ name: String, _ source: OptionSource) throws -> String {
        guard EncoderSettings.x264Presets.contains(name) else {
            throw source.refusal("\(source.name): unknown preset \(source.quoted(name))\(source.known(EncoderSettings.x264Presets))")
        }
        return name
    }

    public static func hdr(_ name: String, _ source: OptionSource) throws -> EncoderSettings.HDRChoice {
        guard let choice = EncoderSettings.HDRChoice(rawValue: name) else {
            throw source.refusal("\(source.name): expected keep or sdr\(source.got(name))")
        }
        return choice
    }

    /// A caption format's name: in any case on the command line, in lower case in a manifest.
    public static func captionFormat(_ name: String, _ source: OptionSource) throws -> CaptionFormat {
        let folded = if case .commandLine = source { name.lowercased() } else { name }
        guard let format = CaptionFormat(rawValue: folded) else {
            let known = CaptionFormat.allCases.map(\.rawValue)
            throw source.refusal("\(source.name): unknown format \(source.quoted(name))\(source.known(known))")
        }
        return format
    }

    /// A text encoding ICU knows.
    public static func captionsEncoding(_ name: String, _ source: OptionSource) throws -> String {
        guard TextEncoding.isKnown(name) else {
            let examples = if case .commandLine = source { " (e.g. windows-1252, latin1, Shift_JIS)" } else { "" }
            throw source.refusal("\(source.name): ICU knows no encoding \"\(name)\"\(examples)")
        }
        return name
    }

    /// A BCP-47 language tag.
    public static func languageTag(_ tag: String, _ source: OptionSource) throws -> String {
        if let problem = LanguageTag.problem(tag) { throw source.refusal("\(source.name): \(problem)") }
        return tag
    }

    /// `auto` or `auto:LIST` (`--language` for recognized speech): the languages (Whisper's
    /// codes) detection is limited to, nil for any.
    public static func spokenLanguages(_ value: String, _ source: OptionSource) throws -> [String]? {
        do {
            return try SpokenLanguage.among(value)
        } catch {
            throw source.refusal("\(source.name): \(error.description)")
        }
    }

    /// A speech model: not empty (whether it is found is said when it is used).
    public static func model(_ name: String, _ source: OptionSource) throws -> String {
        guard !name.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw source.refusal("\(source.name): expected a model name or folder")
        }
        return name
    }

    /// CTranslate2's compute types.
    public static let computeTypes = [
        "default", "auto", "int8", "int8_float32", "int8_float16", "int8_bfloat16", "int16", "float16", "bfloat16", "float32",
    ]

    /// A compute type CTranslate2 knows.
    public static func computeType(_ name: String, _ source: OptionSource) throws -> String {
        guard computeTypes.contains(name) else {
            throw source.refusal("\(source.name): unknown compute type \(source.quoted(name))\(source.known(computeTypes))")
        }
        return name
    }

    /// `--align`'s value outside transcribe: auto or off.
    public static func alignment(_ value: String, _ source: OptionSource) throws -> WordAlignment {
        guard let alignment = WordAlignment(rawValue: value) else {
            let hint = if case .commandLine = source { " (a file to align is for transcribe --align FILE)" } else { "" }
            throw source.refusal("\(source.name): expected auto or off\(source.got(value))\(hint)")
        }
        return alignment
    }

    /// `--avoid`'s value: faces,text, faces, text or off.
    public static func avoid(_ value: String, _ source: OptionSource) throws -> ObstacleSearch {
        guard let search = try? ObstacleSearch(value) else {
            throw source.refusal("\(source.name): expected faces,text, faces, text or off\(source.got(value))")
        }
        return search
    }
}
