/// One output of a render: where it goes (`Target`: `RenderTarget` for a burn,
/// `OverlayTarget` for an overlay-only track), and the caption for the frame at each time
/// (seconds).
public struct RenderOutput<Target> {
    public var target: Target
    public var overlay: (Double) throws -> FrameOverlay?

    public init(target: Target, overlay: @escaping (Double) throws -> FrameOverlay?) {
        self.target = target
        self.overlay = overlay
    }
}
