import Foundation

/// Room kept around every word so that a look can draw the spoken word larger, turned or on a
/// box without moving any line or word: the largest state of each word is laid out from the start.
public struct WordRoom: Sendable, Equatable {
    public var padding: Double  // times the font size, on every side of a word (a box's padding)
    public var scale: Double  // the largest a word is drawn, times its laid-out size (1 or more)
    public var rise: Double  // times the font size, above and below every line: how far a word slides in
    public var spread: Double  // times the font size, around all the rest: how far a shadow reaches past the ink
    public var tilt: Double  // degrees, the most a word turns either way

    public init(padding: Double, scale: Double, rise: Double = 0, spread: Double = 0, tilt: Double = 0) {
        self.padding = max(0, padding)
        self.scale = max(1, scale)
        self.rise = max(0, rise)
        self.spread = max(0, spread)
        self.tilt = min(45, abs(tilt))
    }

    /// Whether the room is none at all (the layout is that of no room).
    public var isNone: Bool { padding == 0 && scale == 1 && rise == 0 && spread == 0 && tilt == 0 }

    /// Room on each side of a word `advance` pixels wide, in a line whose ascender and
    /// descender span `extent` pixels, at `size` pixels. // pixels
    func horizontal(advance: Double, extent: Double, size: Double) -> Double {
        var room = max(padding * size, (scale - 1) / 2 * advance)
        if tilt > 0 {
            let (width, _) = turnedBox(advance: advance, extent: extent, size: size)
            room = max(room, (width - advance) / 2)
        }
        return room + spread * size
    }

    /// Room above and below every line whose ascender and descender span `extent` pixels, at
    /// `size` pixels, whose widest word is `widest` pixels wide. // pixels
    func vertical(extent: Double, size: Double, widest: Double) -> Double {
        var room = max(padding * size, (scale - 1) / 2 * extent, rise * size)
        if tilt > 0 {
            let (_, height) = turnedBox(advance: widest, extent: extent, size: size)
            room = max(room, (height - extent) / 2)
        }
        return room + spread * size
    }

    /// The width and height of a word's box (its advance and the line's extent, with any
    /// padding) at the largest scale, turned by the largest tilt. // pixels
    private func turnedBox(advance: Double, extent: Double, size: Double) -> (width: Double, height: Double) {
        let angle = tilt * .pi / 180
        let width = scale * (advance + 2 * padding * size)
        let height = scale * (extent + 2 * padding * size)
        return (width * cos(angle) + height * sin(angle), width * sin(angle) + height * cos(angle))
    }
}
