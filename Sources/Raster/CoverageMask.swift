/// An 8-bit coverage mask (0 = empty, 255 = inside the text). // pixels
public struct CoverageMask: Sendable, Equatable {
    public var width: Int
    public var height: Int
    public var values: [UInt8]

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
        values = [UInt8](repeating: 0, count: width * height)
    }

    public subscript(x: Int, y: Int) -> UInt8 {
        get { values[y * width + x] }
        set { values[y * width + x] = newValue }
    }
}
