import Imaging
import Layout

extension RasterStyle {
    /// A background box: an anti-aliased rounded rectangle around the text block, under everything.
    public struct Box: Sendable, Equatable {
        public var color: RGBAColor
        public var padding: Double  // pixels around the text block (the layout's `frame`)
        public var cornerRadius: Double  // pixels; 0 gives square corners

        public init(color: RGBAColor, padding: Double, cornerRadius: Double) {
            self.color = color
            self.padding = padding
            self.cornerRadius = cornerRadius
        }

        /// The box in frame pixels around `frame`.
        func rect(around frame: Rect) -> Rect {
            let p = max(0, padding)
            return Rect(x: frame.x - p, y: frame.y - p, width: frame.width + 2 * p, height: frame.height + 2 * p)
        }

        /// The box drawn into a `width` x `height` layer whose top-left pixel is at (`x`, `y`) in
        /// frame pixels. Coverage is 0.5 minus the signed distance (pixels) from each pixel's
        /// centre to the rounded rectangle, clamped to 0...1.
        func layer(around frame: Rect, x: Int, y: Int, width: Int, height: Int) -> ColorLayer {
            let box = rect(around: frame)
            let halfWidth = box.width / 2
            let halfHeight = box.height / 2
            let centreX = box.x + halfWidth
            let centreY = box.y + halfHeight
            let radius = min(max(0, cornerRadius), halfWidth, halfHeight)
            // Per-column distances past the straight part of the box. // pixels
            let columns = (0..<width).map { abs(Double(x + $0) + 0.5 - centreX) - (halfWidth - radius) }
            var mask = CoverageMask(width: width, height: height)
            mask.values.withUnsafeMutableBufferPointer { values in
                for row in 0..<height {
                    let qy = abs(Double(y + row) + 0.5 - centreY) - (halfHeight - radius)
                    for (column, qx) in columns.enumerated() {
                        let outside = (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot()
                        let distance = outside + min(max(qx, qy), 0) - radius
                        let coverage = min(1, max(0, 0.5 - distance))
                        values[row * width + column] = UInt8((coverage * 255).rounded())
                    }
                }
            }
            return Tint.layer(mask, color: color)
        }
    }
}
