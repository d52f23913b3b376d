import Foundation
import XCTest

@testable import Media

final class FrameReaderTests: XCTestCase {
    static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Samples")

    func testPhoneHEVCMain10IsReadUpright() throws {
        let reader = try FrameReader(path: Self.samples.appendingPathComponent("phone-hevc10-rot90.mp4").path)
        XCTAssertEqual(reader.width, 1080)
        XCTAssertEqual(reader.height, 1920)
        var frames = 0
        try reader.forEachFrame { _, luma in
            frames += 1
            // Red square top-left (BT.709 luma 63), blue bottom-right (32), grey elsewhere.
            XCTAssertEqual(Double(luma.values[140 * luma.width + 140]), 63, accuracy: 3)
            XCTAssertEqual(Double(luma.values[1780 * luma.width + 940]), 32, accuracy: 3)
            XCTAssertEqual(Double(luma.values[140 * luma.width + 940]), 126, accuracy: 4)
            return frames < 3
        }
        XCTAssertEqual(frames, 3)
    }

    func testMissingFileNamesIt() {
        XCTAssertThrowsError(try FrameReader(path: "/nonexistent/clip.mp4")) { error in
            XCTAssertTrue(String(describing: error).hasPrefix("/nonexistent/clip.mp4: No such file"), "\(error)")
        }
    }
}
