/// The outline: the text mask dilated with a round structuring element whose edge is
/// anti-aliased, instead of stroking glyph contours (which leaves artefacts where strokes cross).
///
/// Every output pixel is the largest `(source * weight + 127) / 255` over the disc's offsets.
/// The disc's inside (weight 255) is a plain maximum, taken row by row from horizontal
/// maxima of growing width; only its anti-aliased rim is spread pixel by pixel, and only
/// from pixels that are not deep inside the text.
public enum Dilation {
    /// Weight of a kernel offset at `distance` for `radius`: 1 inside, a one-pixel ramp at the edge.
    static func weight(distance: Double, radius: Double) -> Double {
        min(1, max(0, radius + 0.5 - distance))
    }

    /// `mask` dilated by a disc of `radius` pixels; the result has the same size.
    public static func dilate(_ mask: CoverageMask, radius: Double) -> CoverageMask {
        guard radius > 0, mask.width > 0, mask.height > 0 else { return mask }
        let disc = Disc(radius: radius)
        var out = mask
        out.values.withUnsafeMutableBufferPointer { output in
            let dst = output.baseAddress!
            takeInside(of: disc, from: mask, into: dst)
            spreadRim(of: disc, from: mask, into: dst)
        }
        return out
    }

    /// The disc's offsets: its inside as a half-width per row, its anti-aliased rim one by one.
    struct Disc {
        /// The farthest offset in pixels.
        let reach: Int
        /// Per row `dy + reach`: the inside offsets are `|dx| <= halfWidth`; -1, none.
        let halfWidth: [Int]
        /// The widest inside row's half-width; -1 when no offset has full weight (radius under 0.5).
        let widest: Int
        /// The offsets of weight 1 to 254.
        let rim: [(dx: Int, dy: Int, weight: UInt32)]

        init(radius: Double) {
            let reach = Int((radius + 0.5).rounded(.up))
            var rim: [(dx: Int, dy: Int, weight: UInt32)] = []
            var halfWidth = [Int](repeating: -1, count: 2 * reach + 1)
            for dy in -reach...reach {
                for dx in -reach...reach {
                    let w = UInt32((weight(distance: Double(dx * dx + dy * dy).squareRoot(), radius: radius) * 255).rounded())
                    if w == 255 {
                        halfWidth[dy + reach] = max(halfWidth[dy + reach], abs(dx))
                    } else if w > 0 {
                        rim.append((dx, dy, w))
                    }
                }
            }
            self.reach = reach
            self.halfWidth = halfWidth
            self.widest = halfWidth.max() ?? -1
            self.rim = rim
        }
    }

    /// The inside of the disc, row by row: `row` holds each pixel's maximum over the 2a + 1
    /// pixels centred on it in its row, for a = 0, 1, ... the disc's widest row; each disc row
    /// of half-width a takes its maximum from it.
    private static func takeInside(of disc: Disc, from mask: CoverageMask, into dst: UnsafeMutablePointer<UInt8>) {
        let width = mask.width
        let height = mask.height
        var row = mask.values
        var wider = row
        for a in stride(from: 0, through: disc.widest, by: 1) {
            if a > 0 {
                if width > 1 { widen(row, into: &wider, width: width, height: height) }
                swap(&row, &wider)
            }
            row.withUnsafeBufferPointer { source in
                let src = source.baseAddress!
                for (index, half) in disc.halfWidth.enumerated() where half == a {
                    let dy = index - disc.reach
                    for y in stride(from: max(0, -dy), to: min(height, height - dy), by: 1) {
                        let target = dst + y &* width
                        let from = src + (y &+ dy) &* width
                        for x in 0..<width { target[x] = max(target[x], from[x]) }
                    }
                }
            }
        }
    }

    /// `wider[i]`: the maximum of `row` at i and its two neighbours in the same row.
    private static func widen(_ row: [UInt8], into wider: inout [UInt8], width: Int, height: Int) {
        row.withUnsafeBufferPointer { previous in
            wider.withUnsafeMutableBufferPointer { next in
                let p = previous.baseAddress!
                let r = next.baseAddress!
                for y in 0..<height {
                    let base = y &* width
                    r[base] = max(p[base], p[base &+ 1])
                    for x in 1..<(width &- 1) {
                        let i = base &+ x
                        r[i] = max(p[i &- 1], max(p[i], p[i &+ 1]))
                    }
                    let last = base &+ width &- 1
                    r[last] = max(p[last &- 1], p[last])
                }
            }
        }
    }

    /// The rim, spread from each pixel with coverage; by offsets into the buffer where the whole
    /// disc lies inside the mask, by checked coordinates near its edges.
    private static func spreadRim(of disc: Disc, from mask: CoverageMask, into dst: UnsafeMutablePointer<UInt8>) {
        let width = mask.width
        let height = mask.height
        let reach = disc.reach
        let rim = disc.rim
        let offsets = rim.map { $0.dy &* width &+ $0.dx }
        mask.values.withUnsafeBufferPointer { source in
            let src = source.baseAddress!
            for y in 0..<height {
                let inside = y >= reach && y < height - reach
                for x in 0..<width {
                    let i = y &* width &+ x
                    let value = UInt32(src[i])
                    if value == 0 { continue }
                    // A solid pixel whose four neighbours are solid adds nothing its neighbours
                    // nearer the edge do not: from the nearest of them the same rim pixel is at
                    // most as far.
                    if value == 255, x > 0, y > 0, x < width - 1, y < height - 1,
                        src[i &- 1] == 255, src[i &+ 1] == 255, src[i &- width] == 255, src[i &+ width] == 255
                    {
                        continue
                    }
                    if inside && x >= reach && x < width - reach {
                        for (k, offset) in zip(rim, offsets) {
                            let v = UInt8(truncatingIfNeeded: (value &* k.weight &+ 127) / 255)
                            let t = i &+ offset
                            if v > dst[t] { dst[t] = v }
                        }
                        continue
                    }
                    for k in rim {
                        let tx = x + k.dx
                        let ty = y + k.dy
                        if tx < 0 || ty < 0 || tx >= width || ty >= height { continue }
                        let v = UInt8(truncatingIfNeeded: (value &* k.weight &+ 127) / 255)
                        if v > dst[ty &* width &+ tx] { dst[ty &* width &+ tx] = v }
                    }
                }
            }
        }
    }
}
