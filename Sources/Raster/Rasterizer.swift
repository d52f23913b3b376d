import Imaging
import Layout

/// Paints a laid-out caption: FreeType coverage for the fill, colour glyphs (emoji), the
/// dilated shape for the outline, an optional shadow and background box, into one
/// premultiplied RGBA bitmap. Bottom to top: box, shadow, outline, fill and colour glyphs.
public enum Rasterizer {
    /// The caption's bitmap, its faces taken from `faces`, or nil when it has no visible
    /// pixels. It grows to hold the shadow and the box.
    public static func render(_ caption: LaidOutCaption, style: RasterStyle, faces: FaceCache) throws -> CaptionBitmap? {
        let padding = Int((style.outlineRadius + 0.5).rounded(.up)) + 1
        guard let layers = try GlyphRenderer.layers(for: caption, padding: padding, faces: faces) else { return nil }
        let width = layers.text.width
        let height = layers.text.height
        // No outline: an empty mask, not the fill's own (that would darken the anti-aliased edges).
        // The outline goes around the text and the colour glyphs alike.
        let outline =
            style.outlineRadius > 0
            ? Dilation.dilate(layers.shape, radius: style.outlineRadius) : CoverageMask(width: width, height: height)
        var text = ColorLayer(width: width, height: height, pixels: compose(fill: layers.text, outline: outline, style: style))
        if let color = layers.color { text.draw(color, x: 0, y: 0) }
        guard !style.shadows.isEmpty || style.box != nil else {
            return CaptionBitmap(x: layers.x, y: layers.y, width: width, height: height, pixels: text.pixels)
        }
        var underlay = Underlay(textX: layers.x, textY: layers.y, width: width, height: height, frame: caption.frame, style: style)
        underlay.redraw(from: text)
        return underlay.captionBitmap
    }

    /// Premultiplied RGBA of fill over outline.
    static func compose(fill: CoverageMask, outline: CoverageMask, style: RasterStyle) -> [UInt8] {
        var pixels = [UInt8](repeating: 0, count: fill.values.count * 4)
        let f = style.fill
        let o = style.outline
        let denominator: UInt64 = 65025 * 65025  // (255 * 255)^2: both alphas are products of two bytes
        /// The RGBA pixel for one pair of coverages, packed little-endian.
        func pixel(_ fillCoverage: UInt8, _ outlineCoverage: UInt8) -> UInt32 {
            let fillAlpha = UInt32(fillCoverage) * UInt32(f.alpha)  // 0...255*255
            let outlineAlpha = UInt32(outlineCoverage) * UInt32(o.alpha)
            // Outline weight under the fill: outlineAlpha * (1 - fillAlpha). // 0...255^4
            let under = UInt64(outlineAlpha) * UInt64(65025 - fillAlpha)
            func channel(_ fillValue: UInt8, _ outlineValue: UInt8) -> UInt32 {
                let sum = UInt64(fillValue) * UInt64(fillAlpha) * 65025 + UInt64(outlineValue) * under
                return UInt32(min(255, (sum + denominator / 2) / denominator))
            }
            return channel(f.red, o.red) | channel(f.green, o.green) << 8 | channel(f.blue, o.blue) << 16
                | channel(255, 255) << 24
        }
        // A caption has a few thousand distinct coverage pairs among its many pixels: each
        // pair is worked out once.
        var known = [UInt32](repeating: 0, count: 65536)
        var isKnown = [Bool](repeating: false, count: 65536)
        fill.values.withUnsafeBufferPointer { fillValues in
            outline.values.withUnsafeBufferPointer { outlineValues in
                pixels.withUnsafeMutableBytes { bytes in
                    let out = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
                    for i in 0..<fillValues.count {
                        let a = fillValues[i]
                        let b = outlineValues[i]
                        if a == 0 && b == 0 { continue }
                        let key = Int(a) << 8 | Int(b)
                        if !isKnown[key] {
                            known[key] = pixel(a, b)
                            isKnown[key] = true
                        }
                        let value = known[key]
                        out[i &* 4] = UInt8(truncatingIfNeeded: value)
                        out[i &* 4 &+ 1] = UInt8(truncatingIfNeeded: value >> 8)
                        out[i &* 4 &+ 2] = UInt8(truncatingIfNeeded: value >> 16)
                        out[i &* 4 &+ 3] = UInt8(truncatingIfNeeded: value >> 24)
                    }
                }
            }
        }
        return pixels
    }
}
