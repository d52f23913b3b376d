import Imaging

/// A caption to composite into a frame, identified so its colour conversion happens once.
public struct FrameOverlay {
    public var id: Int
    public var bitmap: CaptionBitmap
    /// The overlay `previous` with only `areas` (frame pixels) drawn again, the rest of the
    /// bitmap equal: only those areas are converted again. Nil: converted whole.
    public var change: (previous: Int, areas: [Rect])?

    public init(id: Int, bitmap: CaptionBitmap, change: (previous: Int, areas: [Rect])? = nil) {
        self.id = id
        self.bitmap = bitmap
        self.change = change
    }
}
