import Imaging

/// A caption bitmap converted once into a frame's colour space and bit depth: premultiplied
/// Y, Cb, Cr with 8-bit alpha, chroma at half resolution aligned to the frame's 2x2 grid.
public struct YUVOverlay: Sendable {
    public var x: Int  // frame pixels, even
    public var y: Int  // frame pixels, even
    public var width: Int  // pixels, even
    public var height: Int  // pixels, even
    public var bitDepth: Int  // 8 or 10, as the frame's samples
    var luma: [UInt16]  // premultiplied Y at bitDepth, width * height
    var lumaAlpha: [UInt8]
    var cb: [UInt16]  // premultiplied, (width / 2) * (height / 2)
    var cr: [UInt16]
    var chromaAlpha: [UInt8]  // mean alpha of each 2x2 block
    var lumaRuns: AlphaRuns  // where lumaAlpha is not zero
    var chromaRuns: AlphaRuns

    /// Converts `bitmap` with `matrix`; `fullRange` for 0...255 video, else 16...235/240
    /// (both times 4 at 10 bits).
    public init(_ bitmap: CaptionBitmap, matrix: ColorMatrix, fullRange: Bool, bitDepth: Int = 8) {
        self.bitDepth = bitDepth
        x = bitmap.x & ~1
        y = bitmap.y & ~1
        width = (bitmap.width + bitmap.x - x + 1) & ~1
        height = (bitmap.height + bitmap.y - y + 1) & ~1
        luma = [UInt16](repeating: 0, count: width * height)
        lumaAlpha = [UInt8](repeating: 0, count: width * height)
        cb = [UInt16](repeating: 0, count: (width / 2) * (height / 2))
        cr = cb
        chromaAlpha = [UInt8](repeating: 0, count: cb.count)
        lumaRuns = AlphaRuns([], width: 0, height: 0)
        chromaRuns = lumaRuns
        convert(bitmap, blocks: [(0..<(height / 2), 0..<(width / 2))], matrix: matrix, fullRange: fullRange)
        lumaRuns = AlphaRuns(lumaAlpha, width: width, height: height)
        chromaRuns = AlphaRuns(chromaAlpha, width: width / 2, height: height / 2)
    }

    /// Converts again only `areas` (frame pixels) of `bitmap`, which covers the same pixels as
    /// the bitmap this overlay was made from and differs from it only there. Returns false,
    /// changing nothing, when the bitmap's box differs.
    public mutating func update(_ bitmap: CaptionBitmap, areas: [Rect], matrix: ColorMatrix, fullRange: Bool) -> Bool {
        guard bitmap.x & ~1 == x, bitmap.y & ~1 == y, (bitmap.width + bitmap.x - x + 1) & ~1 == width,
            (bitmap.height + bitmap.y - y + 1) & ~1 == height
        else { return false }
        // The 2x2 blocks each area touches, inside the box.
        let blocks = areas.map { area in
            (
                rows: max(0, (Int(area.y.rounded(.down)) - y) / 2)..<min(height / 2, (Int(area.maxY.rounded(.up)) - y + 1) / 2),
                columns: max(0, (Int(area.x.rounded(.down)) - x) / 2)..<min(width / 2, (Int(area.maxX.rounded(.up)) - x + 1) / 2)
            )
        }.filter { !$0.rows.isEmpty && !$0.columns.isEmpty }
        convert(bitmap, blocks: blocks, matrix: matrix, fullRange: fullRange)
        for block in blocks {
            lumaRuns.update(lumaAlpha, rows: (2 * block.rows.lowerBound)..<(2 * block.rows.upperBound), width: width)
            chromaRuns.update(chromaAlpha, rows: block.rows, width: width / 2)
        }
        return true
    }

