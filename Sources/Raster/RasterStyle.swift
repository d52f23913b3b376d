import Imaging
/// How a laid-out caption is painted: fill colour over an outline, optionally over a drop
/// shadow and a background box (bottom to top: box, shadow, outline, fill and colour glyphs).
public struct RasterStyle: Sendable, Equatable {
    public var fill: RGBAColor
    public var outline: RGBAColor
    public var outlineRadius: Double  // pixels; 0 draws no outline
    public var shadow: Shadow?  // nil draws no shadow
    public var box: Box?  // nil draws no background box

    public init(fill: RGBAColor, outline: RGBAColor, outlineRadius: Double, shadow: Shadow? = nil, box: Box? = nil) {
        self.fill = fill
        self.outline = outline
        self.outlineRadius = outlineRadius
        self.shadow = shadow
        self.box = box
    }
}
