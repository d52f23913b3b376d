/// Where a piece of a caption file was read from: a line (SubRip, WebVTT, JSON Lines) or a
/// field path (JSON, `segments[3]`), so that warnings about a caption can point at it.
public struct SourceLocation: Sendable, Equatable, Hashable {
    public var line: Int?  // 1-based
    public var field: String?

    public init(line: Int? = nil, field: String? = nil) {
        self.line = line
        self.field = field
    }

    /// `FILE:LINE` or `FILE: field` (just `FILE` when neither is known).
    public func describe(file: String) -> String {
        if let line { return "\(file):\(line)" }
        if let field { return "\(file): \(field)" }
        return file
    }
}
