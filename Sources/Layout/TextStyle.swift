import Imaging
/// How caption text is set: font, size and where the block sits in the frame.
public struct TextStyle: Sendable, Equatable {
    public var family: String  // fontconfig family name, e.g. "Noto Sans"
    public var weight: Int  // CSS weight, 100...900
    public var size: Double  // pixels (em size)
    public var minimumSize: Double  // pixels; shrinking stops here
    public var lineSpacing: Double  // times the font's line height
    public var maximumLines: Int  // 1 or 2
    public var safeArea: Rect  // frame pixels; the text block stays inside
    public var anchorX: Double  // frame pixels; centre of the block
    public var anchorY: Double  // frame pixels; centre of the block
    /// What the paint reaches past the glyphs (outline, box padding, shadow), times the font
    /// size: it stays inside the safe area too.
    public var paintMargin: Double
    /// Room kept around each word for a look's largest word state (none at all for a look
    /// without word states: nil). Laid out with it, words also get their ink in `reserved`.
    public var wordRoom: WordRoom?
    /// The most characters a line holds when the caption can break otherwise (the reading
    /// rules of its language; graphemes); nil: no limit but the width.
    public var charactersPerLine: Int? = nil

    public init(
        family: String, weight: Int, size: Double, minimumSize: Double, lineSpacing: Double = 1.0,
        maximumLines: Int = 2, safeArea: Rect, anchorX: Double, anchorY: Double, paintMargin: Double = 0,
        wordRoom: WordRoom? = nil
    ) {
        self.family = family
        self.weight = weight
        self.size = size
        self.minimumSize = minimumSize
        self.lineSpacing = lineSpacing
        self.maximumLines = maximumLines
        self.safeArea = safeArea
        self.anchorX = anchorX
        self.anchorY = anchorY
        self.paintMargin = paintMargin
        self.wordRoom = wordRoom
    }
}
