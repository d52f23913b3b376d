/// Separable box blur of a coverage mask; three passes approximate a Gaussian. Pixels outside
/// the mask count as 0, so the mask should be padded by the sum of the radii.
enum BoxBlur {
    /// Radii of three box passes whose combined variance is closest to `sigma`² (pixels);
    /// empty when `sigma` is too small to blur. (Kutskir's "boxes for Gauss".)
    static func radii(gaussianSigma sigma: Double, passes: Int = 3) -> [Int] {
        guard sigma > 0 else { return [] }
        let n = Double(passes)
        let ideal = (12 * sigma * sigma / n + 1).squareRoot()
        var lower = Int(ideal.rounded(.down))
        if lower % 2 == 0 { lower -= 1 }
        let wl = Double(lower)
        let m = Int(((12 * sigma * sigma - n * wl * wl - 4 * n * wl - 3 * n) / (-4 * wl - 4)).rounded())
        let radii = (0..<passes).map { ($0 < m ? lower : lower + 2) / 2 }.filter { $0 > 0 }
        return radii
    }

    /// `mask` blurred horizontally then vertically by each radius in turn (box width 2r+1),
    /// each value rounded to nearest.
    static func blur(_ mask: CoverageMask, radii: [Int]) -> CoverageMask {
        var out = mask
        for radius in radii {
            out.values = pass(out.values, count: out.width, lines: out.height, step: 1, lineStep: out.width, radius: radius)
            out.values = pass(out.values, count: out.height, lines: out.width, step: out.width, lineStep: 1, radius: radius)
        }
        return out
    }

    /// One running-sum pass along `lines` lines of `count` values `step` apart.
    private static func pass(_ values: [UInt8], count: Int, lines: Int, step: Int, lineStep: Int, radius: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: values.count)
        let width = UInt32(2 * radius + 1)
        values.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for line in 0..<lines {
                    let base = line * lineStep
                    var sum: UInt32 = 0
                    for i in 0..<min(radius, count) { sum += UInt32(src[base + i * step]) }
                    for i in 0..<count {
                        let entering = i + radius
                        if entering < count { sum += UInt32(src[base + entering * step]) }
                        let leaving = i - radius - 1
                        if leaving >= 0 { sum -= UInt32(src[base + leaving * step]) }
                        dst[base + i * step] = UInt8((sum + width / 2) / width)
                    }
                }
            }
        }
        return out
    }
}
