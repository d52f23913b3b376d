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
