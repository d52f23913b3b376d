/// Room kept around every word so that a look can draw the spoken word larger or on a box
/// without moving any line or word: the largest state of each word is laid out from the start.
public struct WordRoom: Sendable, Equatable {
    public var padding: Double  // times the font size, on every side of a word (a box's padding)
    public var scale: Double  // the largest a word is drawn, times its laid-out size (1 or more)
    public var rise: Double  // times the font size, above and below every line: how far a word slides in
    public var spread: Double  // times the font size, around all the rest: how far a shadow reaches past the ink

    public init(padding: Double, scale: Double, rise: Double = 0, spread: Double = 0) {
        self.padding = max(0, padding)
        self.scale = max(1, scale)
        self.rise = max(0, rise)
        self.spread = max(0, spread)
    }

    /// Whether the room is none at all (the layout is that of no room).
    public var isNone: Bool { padding == 0 && scale == 1 && rise == 0 && spread == 0 }

    /// Room on each side of a word `advance` pixels wide, at `size` pixels. // pixels
    func horizontal(advance: Double, size: Double) -> Double {
        max(padding * size, (scale - 1) / 2 * advance) + spread * size
    }

    /// Room above and below every line whose ascender and descender span `extent` pixels, at `size` pixels. // pixels
    func vertical(extent: Double, size: Double) -> Double {
        max(padding * size, (scale - 1) / 2 * extent, rise * size) + spread * size
    }
}
