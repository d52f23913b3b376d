/// What a request's captions are drawn on: a video file, or no video at all.
public enum VideoInput: Sendable, Equatable {
    /// A video file, probed and decoded.
    case file(String)
    /// No video: the preset's reference frame, for `lint` of a caption file alone (its frame
    /// rate given to `Burner.lint`).
    case referenceFrame

    /// The video file's path; nil for the reference frame.
    public var path: String? {
        if case .file(let path) = self { return path }
        return nil
    }

    /// The file's path, for messages; empty for the reference frame.
    public var name: String { path ?? "" }
}
