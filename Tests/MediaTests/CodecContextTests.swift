import CAVCodec
import CAVFilter
import CAVFormat
import CAVUtil
import XCTest

@testable import Media

/// The one libavcodec context type: PNG and H.264 through encode and decode, drains that end
/// cleanly, and errors that name the file they are given (or none).
final class CodecContextTests: XCTestCase {
    override func setUp() { MediaLog.silent() }

    /// A picture whose every byte differs from its neighbours, so a lost row or channel shows.
    private func pattern(width: Int, height: Int) -> RGBImage {
        let pixels = (0..<(width * height * 3)).map { UInt8(truncatingIfNeeded: $0 * 7 + $0 / 3) }
        return RGBImage(width: width, height: height, pixels: pixels)
    }

    func testPNGRoundTripKeepsEveryPixel() throws {
        let image = pattern(width: 37, height: 23)
        let bytes = try image.png()
        XCTAssertEqual(Array(bytes.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "a PNG signature")
        XCTAssertEqual(try PNGDecoder.decode(bytes, file: "pattern.png"), image)
    }

    func testCanvasPNGIsThePictureInRGB() throws {
        let white = try PNGDecoder.decode(try Canvas(width: 6, height: 4, luma: 235).png(), file: "white.png")
        XCTAssertEqual(white, RGBImage(width: 6, height: 4, pixels: [UInt8](repeating: 255, count: 6 * 4 * 3)))
        let black = try PNGDecoder.decode(try Canvas(width: 6, height: 4, luma: 16).png(), file: "black.png")
        XCTAssertEqual(black, RGBImage(width: 6, height: 4, pixels: [UInt8](repeating: 0, count: 6 * 4 * 3)))
    }

    func testACorruptPNGNamesTheFileGiven() throws {
        let file = "/goldens/Cases/corrupt.png"
        var damaged = try pattern(width: 8, height: 8).png()
        // The picture's size in the header (IHDR) made zero: the decoder refuses it.
        for i in 16..<24 { damaged[i] = 0 }
        let notPNG = [UInt8]("this is not a picture at all".utf8)
        for bytes in [damaged, notPNG] {
            XCTAssertThrowsError(try PNGDecoder.decode(bytes, file: file)) { error in
                XCTAssertTrue(String(describing: error).hasPrefix("\(file): "), "\(error)")
            }
        }
    }

    func testAnUnknownEncoderFailsNamingItAndTheOutput() {
        let settings = EncoderSettings(preset: "ultrafast", threads: 1, encoder: "no-such-encoder")
        XCTAssertThrowsError(try videoEncoder(settings: settings, file: "out.mp4")) { error in
            XCTAssertEqual(
                error as? MediaError, .unsupported(file: "out.mp4", message: "this FFmpeg has no no-such-encoder encoder"))
        }
    }

    func testAnUnknownDecoderNamesTheCodecKind() {
        XCTAssertThrowsError(try CodecContext.decoder(for: AV_CODEC_ID_NONE, type: AVMEDIA_TYPE_AUDIO, file: "in.mkv")) {
            error in
            XCTAssertEqual(String(describing: error), "in.mkv: no decoder for audio codec none")
        }
    }

    func testH264FramesComeBackThroughTheDecoderAfterDrains() throws {
        let encoder = try videoEncoder(settings: EncoderSettings(preset: "ultrafast", threads: 1), file: "out.mp4")
        let decoder = try CodecContext(
            codec: try CodecContext.decoder(for: AV_CODEC_ID_H264, type: AVMEDIA_TYPE_VIDEO, file: nil), file: nil)
        let packet = try Packet()
        let decoded = try Frame()
        var lumas: [UInt8] = []
        /// Decodes the encoder's ready packets and notes each frame's first luma sample.
        func pass() throws {
            while try encoder.receive(into: packet) {
                try decoder.send(packet: packet)
                packet.unref()
                try collect()
            }
        }
        func collect() throws {
            while try decoder.receive(into: decoded) {
                XCTAssertEqual([decoded.width, decoded.height], [64, 48])
                lumas.append(decoded.pointer.pointee.data.0![0])
                decoded.unref()
            }
        }
        let sent: [UInt8] = [40, 90, 140, 190, 230]
        for (i, luma) in sent.enumerated() {
            let frame = try Canvas(width: 64, height: 48, luma: luma).frame
            frame.pointer.pointee.pts = Int64(i)
            try encoder.send(frame: frame.pointer)
            try pass()
        }
        try encoder.send(frame: nil)
        try pass()
        try decoder.send(packet: nil)
        try collect()
        XCTAssertEqual(lumas.count, sent.count)
        for (got, want) in zip(lumas, sent) { XCTAssertEqual(Double(got), Double(want), accuracy: 3) }
        // Drained: nothing more comes, and a second end is no error.
        XCTAssertFalse(try encoder.receive(into: packet))
        XCTAssertFalse(try decoder.receive(into: decoded))
        XCTAssertNoThrow(try encoder.send(frame: nil))
        XCTAssertNoThrow(try decoder.send(packet: nil))
    }

    private func videoEncoder(settings: EncoderSettings, file: String?) throws -> CodecContext {
        let tags = ColorTags(primaries: AVCOL_PRI_BT709, transfer: AVCOL_TRC_BT709, space: AVCOL_SPC_BT709, range: AVCOL_RANGE_MPEG)
        let plan = try EncoderPlan(settings: settings, frameFormat: AV_PIX_FMT_YUV420P, metadata: nil, file: file)
        return try CodecContext.videoEncoder(
            plan, width: 64, height: 48, timeBase: AVRational(num: 1, den: 25), frameRate: AVRational(num: 25, den: 1),
            aspect: AVRational(num: 1, den: 1), colors: tags, globalHeader: false, file: file)
    }
}
