/// Premultiplied RGBA pixels without a frame position: one layer of a caption (emoji, shadow,
/// box) before the layers are composited. // pixels
struct ColorLayer: Sendable, Equatable {
    var width: Int
    var height: Int
    var pixels: [UInt8]  // width * height * 4, premultiplied R G B A, rows top to bottom

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        pixels = [UInt8](repeating: 0, count: width * height * 4)
    }

    init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height * 4, "pixel buffer does not match the size")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// Alpha at a pixel (0...255).
    func alpha(x: Int, y: Int) -> UInt8 { pixels[(y * width + x) * 4 + 3] }

    /// Whether every pixel is transparent.
    var isEmpty: Bool { !stride(from: 3, to: pixels.count, by: 4).contains { pixels[$0] != 0 } }

    /// `top` placed with its top-left pixel at (`x`, `y`) of this layer, composited over it
    /// (Porter-Duff source-over on premultiplied bytes, rounded to nearest); pixels outside are cut.
    mutating func draw(_ top: ColorLayer, x: Int, y: Int) {
        let rows = max(0, y)..<min(height, y + top.height)
        let columns = max(0, x)..<min(width, x + top.width)
        guard !rows.isEmpty, !columns.isEmpty else { return }
        let width = self.width
        top.pixels.withUnsafeBufferPointer { src in
            pixels.withUnsafeMutableBufferPointer { dst in
                for row in rows {
                    for column in columns {
                        let s = ((row - y) * top.width + column - x) * 4
                        let d = (row * width + column) * 4
                        let alpha = UInt32(src[s + 3])
                        if alpha == 0 { continue }
                        if alpha == 255 {
                            for c in 0..<4 { dst[d + c] = src[s + c] }
                            continue
                        }
                        let keep = 255 - alpha
                        for c in 0..<4 {
                            let under = (UInt32(dst[d + c]) * keep + 127) / 255
                            dst[d + c] = UInt8(min(255, UInt32(src[s + c]) + under))
                        }
                    }
                }
            }
        }
    }
}
