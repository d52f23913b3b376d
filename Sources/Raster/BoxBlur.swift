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
        var scratch = [UInt8](repeating: 0, count: mask.values.count)
        var sums = [UInt32](repeating: 0, count: mask.width)
        for radius in radii {
            horizontal(out.values, into: &scratch, width: out.width, height: out.height, radius: radius)
            vertical(scratch, into: &out.values, width: out.width, height: out.height, radius: radius, sums: &sums)
        }
        return out
    }

    /// `(sum + width / 2) / width` for a box of `width` values, as a multiply and a shift:
    /// `multiplier` is 2^24 / `width` rounded up, exact in 32 bits for every sum of at most
    /// `width` bytes while `width` < 256 (the error `multiplier * width - 2^24 < width` times
    /// the sum stays below 2^24), and 2^32 / `width` in 64 bits for wider boxes.
    private struct Average {
        let half: UInt32
        let multiplier: UInt32
        let wide: UInt64  // 0 when the box is narrow enough for 32 bits

        init(width: Int) {
            half = UInt32(width / 2)
            multiplier = UInt32(((1 << 24) + width - 1) / width)
            wide = width < 256 ? 0 : ((1 << 32) + UInt64(width) - 1) / UInt64(width)
        }

        @inline(__always) func callAsFunction(_ sum: UInt32) -> UInt8 {
            UInt8(truncatingIfNeeded: ((sum &+ half) &* multiplier) >> 24)
        }

        @inline(__always) func wide(_ sum: UInt32) -> UInt8 {
            UInt8(truncatingIfNeeded: ((UInt64(sum) &+ UInt64(half)) &* wide) >> 32)
        }
    }

    /// One running-sum pass along each row.
    private static func horizontal(_ values: [UInt8], into out: inout [UInt8], width: Int, height: Int, radius: Int) {
        let average = Average(width: 2 * radius + 1)
        values.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for row in 0..<height {
                    let base = row &* width
                    var sum: UInt32 = 0
                    for i in 0..<min(radius, width) { sum &+= UInt32(src[base &+ i]) }
                    // Value i takes value i + radius in and lets value i - radius - 1 out:
                    // the first radius + 1 let nothing out, the last radius take nothing in.
                    let lead = min(radius &+ 1, width)
                    for i in 0..<lead {
                        if i &+ radius < width { sum &+= UInt32(src[base &+ i &+ radius]) }
                        dst[base &+ i] = average.wide == 0 ? average(sum) : average.wide(sum)
                    }
                    let tail = max(lead, width &- radius)
                    for i in lead..<tail {
                        sum = sum &+ UInt32(src[base &+ i &+ radius]) &- UInt32(src[base &+ i &- radius &- 1])
                        dst[base &+ i] = average.wide == 0 ? average(sum) : average.wide(sum)
                    }
                    for i in tail..<width {
                        sum &-= UInt32(src[base &+ i &- radius &- 1])
                        dst[base &+ i] = average.wide == 0 ? average(sum) : average.wide(sum)
                    }
                }
            }
        }
    }

    /// One running-sum pass down each column, a row at a time (a running sum per column), so
    /// that memory is read in order.
    private static func vertical(
        _ values: [UInt8], into out: inout [UInt8], width: Int, height: Int, radius: Int, sums: inout [UInt32]
    ) {
        let average = Average(width: 2 * radius + 1)
        values.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                sums.withUnsafeMutableBufferPointer { sums in
                    sums.update(repeating: 0)
                    for row in 0..<min(radius, height) {
                        let base = row &* width
                        for x in 0..<width { sums[x] &+= UInt32(src[base &+ x]) }
                    }
                    for row in 0..<height {
                        let entering = row &+ radius
                        if entering < height {
                            let base = entering &* width
                            for x in 0..<width { sums[x] &+= UInt32(src[base &+ x]) }
                        }
                        let leaving = row &- radius &- 1
                        if leaving >= 0 {
                            let base = leaving &* width
                            for x in 0..<width { sums[x] &-= UInt32(src[base &+ x]) }
                        }
                        let base = row &* width
                        if average.wide == 0 {
                            for x in 0..<width { dst[base &+ x] = average(sums[x]) }
                        } else {
                            for x in 0..<width { dst[base &+ x] = average.wide(sums[x]) }
                        }
                    }
                }
            }
        }
    }
}
