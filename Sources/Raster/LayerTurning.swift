import Foundation

extension ColorLayer {
    /// The layer, its top-left pixel at (`x`, `y`) frame pixels, scaled by `factor` and turned
    /// by `degrees` clockwise about (`centreX`, `centreY`), with bilinear filtering in 8-bit
    /// fixed point (outside the layer is transparent): the new layer, just large enough, and
    /// its top-left pixel. For the spoken word's tilt.
    func turned(x: Int, y: Int, factor: Double, degrees: Double, centreX: Double, centreY: Double) -> (layer: ColorLayer, x: Int, y: Int) {
        let angle = degrees * .pi / 180
        let (c, s) = (cos(angle), sin(angle))
        // Where the layer's corners go; one pixel more on every side for the filter's reach.
        let corners = [(0.0, 0.0), (Double(width), 0.0), (0.0, Double(height)), (Double(width), Double(height))].map { u, v in
            let (dx, dy) = (Double(x) + u - centreX, Double(y) + v - centreY)
            return (centreX + factor * (dx * c - dy * s), centreY + factor * (dx * s + dy * c))
        }
        let left = Int(corners.map(\.0).min()!.rounded(.down)) - 1
        let top = Int(corners.map(\.1).min()!.rounded(.down)) - 1
        let right = Int(corners.map(\.0).max()!.rounded(.up)) + 1
        let bottom = Int(corners.map(\.1).max()!.rounded(.up)) + 1
        var out = ColorLayer(width: right - left, height: bottom - top)
        guard width > 0, height > 0, factor > 0 else { return (out, left, top) }
        let (sourceWidth, sourceHeight, outWidth) = (width, height, out.width)
        pixels.withUnsafeBytes { source in
            out.pixels.withUnsafeMutableBytes { target in
                /// Source pixel (`i`, `j`), red in the low byte; 0 outside the layer.
                @inline(__always) func pixel(_ i: Int, _ j: Int) -> UInt32 {
                    guard i >= 0, j >= 0, i < sourceWidth, j < sourceHeight else { return 0 }
                    return UInt32(littleEndian: source.loadUnaligned(fromByteOffset: (j &* sourceWidth &+ i) &* 4, as: UInt32.self))
                }
                for row in 0..<out.height {
                    // The source point under the first pixel centre of the row (inverse map),
                    // then one step along the row.
                    let (dx, dy) = (Double(left) + 0.5 - centreX, Double(top + row) + 0.5 - centreY)
                    var u = centreX + (dx * c + dy * s) / factor - Double(x) - 0.5
                    var v = centreY + (-dx * s + dy * c) / factor - Double(y) - 0.5
                    let (du, dv) = (c / factor, -s / factor)
                    for column in 0..<outWidth {
                        defer { (u, v) = (u + du, v + dv) }
                        // In 256ths of a pixel, rounded to nearest (so that no turn and no scale give each pixel back exactly).
                        let (fixedU, fixedV) = (Int((u * 256).rounded()), Int((v * 256).rounded()))
                        let (i, j) = (fixedU >> 8, fixedV >> 8)
                        guard i >= -1, j >= -1, i < sourceWidth, j < sourceHeight else { continue }
                        let corners = (pixel(i, j), pixel(i + 1, j), pixel(i, j + 1), pixel(i + 1, j + 1))
                        guard corners.0 | corners.1 | corners.2 | corners.3 != 0 else { continue }
                        let (wx, wy) = (UInt32(fixedU & 255), UInt32(fixedV & 255))
                        var result: UInt32 = 0
                        for shift in stride(from: UInt32(0), to: 32, by: 8) {
                            let upper = (corners.0 >> shift & 0xFF) &* (256 &- wx) &+ (corners.1 >> shift & 0xFF) &* wx
                            let lower = (corners.2 >> shift & 0xFF) &* (256 &- wx) &+ (corners.3 >> shift & 0xFF) &* wx
                            result |= min(255, (upper &* (256 &- wy) &+ lower &* wy &+ 0x8000) >> 16) << shift
                        }
                        target.storeBytes(of: result.littleEndian, toByteOffset: (row &* outWidth &+ column) &* 4, as: UInt32.self)
                    }
                }
            }
        }
        return (out, left, top)
    }
}
