import CaptionFiles
import Captions

/// The captions a request reads, and how: a caption file, the video's own speech or captions
/// already read (a value: nothing is read again), the file's reader's settings, the language
/// for captions that name none (or the language spoken), and the script whose punctuation and
/// form win.
public struct CaptionInput: Sendable, Equatable {
    public var origin: CaptionOrigin
    public var format: CaptionFormat?  // nil: from the file's name and content
    public var encoding: String?  // the text encoding (ICU name), when not UTF-8 or marked by a BOM
    public var strict: Bool  // a malformed SubRip or WebVTT cue, or a file with nothing to show, fails the job
    public var language: String?  // BCP-47, for captions that name none; of recognized speech: the language spoken
    public var script: String?  // the text the speaker read

    public init(
        file: String, format: CaptionFormat? = nil, encoding: String? = nil, strict: Bool = false, language: String? = nil,
        script: String? = nil
    ) {
        (self.origin, self.format, self.encoding) = (CaptionOrigin(file), format, encoding)
        (self.strict, self.language, self.script) = (strict, language, script)
    }

    /// The caption file's path, or `auto` for recognized speech: what messages and the plan
    /// name the captions by. Set, it reads as `--captions` does (`auto` is the speech).
    public var file: String {
        get { origin.name }
        set { origin = CaptionOrigin(newValue) }
    }

    /// The caption file's path; nil for recognized speech and captions given as a value.
    public var path: String? { origin.path }

    /// The captions as given (`CaptionOrigin.given`), with its name; the reader's settings
    /// (format, encoding) no longer apply.
    public init(_ transcript: Transcript, name: String, strict: Bool = false, language: String? = nil, script: String? = nil) {
        self.init(file: name, strict: strict, language: language, script: script)
        origin = .given(name: name, transcript)
    }
}

/// Where a request's captions come from.
public enum CaptionOrigin: Sendable, Equatable {
    /// A caption file (`-`: standard input).
    case file(String)
    /// The input's speech, recognized (`--captions auto`).
    case recognized
    /// Captions already read, planned as they are with no file read (the review's cues as
    /// edited); `name` is what messages call them (the file they were read from).
    case given(name: String, Transcript)

    /// `auto` is the speech; anything else a file's path.
    public init(_ argument: String) { self = argument == Self.auto ? .recognized : .file(argument) }

    /// What `--captions` says for recognized speech.
    public static let auto = "auto"

    /// The path, or `auto`.
    public var name: String {
        switch self {
        case .file(let path): path
        case .recognized: Self.auto
        case .given(let name, _): name
        }
    }

    /// The file's path; nil for recognized speech and captions given as a value.
    public var path: String? {
        if case .file(let path) = self { return path }
        return nil
    }
}
