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

        /// The shadow of `top` (its alpha: text, outline and colour glyphs), blurred and tinted:
        /// a layer `reach` pixels larger on every side (the sum of the blur radii), to be placed
        /// at `top`'s position plus the offset minus `reach`.
        func layer(of top: ColorLayer) -> (layer: ColorLayer, reach: Int) {
            let radii = blurRadii
            let reach = radii.reduce(0, +)
            var mask = CoverageMask(width: top.width + 2 * reach, height: top.height + 2 * reach)
            let width = mask.width
            top.pixels.withUnsafeBufferPointer { src in
                mask.values.withUnsafeMutableBufferPointer { dst in
                    for y in 0..<top.height {
                        let row = (y + reach) * width + reach
                        for x in 0..<top.width { dst[row + x] = src[(y * top.width + x) * 4 + 3] }
                    }
                }
            }
            mask = BoxBlur.blur(mask, radii: radii)
            return (Tint.layer(mask, color: color), reach)
        }
    }
}