    /// Converts the 2x2 blocks `blocks` (rows, columns of blocks) of `bitmap` into the planes.
    private mutating func convert(
        _ bitmap: CaptionBitmap, blocks: [(rows: Range<Int>, columns: Range<Int>)], matrix: ColorMatrix, fullRange: Bool
    ) {
        let width = self.width
        let dx = bitmap.x - x
        let dy = bitmap.y - y
        let (kr, kb) = matrix.coefficients
        let kg = 1 - kr - kb
        let lumaScale = fullRange ? 1.0 : 219.0 / 255.0
        let chromaScale = fullRange ? 1.0 : 224.0 / 255.0
        let lumaOffset = fullRange ? 0.0 : 16.0

        // Premultiplied Y, Cb, Cr and alpha of one RGBA value.
        func convert(_ r: Double, _ g: Double, _ b: Double, _ alpha: Double) -> (y: Double, cb: Double, cr: Double, alpha: Double) {
            let yPrime = kr * r + kg * g + kb * b
            let a = alpha / 255
            return (
                lumaOffset * a + yPrime * lumaScale, 128 * a + (b - yPrime) / (2 * (1 - kb)) * chromaScale,
                128 * a + (r - yPrime) / (2 * (1 - kr)) * chromaScale, alpha
            )
        }
        // A caption has few distinct colours among many pixels (the fill, the outline, their
        // edges): each converted once, in a small table keyed by the packed RGBA value.
        let slots = 1024
        var keys = [UInt32](repeating: 0, count: slots)  // 0: transparent, never stored
        func byte(_ value: Double) -> UInt8 { UInt8(min(255, max(0, value.rounded()))) }
        // Samples at the frame's depth: 8-bit levels times 2^(depth - 8) (16 -> 64 at 10 bits).
        let scale = Double(1 << (bitDepth - 8))
        let maximum = Double((1 << bitDepth) - 1)
        func sample(_ value: Double) -> UInt16 { UInt16(min(maximum, max(0, (value * scale).rounded()))) }
        typealias Converted = (cb: Double, cr: Double, alpha: Double, luma: UInt16, lumaAlpha: UInt8)
        let transparent: Converted = (0, 0, 0, sample(0), byte(0))
        var values = [Converted](repeating: transparent, count: slots)
        let pixels = bitmap.pixels
        // The pixel at frame-box position (x, y): its premultiplied Cb, Cr and alpha for the
        // block's mean, and its luma sample and alpha.
        func pixel(_ x: Int, _ y: Int) -> Converted {
            let row = y - dy
            let column = x - dx
            guard row >= 0, row < bitmap.height, column >= 0, column < bitmap.width else { return transparent }
            let p = (row * bitmap.width + column) * 4
            let alpha = pixels[p + 3]
            if alpha == 0 { return transparent }
            let key = UInt32(pixels[p]) | UInt32(pixels[p + 1]) << 8 | UInt32(pixels[p + 2]) << 16 | UInt32(alpha) << 24
            let slot = Int((key &* 2_654_435_761) >> 20) & (slots - 1)
            if keys[slot] == key { return values[slot] }
            let yuv = convert(Double(pixels[p]), Double(pixels[p + 1]), Double(pixels[p + 2]), Double(alpha))
            let value: Converted = (yuv.cb, yuv.cr, yuv.alpha, sample(yuv.y), byte(yuv.alpha))
            keys[slot] = key
            values[slot] = value
            return value
        }

        // One 2x2 block at a time: its four luma samples, and chroma from their mean.
        let chromaWidth = width / 2
        /// The bitmap's alpha at frame-box position (x, y), 0 outside it.
        func alpha(_ x: Int, _ y: Int) -> UInt8 {
            let row = y - dy
            let column = x - dx
            guard row >= 0, row < bitmap.height, column >= 0, column < bitmap.width else { return 0 }
            return pixels[(row * bitmap.width + column) * 4 + 3]
        }
        for block in blocks {
            for row in block.rows {
                for column in block.columns {
                    let i = row * chromaWidth + column
                    // A transparent block is zero: most of a caption's box is empty.
                    if alpha(2 * column, 2 * row) | alpha(2 * column + 1, 2 * row) | alpha(2 * column, 2 * row + 1)
                        | alpha(2 * column + 1, 2 * row + 1) == 0
                    {
                        if chromaAlpha[i] != 0 || lumaAlpha[2 * row * width + 2 * column] | lumaAlpha[2 * row * width + 2 * column + 1]
                            | lumaAlpha[(2 * row + 1) * width + 2 * column] | lumaAlpha[(2 * row + 1) * width + 2 * column + 1] != 0
                        {
                            for k in 0..<4 {
                                let p = (2 * row + (k >> 1)) * width + 2 * column + (k & 1)
                                luma[p] = 0
                                lumaAlpha[p] = 0
                            }
                            cb[i] = 0
                            cr[i] = 0
                            chromaAlpha[i] = 0
                        }
                        continue
                    }
                    var sum = (cb: 0.0, cr: 0.0, alpha: 0.0)
                    for k in 0..<4 {
                        let x = 2 * column + (k & 1)
                        let y = 2 * row + (k >> 1)
                        let p = pixel(x, y)
                        luma[y * width + x] = p.luma
                        lumaAlpha[y * width + x] = p.lumaAlpha
                        sum = (sum.cb + p.cb, sum.cr + p.cr, sum.alpha + p.alpha)
                    }
                    cb[i] = sample(sum.cb / 4)
                    cr[i] = sample(sum.cr / 4)
                    chromaAlpha[i] = byte(sum.alpha / 4)
                }
            }
        }
    }
}
