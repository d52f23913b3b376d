import Imaging
/// Coverage painted with one colour.
enum Tint {
    /// Premultiplied RGBA of `color` at each pixel's coverage (alpha = coverage x colour alpha,
    /// each step rounded to nearest).
    static func layer(_ mask: CoverageMask, color: RGBAColor) -> ColorLayer {
        var layer = ColorLayer(width: mask.width, height: mask.height)
        for (i, value) in mask.values.enumerated() where value > 0 {
            let alpha = (UInt32(value) * UInt32(color.alpha) + 127) / 255
            layer.pixels[i * 4] = UInt8((UInt32(color.red) * alpha + 127) / 255)
            layer.pixels[i * 4 + 1] = UInt8((UInt32(color.green) * alpha + 127) / 255)
            layer.pixels[i * 4 + 2] = UInt8((UInt32(color.blue) * alpha + 127) / 255)
            layer.pixels[i * 4 + 3] = UInt8(alpha)
        }
        return layer
    }
}
