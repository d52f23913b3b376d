import CAVCodec
import CAVFilter
import CAVFormat
import CAVUtil

/// A decoded picture's luma plane, tightly packed. // pixels
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

/// Reads a video's frames upright, as a player shows them: for tests and tools that look at pixels.
public final class FrameReader {
    private let source: VideoSource

    public init(path: String) throws { source = try VideoSource(path: path) }

    /// Upright size. // pixels
    public var width: Int { Int(source.width) }
    public var height: Int { Int(source.height) }

    /// Calls `body` with each frame's time (seconds) and luma until it returns false.
    public func forEachFrame(_ body: (Double, LumaPlane) throws -> Bool) throws {
        var going = true
        let visit: (Frame) throws -> Void = { frame in
            guard going else { return }
            going = try body(self.source.seconds(frame), Self.luma(frame))
        }
        try source.readFrames(going: { going }, visit)
    }

    /// The luma plane in 8 bits (10-bit samples rounded down to 8).
    private static func luma(_ frame: Frame) -> LumaPlane {
        let f = frame.pointer.pointee
        let width = Int(f.width)
        let height = Int(f.height)
        let wide = f.format == AV_PIX_FMT_YUV420P10LE.rawValue
        var values = [UInt8](repeating: 0, count: width * height)
        for row in 0..<height {
            let line = f.data.0! + row * Int(f.linesize.0)
            if wide {
                line.withMemoryRebound(to: UInt16.self, capacity: width) { samples in
                    for column in 0..<width { values[row * width + column] = UInt8(min(255, (Int(samples[column]) + 2) >> 2)) }
                }
            } else {
                for column in 0..<width { values[row * width + column] = line[column] }
            }
        }
        return LumaPlane(width: width, height: height, values: values)
    }
}
