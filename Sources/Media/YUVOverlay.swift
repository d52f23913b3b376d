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
        let dx = bitmap.x - x
        let dy = bitmap.y - y
        width = (bitmap.width + dx + 1) & ~1
        height = (bitmap.height + dy + 1) & ~1
        let (kr, kb) = matrix.coefficients
        let kg = 1 - kr - kb
        let lumaScale = fullRange ? 1.0 : 219.0 / 255.0
        let chromaScale = fullRange ? 1.0 : 224.0 / 255.0
        let lumaOffset = fullRange ? 0.0 : 16.0

        // Premultiplied Y, Cb, Cr and alpha of the bitmap pixel at frame-box position (x, y).
        func pixel(_ x: Int, _ y: Int) -> (y: Double, cb: Double, cr: Double, alpha: Double) {
            let row = y - dy
            let column = x - dx
            guard row >= 0, row < bitmap.height, column >= 0, column < bitmap.width else { return (0, 0, 0, 0) }
            let p = (row * bitmap.width + column) * 4
            let alpha = Double(bitmap.pixels[p + 3])
            if alpha == 0 { return (0, 0, 0, 0) }
            let r = Double(bitmap.pixels[p])
            let g = Double(bitmap.pixels[p + 1])
            let b = Double(bitmap.pixels[p + 2])
            let yPrime = kr * r + kg * g + kb * b
            let a = alpha / 255
            return (
                lumaOffset * a + yPrime * lumaScale, 128 * a + (b - yPrime) / (2 * (1 - kb)) * chromaScale,
                128 * a + (r - yPrime) / (2 * (1 - kr)) * chromaScale, alpha
            )
        }
        func byte(_ value: Double) -> UInt8 { UInt8(min(255, max(0, value.rounded()))) }
        // Samples at the frame's depth: 8-bit levels times 2^(depth - 8) (16 -> 64 at 10 bits).
        let scale = Double(1 << (bitDepth - 8))
        let maximum = Double((1 << bitDepth) - 1)
        func sample(_ value: Double) -> UInt16 { UInt16(min(maximum, max(0, (value * scale).rounded()))) }

        // One 2x2 block at a time: its four luma samples, and chroma from their mean; no
        // full-size temporaries.
        let chromaWidth = width / 2
        var luma = [UInt16](repeating: 0, count: width * height)
        var lumaAlpha = [UInt8](repeating: 0, count: width * height)
        var cb = [UInt16](repeating: 0, count: chromaWidth * (height / 2))
        var cr = cb
        var chromaAlpha = [UInt8](repeating: 0, count: cb.count)
        for row in 0..<height / 2 {
            for column in 0..<chromaWidth {
                var sum = (cb: 0.0, cr: 0.0, alpha: 0.0)
                for k in 0..<4 {
                    let x = 2 * column + (k & 1)
                    let y = 2 * row + (k >> 1)
                    let p = pixel(x, y)
                    luma[y * width + x] = sample(p.y)
                    lumaAlpha[y * width + x] = byte(p.alpha)
                    sum = (sum.cb + p.cb, sum.cr + p.cr, sum.alpha + p.alpha)
                }
                let i = row * chromaWidth + column
                cb[i] = sample(sum.cb / 4)
                cr[i] = sample(sum.cr / 4)
                chromaAlpha[i] = byte(sum.alpha / 4)
            }
        }
        self.luma = luma
        self.lumaAlpha = lumaAlpha
        self.cb = cb
        self.cr = cr
        self.chromaAlpha = chromaAlpha
        lumaRuns = AlphaRuns(lumaAlpha, width: width, height: height)
        chromaRuns = AlphaRuns(chromaAlpha, width: width / 2, height: height / 2)
    }
}
