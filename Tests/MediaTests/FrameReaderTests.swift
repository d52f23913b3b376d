import Foundation
import Media
import TestSupport
import XCTest

/// `PictureReader` gives pictures upright with their time and samples; `FrameReader` (TestSupport) makes luma planes of them.
final class FrameReaderTests: XCTestCase {
    func testPhoneHEVCMain10IsReadUpright() throws {
        let reader = try FrameReader(path: Repository.samples.appendingPathComponent("phone-hevc10-rot90.mp4").path)
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

    /// 10-bit samples come as two bytes each and the times rise from the start; 8-bit as one byte.
    func testPicturesCarryTheirDepthAndTime() throws {
        for (file, depth) in [("phone-hevc10-rot90.mp4", 10), ("talk.mp4", 8)] {
            let reader = try PictureReader(path: Repository.samples.appendingPathComponent(file).path)
            var times: [Double] = []
            try reader.forEachPicture { picture in
                XCTAssertEqual(picture.bitDepth, depth, file)
                XCTAssertEqual(picture.width, reader.width, file)
                picture.withLumaRow(picture.height - 1) { XCTAssertEqual($0.count, picture.width * (depth > 8 ? 2 : 1), file) }
                times.append(picture.time)
                return times.count < 3
            }
            XCTAssertEqual(times.count, 3, file)
            XCTAssertEqual(times.first ?? -1, 0, accuracy: 0.05, file)
            XCTAssertEqual(times, times.sorted(), file)
            XCTAssertEqual(Set(times).count, 3, file)
        }
    }

    func testMissingFileNamesIt() {
        XCTAssertThrowsError(try FrameReader(path: "/nonexistent/clip.mp4")) { error in
            XCTAssertTrue(String(describing: error).hasPrefix("/nonexistent/clip.mp4: No such file"), "\(error)")
        }
    }
}
