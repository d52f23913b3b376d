import Imaging

/// A layer's text painted: its fill coverage in the fill colour over its outline coverage in
/// the outline colour, premultiplied. A caption has a few thousand distinct coverage pairs
/// among its many pixels, so each pair's pixel is worked out once, in a lookup table.
enum FillOverOutline {
    /// Premultiplied RGBA of `fill` coverage in `fillColor` over `outline` coverage in
    /// `outlineColor`, pixel by pixel (the masks are of one size).
    static func pixels(fill: CoverageMask, outline: CoverageMask, fillColor: RGBAColor, outlineColor: RGBAColor) -> [UInt8] {
        var pixels = [UInt8](repeating: 0, count: fill.values.count * 4)
        let f = fillColor
        let o = outlineColor
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
