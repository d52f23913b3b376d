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
    /// Only `top`'s columns in `limit` are drawn when it is given, and only this layer's
    /// pixels in `area` (columns, rows) when that is given.
    mutating func draw(
        _ top: ColorLayer, x: Int, y: Int, columns limit: Range<Int>? = nil, area: (columns: Range<Int>, rows: Range<Int>)? = nil
    ) {
        var rows = max(0, y)..<min(height, y + top.height)
        var columns = max(0, x)..<min(width, x + top.width)
        if let limit { columns = columns.clamped(to: (x + limit.lowerBound)..<(x + limit.upperBound)) }
        if let area {
            columns = columns.clamped(to: area.columns)
            rows = rows.clamped(to: area.rows)
        }
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

    /// Every pixel at `opacity` (0...1) of its alpha: premultiplied, so all four channels scale.
    mutating func fade(_ opacity: Double) {
        let factor = UInt32((min(1, max(0, opacity)) * 256).rounded())
        for i in pixels.indices where pixels[i] != 0 { pixels[i] = UInt8((UInt32(pixels[i]) * factor) >> 8) }
    }
}
