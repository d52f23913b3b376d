import Imaging
/// Coverage painted with one colour.
enum Tint {
    /// Premultiplied RGBA of `color` at each pixel's coverage (alpha = coverage x colour alpha,
    /// each step rounded to nearest).
    static func layer(_ mask: CoverageMask, color: RGBAColor) -> ColorLayer {
        var layer = ColorLayer(width: mask.width, height: mask.height)
        write(mask, columns: 0..<mask.width, rows: 0..<mask.height, color: color, into: &layer, x: 0, y: 0)
        return layer
    }

    /// `mask`'s `columns` and `rows` in `color`, as `layer` does, written over the pixels of
    /// `layer` from (`x`, `y`) on (replacing them, transparent ones included).
    static func write(
        _ mask: CoverageMask, columns: Range<Int>, rows: Range<Int>, color: RGBAColor, into layer: inout ColorLayer, x: Int, y: Int
    ) {
        let color = (red: UInt32(color.red), green: UInt32(color.green), blue: UInt32(color.blue), alpha: UInt32(color.alpha))
        let (maskWidth, layerWidth) = (mask.width, layer.width)
        mask.values.withUnsafeBufferPointer { values in
            layer.pixels.withUnsafeMutableBytes { pixels in
                for row in rows {
                    let source = row &* maskWidth
                    let target = ((row &- rows.lowerBound &+ y) &* layerWidth &+ x &- columns.lowerBound) &* 4
                    for column in columns {
                        let value = UInt32(values[source &+ column])
                        var pixel: UInt32 = 0
                        if value > 0 {
                            let alpha = (value &* color.alpha &+ 127) / 255
                            pixel =
                                (color.red &* alpha &+ 127) / 255 | ((color.green &* alpha &+ 127) / 255) << 8
                                | ((color.blue &* alpha &+ 127) / 255) << 16 | alpha << 24
                        }
                        pixels.storeBytes(of: pixel.littleEndian, toByteOffset: target &+ column &* 4, as: UInt32.self)
                    }
                }
            }
        }
    }
}
