import CAVCodec
import CAVFilter
import CAVFormat
import CAVUtil
import Foundation
import TestSupport
import XCTest

@testable import Media

/// The picture sent while a live input is away (`Slate`): an image of another shape fitted
/// whole into the stream's frame, centred on black, its colours in the stream's matrix.
final class SlateTests: XCTestCase {
    /// A 400x300 picture, pure red, as `name` in a new folder.
    private func redPicture(_ name: String) throws -> String {
        let path = try temporaryFolder().appendingPathComponent(name).path
        try ProcessRunner.ffmpeg(["-f", "lavfi", "-i", "color=c=red:size=400x300", "-frames:v", "1", path])
        return path
    }

    /// The Y, Cb and Cr of the pixel at (`x`, `y`) of a yuv420p frame.
    private func pixel(_ frame: Frame, _ x: Int, _ y: Int) -> [Int] {
        let f = frame.pointer.pointee
        return [
            Int(f.data.0![y * Int(f.linesize.0) + x]), Int(f.data.1![y / 2 * Int(f.linesize.1) + x / 2]),
            Int(f.data.2![y / 2 * Int(f.linesize.2) + x / 2]),
        ]
    }

    func testAPictureOfAnotherShapeIsFittedWholeInTheStreamsMatrix() throws {
        // BT.709 for HD (tagged), BT.601 for SD (untagged): limited-range red in each.
        let cases: [(name: String, width: Int32, height: Int32, space: AVColorSpace, red: [Int])] = [
            ("slate.png", 1280, 720, AVCOL_SPC_BT709, [63, 102, 240]),
            ("slate.jpg", 640, 360, AVCOL_SPC_UNSPECIFIED, [81, 90, 240]),
        ]
        for item in cases {
            let colors = ColorTags(primaries: AVCOL_PRI_BT709, transfer: AVCOL_TRC_BT709, space: item.space, range: AVCOL_RANGE_MPEG)
            let slate = try Slate(
                path: try redPicture(item.name), width: item.width, height: item.height, format: AV_PIX_FMT_YUV420P, colors: colors)
            let frame = slate.frame
            XCTAssertEqual(frame.pointer.pointee.width, item.width, item.name)
            XCTAssertEqual(frame.pointer.pointee.height, item.height, item.name)
            XCTAssertEqual(frame.pointer.pointee.format, AV_PIX_FMT_YUV420P.rawValue, item.name)
            XCTAssertEqual(frame.pointer.pointee.colorspace, item.space, item.name)
            // 4:3 in 16:9: the full height, 4/3 of it wide, centred; black bars either side.
            let (w, h) = (Int(item.width), Int(item.height))
            let side = (w - h * 4 / 3) / 2
            for (x, y) in [(w / 2, h / 2), (side + 4, 4), (w - side - 5, h - 5)] {
                for (got, want) in zip(pixel(frame, x, y), item.red) {
                    XCTAssertEqual(got, want, accuracy: 2, "\(item.name) at \(x),\(y)")
                }
            }
            for x in [2, side - 4, w - side + 4, w - 3] {
                XCTAssertEqual(pixel(frame, x, h / 2), [16, 128, 128], "\(item.name): black at \(x)")
            }
        }
    }

    func testAFileThatIsNoPictureIsNamed() throws {
        let path = try temporaryFolder().appendingPathComponent("notes.txt").path
        try "not a picture".write(toFile: path, atomically: true, encoding: .utf8)
        let colors = ColorTags(primaries: AVCOL_PRI_BT709, transfer: AVCOL_TRC_BT709, space: AVCOL_SPC_BT709, range: AVCOL_RANGE_MPEG)
        XCTAssertThrowsError(try Slate(path: path, width: 64, height: 64, format: AV_PIX_FMT_YUV420P, colors: colors)) { error in
            XCTAssertTrue(String(describing: error).contains(path), "\(error)")
        }
    }
}
