/// Where a piece of captions was read from: a line (SubRip, WebVTT, JSON Lines) or a field
/// path (JSON, `segments[3]`), so that warnings about a caption can point at it; and, for
/// captions given as a value (the review's cues), the cue's id, by which what is found of a
/// caption maps back to its cue.
public struct SourceLocation: Sendable, Equatable, Hashable {
    public var line: Int?  // 1-based
    public var field: String?
    /// The id of the cue it is, among captions given as a value (the review page's cue id).
    public var cue: Int?

    public init(line: Int? = nil, field: String? = nil, cue: Int? = nil) {
        self.line = line
        self.field = field
        self.cue = cue
    }

    /// `FILE:LINE` or `FILE: field` (just `FILE` when neither is known).
    public func describe(file: String) -> String {
        if let line { return "\(file):\(line)" }
        if let field { return "\(file): \(field)" }
        return file
    }
}
