import CAVCodec
import CAVFilter
import CAVFormat
import CAVUtil
import Imaging
import XCTest

@testable import Media

/// Frames wait, in order, until nothing else shares their pixels; a captioned frame still
/// shared leaves when too many wait behind it (and is then counted as copied).
final class HeldFramesTests: XCTestCase {
    private func picture() throws -> Frame {
        try Frame.picture(width: 16, height: 16, format: AV_PIX_FMT_YUV420P, file: "test")
    }

    private let caption = YUVOverlay(
        CaptionBitmap(x: 0, y: 0, width: 2, height: 2, pixels: [UInt8](repeating: 255, count: 16)), matrix: .bt709,
        fullRange: false)

    func testACaptionedFrameWaitsWhileTheDecoderStillHoldsIt() throws {
        let held = HeldFrames(depth: 3)
        let decoderCopy = try Frame()  // the decoder's own reference to the first picture
        let first = try picture()
        XCTAssertEqual(av_frame_ref(decoderCopy.pointer, first.pointer), 0)
        held.push(first, time: 0, captions: [caption])
        XCTAssertNil(held.next(all: false), "shared and captioned: waits")
        held.push(try picture(), time: 1, captions: [nil])
        XCTAssertNil(held.next(all: false), "the second waits behind the first")

        decoderCopy.unref()  // the decoder lets go
        let out = try XCTUnwrap(held.next(all: false))
        XCTAssertEqual(out.time, 0)
        XCTAssertTrue(out.frame.isWritable)
        XCTAssertEqual(try XCTUnwrap(held.next(all: false)).time, 1)
        XCTAssertNil(held.next(all: false))
        XCTAssertEqual(held.copied, 0)
    }

    func testTooManyWaitingLetsASharedFrameGoAsACopy() throws {
        let held = HeldFrames(depth: 2)
        let decoderCopy = try Frame()
        let first = try picture()
        XCTAssertEqual(av_frame_ref(decoderCopy.pointer, first.pointer), 0)
        held.push(first, time: 0, captions: [caption])
        held.push(try picture(), time: 1, captions: [nil])
        XCTAssertNil(held.next(all: false))
        held.push(try picture(), time: 2, captions: [nil])
        let out = try XCTUnwrap(held.next(all: false), "three waiting, depth two: the first leaves")
        XCTAssertEqual(out.time, 0)
        XCTAssertFalse(out.frame.isWritable, "still shared: the caller copies it")
        XCTAssertEqual(held.copied, 1)
        XCTAssertEqual(held.next(all: false)?.time, 1)
        XCTAssertEqual(held.next(all: true)?.time, 2)
    }

    func testDepthShrinksForLargePictures() {
        XCTAssertEqual(HeldFrames.depth(width: 1080, height: 1920, bytesPerSample: 1), 8)
        XCTAssertEqual(HeldFrames.depth(width: 3840, height: 2160, bytesPerSample: 2), 2)
        XCTAssertEqual(HeldFrames.depth(width: 320, height: 240, bytesPerSample: 1), 16)
    }
}
