import Imaging
/// How a laid-out caption is painted: fill colour over an outline, optionally over shadows
/// (a drop shadow, or several stacked: a glow is one without offset) and a background box
/// (bottom to top: box, shadows in order, outline, fill and colour glyphs).
public struct RasterStyle: Sendable, Equatable {
    public var fill: RGBAColor
    public var outline: RGBAColor
    public var outlineRadius: Double  // pixels; 0 draws no outline
    public var shadows: [Shadow]  // bottom first; none draws no shadow
    public var box: Box?  // nil draws no background box

    public init(fill: RGBAColor, outline: RGBAColor, outlineRadius: Double, shadows: [Shadow] = [], box: Box? = nil) {
        self.fill = fill
        self.outline = outline
        self.outlineRadius = outlineRadius
        self.shadows = shadows
        self.box = box
    }

    /// A style with at most one shadow.
    public init(fill: RGBAColor, outline: RGBAColor, outlineRadius: Double, shadow: Shadow?, box: Box? = nil) {
        self.init(fill: fill, outline: outline, outlineRadius: outlineRadius, shadows: shadow.map { [$0] } ?? [], box: box)
    }
}
