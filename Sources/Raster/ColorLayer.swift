/// Columns and rows of a layer. // pixels
typealias LayerArea = (columns: Range<Int>, rows: Range<Int>)

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
        _ top: ColorLayer, x: Int, y: Int, columns limit: Range<Int>? = nil, area: LayerArea? = nil
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
        top.pixels.withUnsafeBytes { src in
            pixels.withUnsafeMutableBytes { dst in
                for row in rows {
                    let sourceRow = ((row &- y) &* top.width &- x) &* 4
                    let targetRow = row &* width &* 4
                    for column in columns {
                        let s = sourceRow &+ column &* 4
                        let d = targetRow &+ column &* 4
                        let over = UInt32(littleEndian: src.loadUnaligned(fromByteOffset: s, as: UInt32.self))
                        let alpha = over >> 24
                        if alpha == 0 { continue }
                        if alpha == 255 {
                            dst.storeBytes(of: over.littleEndian, toByteOffset: d, as: UInt32.self)
                            continue
                        }
                        let under = UInt32(littleEndian: dst.loadUnaligned(fromByteOffset: d, as: UInt32.self))
                        dst.storeBytes(of: Self.sourceOver(over, under, keep: 255 &- alpha).littleEndian, toByteOffset: d, as: UInt32.self)
                    }
                }
            }
        }
    }

    /// `top`'s pixels placed with its top-left pixel at (`x`, `y`) written over this layer's
    /// pixels in `area` that it covers (replacing them: drawing onto transparent pixels).
    mutating func copy(_ top: ColorLayer, x: Int, y: Int, area: LayerArea) {
        let rows = (max(0, y)..<min(height, y + top.height)).clamped(to: area.rows)
        let columns = (max(0, x)..<min(width, x + top.width)).clamped(to: area.columns)
        guard !rows.isEmpty, !columns.isEmpty else { return }
        let width = self.width
        top.pixels.withUnsafeBytes { src in
            pixels.withUnsafeMutableBytes { dst in
                for row in rows {
                    let from = ((row - y) * top.width + columns.lowerBound - x) * 4
                    let to = (row * width + columns.lowerBound) * 4
                    UnsafeMutableRawBufferPointer(rebasing: dst[to..<(to + columns.count * 4)]).copyMemory(
                        from: UnsafeRawBufferPointer(rebasing: src[from..<(from + columns.count * 4)]))
                }
            }
        }
    }

    /// Premultiplied `over` composited on `under` (red in the low byte), where `keep` is
    /// 255 minus `over`'s alpha: each channel `over + (under * keep + 127) / 255`, at most
    /// 255, two channels to a 64-bit word (the division as `(y + 1 + y >> 8) >> 8`, exact
    /// for y up to 65535).
    @inline(__always)
    static func sourceOver(_ over: UInt32, _ under: UInt32, keep: UInt32) -> UInt32 {
        @inline(__always) func lanes(_ pixel: UInt32) -> (even: UInt64, odd: UInt64) {
            let value = UInt64(pixel)
            return (value & 0xFF | (value & 0xFF_0000) << 16, (value >> 8) & 0xFF | (value & 0xFF00_0000) << 8)
        }
        @inline(__always) func scaled(_ lane: UInt64) -> UInt64 {
            let y = lane &* UInt64(keep) &+ (127 | 127 << 32)
            return ((y &+ (1 | 1 << 32) &+ ((y >> 8) & 0x1FF_0000_01FF)) >> 8) & 0xFF_0000_00FF
        }
        let (top, bottom) = (lanes(over), lanes(under))
        var even = top.even &+ scaled(bottom.even)
        var odd = top.odd &+ scaled(bottom.odd)
        if (even | odd) & 0x100_0000_0100 != 0 {  // only where a channel exceeds its alpha
            even = min(even & 0x1FF, 255) | min(even >> 32, 255) << 32
            odd = min(odd & 0x1FF, 255) | min(odd >> 32, 255) << 32
        }
        return UInt32(truncatingIfNeeded: even & 0xFF | (odd & 0xFF) << 8 | (even >> 32 & 0xFF) << 16 | (odd >> 32 & 0xFF) << 24)
    }

    /// Every pixel at `opacity` (0...1) of its alpha: premultiplied, so all four channels scale.
    mutating func fade(_ opacity: Double) {
        let factor = UInt32((min(1, max(0, opacity)) * 256).rounded())
        for i in pixels.indices where pixels[i] != 0 { pixels[i] = UInt8((UInt32(pixels[i]) * factor) >> 8) }
    }
}
