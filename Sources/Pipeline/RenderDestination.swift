/// Where a request's render goes.
public enum RenderDestination: Sendable, Equatable {
    /// A file: the video a render writes, or the PNG of a still or a contact sheet.
    case file(String)
    /// Every frame composited as a render does, then dropped: no encode and no file (`--null`).
    case discard
    /// Only the captions, on a transparent background: a ProRes 4444 or VP9 video with alpha,
    /// or a numbered PNG sequence (`--overlay-only`).
    case overlay(String)
    /// A part of a split render, written to its file: its captions come from the plan, and
    /// only its segment is rendered (`SplitRender`).
    case part(SplitPart, file: String)
    /// Nothing: `plan` prints the captions instead.
    case none

    /// The file's path, for `.file`, `.overlay` and `.part`.
    public var path: String? {
        switch self {
        case .file(let path), .overlay(let path), .part(_, let path): return path
        case .discard, .none: return nil
        }
    }

    /// This destination writing `path` instead (an output template filled in); `.discard`
    /// and `.none` stay as they are.
    public func writing(_ path: String) -> RenderDestination {
        switch self {
        case .file: return .file(path)
        case .overlay: return .overlay(path)
        case .part(let part, _): return .part(part, file: path)
        case .discard, .none: return self
        }
    }

    /// The split render's part, for `.part`.
    public var part: SplitPart? {
        if case .part(let part, _) = self { return part }
        return nil
    }

    /// Whether only the captions are written (`.overlay`).
    public var isOverlay: Bool {
        if case .overlay = self { return true }
        return false
    }
}
