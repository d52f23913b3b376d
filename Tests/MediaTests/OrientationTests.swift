import CAVCodec
import CAVFilter
import CAVFormat
import CAVUtil
import XCTest

@testable import Media

final class OrientationTests: XCTestCase {
    /// A display matrix as FFmpeg writes it for a counter-clockwise `angle`, optionally mirrored.
    private func matrix(_ angle: Double, hflip: Bool = false) -> [Int32] {
        var m = [Int32](repeating: 0, count: 9)
        av_display_rotation_set(&m, angle)
        if hflip { av_display_matrix_flip(&m, 1, 0) }
        return m
    }

    private func orientation(_ m: [Int32]) -> Orientation {
        m.withUnsafeBufferPointer { Orientation(displayMatrix: $0.baseAddress) }
    }

    func testPhonePortraitIsTurnedClockwise() {
        // iPhone portrait: ffprobe says "rotation of -90.00 degrees" (av_display_rotation_get),
        // the matrix that av_display_rotation_set(90) writes.
        let o = orientation(matrix(90))
        XCTAssertEqual(o.filters, [FilterStep("transpose", "clock")])
        XCTAssertTrue(o.swapsDimensions)
    }

    func testOtherRotations() {
        XCTAssertEqual(orientation(matrix(-90)).filters, [FilterStep("transpose", "cclock")])
        XCTAssertEqual(orientation(matrix(180)).filters, [FilterStep("hflip"), FilterStep("vflip")])
        XCTAssertEqual(orientation(matrix(0)), .upright)
        XCTAssertEqual(Orientation(displayMatrix: nil), .upright)
        XCTAssertEqual(orientation([Int32](repeating: 0, count: 9)), .upright, "a degenerate matrix has no angle")
    }

    func testMirroredMatrixFlips() {
        XCTAssertEqual(orientation(matrix(0, hflip: true)).filters, [FilterStep("hflip")])
    }
}
