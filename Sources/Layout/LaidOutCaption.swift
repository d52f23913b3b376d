import Imaging
/// A glyph at its place in the caption block. // pixels
public struct LaidOutGlyph: Sendable, Equatable {
    public var face: Int  // index into the caption's fonts
    public var glyph: UInt32
    public var x: Double  // pen position from the block's left edge
    public var baseline: Double  // from the block's top edge, down
}

/// One line of a laid-out caption.
public struct LaidOutLine: Sendable, Equatable {
    public var text: String
    public var glyphs: [LaidOutGlyph]  // in visual order
    public var width: Double  // pixels
    public var fonts: [String]  // family names used, in order of first use
}

/// Where one of the caption's words is drawn, for word-by-word looks. A word broken across
/// lines has one entry per line, with the same `index`.
public struct LaidOutWord: Sendable, Equatable {
    public var text: String
    public var index: Int  // into the caption's `words`
    public var line: Int
    public var glyphs: Range<Int>  // indices into that line's glyphs
    /// The word's place, room included: from the pen before its first glyph to the pen after
    /// its last, the line's ascender to descender, plus `roomX` and `roomY`. Pixels from the
    /// block's top-left corner (`LaidOutCaption.frame`).
    public var cell: Rect
    public var roomX: Double  // pixels kept on each side for the word's largest state
    public var roomY: Double  // pixels kept above and below
    /// What the word's largest state may paint: the cell, and the ink of its glyphs at the
    /// largest scale, with the paint margin (outline) and 2 pixels of anti-aliasing around both.
    /// The ink is measured only for a word-by-word look (`TextStyle.wordRoom`); without one
    /// this is the cell with the margin. Pixels from the block's
    /// top-left corner; a state changes no pixel of the frame outside it.
    public var reserved: Rect
}

/// How a caption met its limits.
public enum LayoutFit: String, Sendable, Equatable {
    case fits  // at most the allowed lines at or above the minimum size
    case brokeInsideWord  // a word wider than the line was broken between graphemes
    case overflows  // set below the minimum size to fit
}

/// A caption set in lines: fonts, size, glyph positions, and where the block sits in the
/// frame. A plain value: it names font files and a size, and Raster takes the faces for them
/// from a `FaceCache`.
public struct LaidOutCaption: Sendable {
    public var lines: [LaidOutLine]
    public var fonts: [FontFile]  // the first sets the line metrics
    public var fontSize: Double  // pixels
    public var frame: Rect  // the text block in frame pixels
    public var box: Rect  // the block with its outline, in frame pixels; inside the safe area
    public var paintMargin: Double  // pixels the paint reaches past the glyphs; `box` includes it
    public var words: [LaidOutWord]
    public var language: LanguageTag?
    public var fit: LayoutFit
    /// Characters no face in the font folders has a glyph for, drawn as .notdef boxes (empty when none).
    public var missingCharacters: String

    /// The same caption with its block (and box) moved down by `dy` pixels, up when negative.
    public func moved(by dy: Double) -> LaidOutCaption {
        moved(byX: 0, y: dy)
    }

    /// The same caption `dx` pixels to the right and `dy` down (glyph and word places are
    /// relative to the block, so only the block and its box move).
    public func moved(byX dx: Double, y dy: Double) -> LaidOutCaption {
        var moved = self
        moved.frame.x += dx
        moved.box.x += dx
        moved.frame.y += dy
        moved.box.y += dy
        return moved
    }

    /// The cell of `word` in frame pixels.
    public func cell(of word: LaidOutWord) -> Rect {
        Rect(x: frame.x + word.cell.x, y: frame.y + word.cell.y, width: word.cell.width, height: word.cell.height)
    }

    /// The box reserved for `word`'s largest state in frame pixels.
    public func reservedBox(of word: LaidOutWord) -> Rect {
        Rect(
            x: frame.x + word.reserved.x, y: frame.y + word.reserved.y, width: word.reserved.width,
            height: word.reserved.height)
    }

    /// Whether the text had to go below the style's minimum size.
    public var overflows: Bool { fit == .overflows }
}
