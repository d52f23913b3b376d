/// One output of a render: where it goes (`Target`: `RenderTarget` for a burn,
/// `OverlayTarget` for an overlay-only track), the caption for the frame at each time
/// (seconds), and the closed-caption data the frame carries (ATSC A/53 `cc_data` bytes;
/// nil: the input's own, unless the render cuts, where their times no longer hold).
public struct RenderOutput<Target> {
    public var target: Target
    public var overlay: (Double) throws -> FrameOverlay?
    public var closedCaptions: ((Double) -> [UInt8])?

    public init(
        target: Target, overlay: @escaping (Double) throws -> FrameOverlay?, closedCaptions: ((Double) -> [UInt8])? = nil
    ) {
        self.target = target
        self.overlay = overlay
        self.closedCaptions = closedCaptions
    }
}
