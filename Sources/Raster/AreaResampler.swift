/// Scales premultiplied RGBA with a box filter: each output pixel is the area-weighted mean of
/// the source pixels its square covers (exact for downscaling, linear at the edges when
/// enlarging). Separable, in `Double`, rounded to nearest: the same input gives the same bytes.
enum AreaResampler {
    /// Source pixels (index, weight) that output pixel `index` covers, for one axis.
    /// `scale` is output pixels per source pixel; `offset` (output pixels) is where source 0 starts.
    static func taps(count: Int, sourceCount: Int, scale: Double, offset: Double) -> [[(index: Int, weight: Double)]] {
        (0..<count).map { index in
            // The output pixel's span in source pixels.
            let start = (Double(index) - offset) / scale
            let end = (Double(index + 1) - offset) / scale
            var taps: [(index: Int, weight: Double)] = []
            let first = max(0, Int(start.rounded(.down)))
            let last = min(sourceCount - 1, Int(end.rounded(.up)) - 1)
            if first <= last {
                for s in first...last {
                    let overlap = min(end, Double(s + 1)) - max(start, Double(s))
                    if overlap > 0 { taps.append((s, overlap / (end - start))) }
                }
            }
            return taps
        }
    }

    /// `source` scaled by `scale` (output pixels per source pixel), its top-left corner at
    /// (`offsetX`, `offsetY`) output pixels, into a `width` x `height` layer.
    static func resample(
        _ source: ColorLayer, scale: Double, offsetX: Double, offsetY: Double, width: Int, height: Int
    ) -> ColorLayer {
        let columns = taps(count: width, sourceCount: source.width, scale: scale, offset: offsetX)
        let rows = taps(count: height, sourceCount: source.height, scale: scale, offset: offsetY)
        // Horizontal pass into a source-height x width buffer, then vertical.
        var horizontal = [Double](repeating: 0, count: source.height * width * 4)
        for sy in 0..<source.height {
            for (x, taps) in columns.enumerated() {
                for (sx, weight) in taps {
                    let s = (sy * source.width + sx) * 4
                    let d = (sy * width + x) * 4
                    for c in 0..<4 { horizontal[d + c] += Double(source.pixels[s + c]) * weight }
                }
            }
        }
        var out = ColorLayer(width: width, height: height)
        for (y, taps) in rows.enumerated() {
            for x in 0..<width {
                var sum: (Double, Double, Double, Double) = (0, 0, 0, 0)
                for (sy, weight) in taps {
                    let s = (sy * width + x) * 4
                    sum.0 += horizontal[s] * weight
                    sum.1 += horizontal[s + 1] * weight
                    sum.2 += horizontal[s + 2] * weight
                    sum.3 += horizontal[s + 3] * weight
                }
                let d = (y * width + x) * 4
                let alpha = min(255, max(0, sum.3.rounded()))
                // Premultiplied: no colour channel above alpha.
                out.pixels[d] = UInt8(min(alpha, max(0, sum.0.rounded())))
                out.pixels[d + 1] = UInt8(min(alpha, max(0, sum.1.rounded())))
                out.pixels[d + 2] = UInt8(min(alpha, max(0, sum.2.rounded())))
                out.pixels[d + 3] = UInt8(alpha)
            }
        }
        return out
    }
}
