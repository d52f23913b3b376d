/// The outline: the text mask dilated with a round structuring element whose edge is
/// anti-aliased, instead of stroking glyph contours (which leaves artefacts where strokes cross).
public enum Dilation {
    /// Weight of a kernel offset at `distance` for `radius`: 1 inside, a one-pixel ramp at the edge.
    static func weight(distance: Double, radius: Double) -> Double {
        min(1, max(0, radius + 0.5 - distance))
    }

    /// `mask` dilated by a disc of `radius` pixels; the result has the same size.
    public static func dilate(_ mask: CoverageMask, radius: Double) -> CoverageMask {
        guard radius > 0 else { return mask }
        let reach = Int((radius + 0.5).rounded(.up))
        var kernel: [(dx: Int, dy: Int, weight: UInt32)] = []
        for dy in -reach...reach {
            for dx in -reach...reach {
                let w = weight(distance: Double(dx * dx + dy * dy).squareRoot(), radius: radius)
                if w > 0 { kernel.append((dx, dy, UInt32((w * 255).rounded()))) }
            }
        }
        var out = mask
        let width = mask.width
        let height = mask.height
        mask.values.withUnsafeBufferPointer { src in
            out.values.withUnsafeMutableBufferPointer { dst in
                for y in 0..<height {
                    for x in 0..<width {
                        let value = UInt32(src[y * width + x])
                        if value == 0 { continue }
                        // A solid pixel whose four neighbours are solid adds nothing the edge pixels do not.
                        if value == 255, x > 0, y > 0, x < width - 1, y < height - 1,
                            src[y * width + x - 1] == 255, src[y * width + x + 1] == 255,
                            src[(y - 1) * width + x] == 255, src[(y + 1) * width + x] == 255
                        {
                            continue
                        }
                        for k in kernel {
                            let tx = x + k.dx
                            let ty = y + k.dy
                            if tx < 0 || ty < 0 || tx >= width || ty >= height { continue }
                            let v = UInt8((value * k.weight + 127) / 255)
                            if v > dst[ty * width + tx] { dst[ty * width + tx] = v }
                        }
                    }
                }
            }
        }
        return out
    }
}
