/// How a laid-out caption is painted: fill colour over an outline.
public struct RasterStyle: Sendable, Equatable {
    public var fill: RGBAColor
    public var outline: RGBAColor
    public var outlineRadius: Double  // pixels; 0 draws no outline

    public init(fill: RGBAColor, outline: RGBAColor, outlineRadius: Double) {
        self.fill = fill
        self.outline = outline
        self.outlineRadius = outlineRadius
    }
}
