import Imaging
extension RasterStyle {
    /// A drop shadow: the alpha of the text with its outline, moved, blurred and tinted, drawn
    /// under the outline.
    public struct Shadow: Sendable, Equatable {
        public var color: RGBAColor
        public var offsetX: Double  // pixels, positive to the right; rounded to whole pixels
        public var offsetY: Double  // pixels, positive downwards; rounded to whole pixels
        public var blur: Double  // pixels: blur radius, about two standard deviations of a Gaussian; 0 is sharp

        public init(color: RGBAColor, offsetX: Double, offsetY: Double, blur: Double) {
            self.color = color
            self.offsetX = offsetX
            self.offsetY = offsetY
            self.blur = blur
        }

        /// The offset in whole pixels.
        var pixelOffset: (x: Int, y: Int) { (Int(offsetX.rounded()), Int(offsetY.rounded())) }

        /// The box blur passes for `blur`.
        var blurRadii: [Int] { BoxBlur.radii(gaussianSigma: max(0, blur) / 2) }

        /// How far the blur reaches past the text on every side (pixels): the sum of the blur radii.
        var reach: Int { blurRadii.reduce(0, +) }

        /// The pixels in `region` of the shadow of `top` (its alpha: text, outline and colour
        /// glyphs), blurred and tinted, written over `layer` from (`x`, `y`) on. The whole shadow
        /// is `top` grown by `reach` on every side, placed at `top`'s position plus the offset
        /// minus `reach`; `region` is in its columns and rows. The blur reads `top` only within
        /// `reach` of the region, so a region of a shadow is the same as that part of the whole.
        func draw(of top: ColorLayer, region: LayerArea, into layer: inout ColorLayer, x: Int, y: Int) {
            let radii = blurRadii
            let reach = radii.reduce(0, +)
            let columns = (region.columns.lowerBound - reach)..<(region.columns.upperBound + reach)
            let rows = (region.rows.lowerBound - reach)..<(region.rows.upperBound + reach)
            let window = (
                columns: columns.clamped(to: 0..<(top.width + 2 * reach)), rows: rows.clamped(to: 0..<(top.height + 2 * reach))
            )
            var mask = CoverageMask(width: window.columns.count, height: window.rows.count)
            let width = mask.width
            // The window's columns and rows that lie over `top` (shadow pixel p is top pixel p - reach).
            let over = (
                columns: window.columns.clamped(to: reach..<(top.width + reach)), rows: window.rows.clamped(to: reach..<(top.height + reach))
            )
            top.pixels.withUnsafeBufferPointer { src in
                mask.values.withUnsafeMutableBufferPointer { dst in
                    for y in over.rows {
                        let row = (y - window.rows.lowerBound) * width - window.columns.lowerBound
                        let source = (y - reach) * top.width - reach
                        for x in over.columns { dst[row + x] = src[(source + x) * 4 + 3] }
                    }
                }
            }
            mask = BoxBlur.blur(mask, radii: radii)
            Tint.write(
                mask, columns: (region.columns.lowerBound - window.columns.lowerBound)..<(region.columns.upperBound - window.columns.lowerBound),
                rows: (region.rows.lowerBound - window.rows.lowerBound)..<(region.rows.upperBound - window.rows.lowerBound), color: color,
                into: &layer, x: x, y: y)
        }
    }
}
