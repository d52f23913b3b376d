/// One output of a render: where its frames go, and the caption for the frame at each time
/// (seconds).
public struct TranscodeOutput {
    public var target: RenderTarget
    public var overlay: (Double) throws -> FrameOverlay?

    public init(target: RenderTarget, overlay: @escaping (Double) throws -> FrameOverlay?) {
        self.target = target
        self.overlay = overlay
    }
}

/// Where a render's frames go.
public enum RenderTarget: Sendable {
    /// Encoded as H.264 into `path` (a temporary file), in the container `finalPath`'s extension names.
    case file(path: String, finalPath: String, settings: EncoderSettings)
    /// Composited like a real render, then dropped: no encoder, no file (`--null`).
    case discard
}
