import CAVCodec
import CAVFilter
import CAVFormat
import CAVUtil
import XCTest

@testable import Media

final class ConversionTests: XCTestCase {
    func testYUV420PNeedsNoConversion() {
        let c = Conversion(format: AV_PIX_FMT_YUV420P, space: AVCOL_SPC_BT709, range: AVCOL_RANGE_MPEG, width: 1080, height: 1920)
        XCTAssertEqual(c.steps, [])
        XCTAssertEqual(c.outputSpace, AVCOL_SPC_BT709)
        XCTAssertEqual(c.outputRange, AVCOL_RANGE_MPEG)
    }

    func testFullRangeStaysFull() {
        let c = Conversion(format: AV_PIX_FMT_YUVJ422P, space: AVCOL_SPC_BT470BG, range: AVCOL_RANGE_UNSPECIFIED, width: 320, height: 240)
        XCTAssertEqual(c.steps, [FilterStep("scale", "in_range=pc:out_range=pc"), FilterStep("format", "pix_fmts=yuv420p")])
        XCTAssertEqual(c.outputRange, AVCOL_RANGE_JPEG)
        XCTAssertEqual(c.outputSpace, AVCOL_SPC_BT470BG)
    }

    func testTenBit420IsBlendedAsItIs() {
        let c = Conversion(format: AV_PIX_FMT_YUV420P10LE, space: AVCOL_SPC_BT709, range: AVCOL_RANGE_MPEG, width: 1920, height: 1080)
        XCTAssertEqual(c.steps, [])
        XCTAssertEqual(c.outputFormat, AV_PIX_FMT_YUV420P10LE)
    }

    func testOtherFormatsAreConvertedInTheirRange() {
        let c = Conversion(format: AV_PIX_FMT_YUV422P10LE, space: AVCOL_SPC_BT709, range: AVCOL_RANGE_MPEG, width: 1920, height: 1080)
        XCTAssertEqual(c.steps.first, FilterStep("scale", "in_range=tv:out_range=tv"))
        XCTAssertEqual(c.outputFormat, AV_PIX_FMT_YUV420P)
        XCTAssertEqual(c.outputRange, AVCOL_RANGE_MPEG)
    }

    func testRGBGetsAMatrixByFrameSize() {
        let hd = Conversion(format: AV_PIX_FMT_GBRP, space: AVCOL_SPC_RGB, range: AVCOL_RANGE_JPEG, width: 1920, height: 1080)
        XCTAssertEqual(hd.outputSpace, AVCOL_SPC_BT709)
        XCTAssertEqual(hd.outputRange, AVCOL_RANGE_MPEG)
        XCTAssertEqual(hd.steps.first, FilterStep("scale", "out_range=tv:out_color_matrix=bt709"))
        let sd = Conversion(format: AV_PIX_FMT_RGB24, space: AVCOL_SPC_RGB, range: AVCOL_RANGE_JPEG, width: 640, height: 480)
        XCTAssertEqual(sd.outputSpace, AVCOL_SPC_SMPTE170M)
    }

    func testAFailingFilterGraphThrowsAndFreesItself() {
        let arguments = "video_size=64x64:pix_fmt=\(AV_PIX_FMT_YUV420P.rawValue):time_base=1/25:pixel_aspect=1/1"
        XCTAssertThrowsError(
            try FilterGraph(
                source: "buffer", arguments: arguments, steps: [FilterStep("scale", "w=notanumber")], sink: "buffersink",
                path: "clip.mp4")
        ) { error in
            XCTAssertTrue(String(describing: error).hasPrefix("clip.mp4: "), "\(error)")
        }
        XCTAssertThrowsError(
            try FilterGraph(
                source: "buffer", arguments: arguments, steps: [FilterStep("nosuchfilter")], sink: "buffersink",
                path: "clip.mp4"))
    }
}
