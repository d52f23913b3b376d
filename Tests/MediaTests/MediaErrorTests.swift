import XCTest

@testable import Media

/// Errors read "FILE: reason (operation)", or without the file when there is none.
final class MediaErrorTests: XCTestCase {
    func testAnErrorNamesItsFile() {
        XCTAssertEqual(MediaError.unsupported(file: "a.mov", message: "odd").description, "a.mov: odd")
        XCTAssertEqual(
            MediaError.ffmpeg(file: "a.mov", operation: "av_read_frame", code: -5, message: "I/O error").description,
            "a.mov: I/O error (av_read_frame)")
    }

    func testAnErrorWithoutAFileHasNoPrefix() {
        XCTAssertEqual(MediaError.unsupported(file: nil, message: "odd").description, "odd")
        XCTAssertEqual(MediaError.outOfMemory("av_frame_alloc", file: nil).description, "out of memory (av_frame_alloc)")
        XCTAssertThrowsError(try MediaError.check(AVCode.invalidData, "avcodec_send_packet", file: nil)) { error in
            let text = String(describing: error)
            XCTAssertTrue(text.hasSuffix(" (avcodec_send_packet)"), text)
            XCTAssertFalse(text.hasPrefix(":") || text.hasPrefix(" "), text)
        }
    }
}
