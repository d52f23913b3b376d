/// A glyph at its place in the caption block. // pixels
public struct LaidOutGlyph: Sendable, Equatable {
    public var glyph: UInt32
    public var x: Double  // pen position from the block's left edge
    public var baseline: Double  // from the block's top edge, down
}

/// One line of a laid-out caption.
public struct LaidOutLine: Sendable, Equatable {
    public var text: String
    public var glyphs: [LaidOutGlyph]
    public var width: Double  // pixels
}

/// A caption set in lines, with the font, size and where the block sits in the frame.
public struct LaidOutCaption {
    public var lines: [LaidOutLine]
    public var face: FontFace
    public var fontSize: Double  // pixels
    public var frame: Rect  // the text block in frame pixels
    public var language: LanguageTag?
    public var overflows: Bool  // true when the text had to go below the style's minimum size
}
