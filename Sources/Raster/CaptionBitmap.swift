/// A rendered caption: premultiplied RGBA pixels and where they go in the frame.
public struct CaptionBitmap: Sendable, Equatable {
    public var x: Int  // frame pixels, left edge
    public var y: Int  // frame pixels, top edge
    public var width: Int  // pixels
    public var height: Int  // pixels
    public var pixels: [UInt8]  // width * height * 4, premultiplied R G B A, rows top to bottom

    public init(x: Int, y: Int, width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height * 4, "pixel buffer does not match the size")
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// Alpha at a pixel of the bitmap.
    public func alpha(x: Int, y: Int) -> UInt8 { pixels[(y * width + x) * 4 + 3] }
}

extension CaptionBitmap {
    /// `bitmaps` drawn in order, each over the ones before (source-over, premultiplied), on
    /// one bitmap just large enough for all of them: the captions on screen at one time.
    public static func layered(_ bitmaps: [CaptionBitmap]) -> CaptionBitmap? {
        guard let first = bitmaps.first else { return nil }
        guard bitmaps.count > 1 else { return first }
        let minX = bitmaps.map(\.x).min()!
        let minY = bitmaps.map(\.y).min()!
        let maxX = bitmaps.map { $0.x + $0.width }.max()!
        let maxY = bitmaps.map { $0.y + $0.height }.max()!
        var canvas = ColorLayer(width: maxX - minX, height: maxY - minY)
        for bitmap in bitmaps {
            canvas.draw(
                ColorLayer(width: bitmap.width, height: bitmap.height, pixels: bitmap.pixels), x: bitmap.x - minX,
                y: bitmap.y - minY)
        }
        return CaptionBitmap(x: minX, y: minY, width: canvas.width, height: canvas.height, pixels: canvas.pixels)
    }
}
