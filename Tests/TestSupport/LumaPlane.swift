/// A decoded picture's luma plane, tightly packed, in 8 bits. // pixels
public struct LumaPlane: Sendable {
    public var width: Int
    public var height: Int
    public var values: [UInt8]

    public init(width: Int, height: Int, values: [UInt8]) {
        precondition(values.count == width * height, "values do not match the size")
        self.width = width
        self.height = height
        self.values = values
    }

    /// Mean absolute difference to another plane of the same size inside a box.
    public func meanDifference(to other: LumaPlane, x: Int, y: Int, width boxWidth: Int, height boxHeight: Int)
        -> Double
    {
        precondition(width == other.width && height == other.height, "planes differ in size")
        var sum = 0
        for row in max(0, y)..<min(height, y + boxHeight) {
            for column in max(0, x)..<min(width, x + boxWidth) {
                sum += abs(Int(values[row * width + column]) - Int(other.values[row * width + column]))
            }
        }
        return Double(sum) / Double(max(1, boxWidth * boxHeight))
    }
}
