import CAVCodec
import CAVFilter
import CAVFormat
import CAVUtil
import Foundation

/// How a stored picture must be turned to be upright, from the stream's display matrix
/// (phones store portrait video as landscape with a 90 or 270 degree matrix).
public struct Orientation: Sendable, Equatable {
    /// libavfilter filters, in order, with their arguments.
    public var filters: [FilterStep]
    /// The clockwise rotation the matrix asks for. // degrees
    public var rotation: Int

    public static let upright = Orientation(filters: [], rotation: 0)

    /// Whether width and height trade places.
    public var swapsDimensions: Bool { rotation == 90 || rotation == 270 }

    /// The orientation a 3x3 display matrix describes (nil: upright).
    init(displayMatrix matrix: UnsafePointer<Int32>?) {
        guard let matrix else {
            self = .upright
            return
        }
        var theta = -av_display_rotation_get(matrix).rounded()
        // A degenerate matrix (all zeros) has no angle.
        guard theta.isFinite else {
            self = .upright
            return
        }
        theta -= 360 * (theta / 360 + 0.9 / 360).rounded(.down)
        if abs(theta - 90) < 1 {
            // A positive matrix[3] means the picture is also mirrored.
            self.init(filters: [FilterStep("transpose", matrix[3] > 0 ? "cclock_flip" : "clock")], rotation: 90)
        } else if abs(theta - 180) < 1 {
            var steps: [FilterStep] = []
            if matrix[0] < 0 { steps.append(FilterStep("hflip")) }
            if matrix[4] < 0 { steps.append(FilterStep("vflip")) }
            self.init(filters: steps, rotation: 180)
        } else if abs(theta - 270) < 1 {
            self.init(filters: [FilterStep("transpose", matrix[3] < 0 ? "clock_flip" : "cclock")], rotation: 270)
        } else if abs(theta) < 1 {
            self.init(filters: matrix[4] < 0 ? [FilterStep("vflip")] : [], rotation: 0)
        } else {
            // An odd angle: turned with the rotate filter inside the stored frame size.
            let radians = String(format: "%.6f", theta * Double.pi / 180)
            self.init(filters: [FilterStep("rotate", radians)], rotation: Int(theta))
        }
    }

    init(filters: [FilterStep], rotation: Int) {
        self.filters = filters
        self.rotation = rotation
    }
}

/// One libavfilter filter and its argument string.
public struct FilterStep: Sendable, Equatable {
    public var name: String
    public var arguments: String?

    public init(_ name: String, _ arguments: String? = nil) {
        self.name = name
        self.arguments = arguments
    }
}
