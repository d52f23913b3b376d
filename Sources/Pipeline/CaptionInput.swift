import Captions

/// The captions a request reads, and how: the file, its reader's settings, the language for
/// captions that name none, and the script whose punctuation and form win.
public struct CaptionInput: Sendable, Equatable {
    public var file: String  // a caption file, or "-" for standard input
    public var format: CaptionFormat?  // nil: from the file's name and content
    public var encoding: String?  // the text encoding (ICU name), when not UTF-8 or marked by a BOM
    public var strict: Bool  // a malformed SubRip or WebVTT cue, or a file with nothing to show, fails the job
    public var language: String?  // BCP-47, for captions that name none
    public var script: String?  // the text the speaker read

    public init(
        file: String, format: CaptionFormat? = nil, encoding: String? = nil, strict: Bool = false, language: String? = nil,
        script: String? = nil
    ) {
        (self.file, self.format, self.encoding) = (file, format, encoding)
        (self.strict, self.language, self.script) = (strict, language, script)
    }
}
