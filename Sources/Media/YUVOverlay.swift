import Raster

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

        // Premultiplied Y, Cb, Cr, alpha of every pixel, as Doubles for the chroma averages.
        var fy = [Double](repeating: 0, count: width * height)
        var fcb = fy
        var fcr = fy
        var fa = fy
        for row in 0..<bitmap.height {
            for column in 0..<bitmap.width {
                let p = (row * bitmap.width + column) * 4
                let alpha = Double(bitmap.pixels[p + 3])
                if alpha == 0 { continue }
                let r = Double(bitmap.pixels[p])
                let g = Double(bitmap.pixels[p + 1])
                let b = Double(bitmap.pixels[p + 2])
                let yPrime = kr * r + kg * g + kb * b
                let a = alpha / 255
                let i = (row + dy) * width + column + dx
                fy[i] = lumaOffset * a + yPrime * lumaScale
                fcb[i] = 128 * a + (b - yPrime) / (2 * (1 - kb)) * chromaScale
                fcr[i] = 128 * a + (r - yPrime) / (2 * (1 - kr)) * chromaScale
                fa[i] = alpha
            }
        }
        func byte(_ value: Double) -> UInt8 { UInt8(min(255, max(0, value.rounded()))) }
        // Samples at the frame's depth: 8-bit levels times 2^(depth - 8) (16 -> 64 at 10 bits).
        let scale = Double(1 << (bitDepth - 8))
        let maximum = Double((1 << bitDepth) - 1)
        func sample(_ value: Double) -> UInt16 { UInt16(min(maximum, max(0, (value * scale).rounded()))) }
        luma = fy.map(sample)
        lumaAlpha = fa.map(byte)
        let chromaCount = (width / 2) * (height / 2)
        cb = [UInt16](repeating: 0, count: chromaCount)
        cr = cb
        chromaAlpha = [UInt8](repeating: 0, count: chromaCount)
        for row in 0..<height / 2 {
            for column in 0..<width / 2 {
                let top = 2 * row * width + 2 * column
                let block = [top, top + 1, top + width, top + width + 1]
                let i = row * (width / 2) + column
                cb[i] = sample(block.reduce(0) { $0 + fcb[$1] } / 4)
                cr[i] = sample(block.reduce(0) { $0 + fcr[$1] } / 4)
                chromaAlpha[i] = byte(block.reduce(0) { $0 + fa[$1] } / 4)
            }
        }
    }
}
