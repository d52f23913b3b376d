import CFreeType
import Layout

/// A colour glyph (a bitmap emoji strike loaded with `FT_LOAD_COLOR`) scaled to the font size
/// and placed in frame pixels.
struct ColorGlyph {
    var x: Int  // left edge, frame pixels
    var y: Int  // top edge, frame pixels
    var layer: ColorLayer  // premultiplied RGBA

    /// The glyph in the face's selected strike, scaled by `scale` (font size / strike ppem) with
    /// its pen at (`penX`, `penY`) in frame pixels; nil when the slot holds no BGRA bitmap.
    /// Must be called with the glyph already loaded into `slot` with `FT_LOAD_COLOR`.
    static func make(slot: FT_GlyphSlot, scale: Double, penX: Double, penY: Double) -> ColorGlyph? {
        let bitmap = slot.pointee.bitmap
        guard bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue), let buffer = bitmap.buffer else { return nil }
        let width = Int(bitmap.width)
        let height = Int(bitmap.rows)
        guard width > 0, height > 0, scale > 0 else { return nil }
        // FreeType's BGRA is premultiplied already; reorder to RGBA, rows top to bottom.
        var source = ColorLayer(width: width, height: height)
        let pitch = Int(bitmap.pitch)
        for row in 0..<height {
            let start = pitch >= 0 ? row * pitch : (height - 1 - row) * -pitch
            for column in 0..<width {
                let s = start + column * 4
                let d = (row * width + column) * 4
                source.pixels[d] = buffer[s + 2]
                source.pixels[d + 1] = buffer[s + 1]
                source.pixels[d + 2] = buffer[s]
                source.pixels[d + 3] = buffer[s + 3]
            }
        }
        // The strike's box in frame pixels (fractional), then the whole pixels it touches.
        let left = penX + Double(slot.pointee.bitmap_left) * scale
        let top = penY - Double(slot.pointee.bitmap_top) * scale
        let x = Int(left.rounded(.down))
        let y = Int(top.rounded(.down))
        let outWidth = Int((left + Double(width) * scale).rounded(.up)) - x
        let outHeight = Int((top + Double(height) * scale).rounded(.up)) - y
        let layer = AreaResampler.resample(
            source, scale: scale, offsetX: left - Double(x), offsetY: top - Double(y), width: outWidth,
            height: outHeight)
        return ColorGlyph(x: x, y: y, layer: layer)
    }
}
