/// Room kept around every word so that a look can draw the spoken word larger or on a box
/// without moving any line or word: the largest state of each word is laid out from the start.
public struct WordRoom: Sendable, Equatable {
    public var padding: Double  // times the font size, on every side of a word (a box's padding)
    public var scale: Double  // the largest a word is drawn, times its laid-out size (1 or more)

    public init(padding: Double, scale: Double) {
        self.padding = max(0, padding)
        self.scale = max(1, scale)
    }

    /// Whether the room is none at all (the layout is that of no room).
    public var isNone: Bool { padding == 0 && scale == 1 }

    /// Room on each side of a word `advance` pixels wide, at `size` pixels. // pixels
    func horizontal(advance: Double, size: Double) -> Double {
        max(padding * size, (scale - 1) / 2 * advance)
    }

    /// Room above and below every line whose ascender and descender span `extent` pixels, at `size` pixels. // pixels
    func vertical(extent: Double, size: Double) -> Double {
        max(padding * size, (scale - 1) / 2 * extent)
    }
}
