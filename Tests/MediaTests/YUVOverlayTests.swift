import CAVCodec
import CAVFilter
import CAVFormat
import CAVUtil
import Imaging
import TestSupport
import XCTest

@testable import Media

/// An overlay updated in parts blends exactly like the whole bitmap converted again, and the
/// overlay it was updated from (still held by waiting frames) keeps blending as before.
final class YUVOverlayTests: XCTestCase {
    private let frameSize = (width: 48, height: 40)

    /// The 8-bit format of a chroma layout.
    private func format(_ chroma: ChromaLayout) -> AVPixelFormat {
        chroma == .yuv444 ? AV_PIX_FMT_YUV444P : chroma == .yuv422 ? AV_PIX_FMT_YUV422P : AV_PIX_FMT_YUV420P
    }

    /// A frame of `chroma` filled with a pattern, so that blending over it shows every sample.
    private func frame(_ chroma: ChromaLayout) throws -> Frame {
        let frame = try Frame.picture(width: frameSize.width, height: frameSize.height, format: format(chroma), file: "test")
        let f = frame.pointer.pointee
        for (plane, (data, stride)) in [(f.data.0!, f.linesize.0), (f.data.1!, f.linesize.1), (f.data.2!, f.linesize.2)].enumerated() {
            let rows = plane == 0 ? frameSize.height : frameSize.height >> chroma.shiftY
            for row in 0..<rows {
                for column in 0..<Int(stride) { data[row * Int(stride) + column] = UInt8((row * 7 + column * 13 + plane * 50) % 256) }
            }
        }
        return frame
    }

    /// The three planes after blending `overlay` into a fresh patterned frame.
    private func blended(_ overlay: YUVOverlay) throws -> [[UInt8]] {
        let frame = try frame(overlay.chroma)
        Compositor.blend(overlay, into: frame.pointer)
        let f = frame.pointer.pointee
        let chromaRows = frameSize.height >> overlay.chroma.shiftY
        return [(f.data.0!, f.linesize.0, frameSize.height), (f.data.1!, f.linesize.1, chromaRows),
            (f.data.2!, f.linesize.2, chromaRows)].map { data, stride, rows in
            Array(UnsafeBufferPointer(start: data, count: Int(stride) * rows))
        }
    }

    /// Where two blended frames first differ ("plane 0 sample 345: 17 against 20"), or nil.
    private func firstDifference(_ a: [[UInt8]], _ b: [[UInt8]]) -> String? {
        for (plane, (x, y)) in zip(a, b).enumerated() {
            if let i = x.indices.first(where: { x[$0] != y[$0] }) { return "plane \(plane) sample \(i): \(x[i]) against \(y[i])" }
        }
        return nil
    }

    /// Premultiplied RGBA: transparent a third of the time, else any alpha with colour under it.
    private func randomPixel(_ random: inout SeededGenerator) -> [UInt8] {
        guard Int.random(in: 0..<3, using: &random) > 0 else { return [0, 0, 0, 0] }
        let alpha = UInt8.random(in: 1...255, using: &random)
        return (0..<3).map { _ in UInt8.random(in: 0...alpha, using: &random) } + [alpha]
    }

    func testUpdatesInPartsBlendLikeTheWholeBitmapConvertedAgain() throws {
        for chroma in [ChromaLayout.yuv420, .yuv422, .yuv444] { try checkUpdates(chroma) }
    }

    private func checkUpdates(_ chroma: ChromaLayout) throws {
        var random = SeededGenerator(seed: 17)
        // Odd position and size, partly off the frame's right edge.
        var bitmap = CaptionBitmap(
            x: 21, y: 5, width: 31, height: 27, pixels: (0..<(31 * 27)).flatMap { _ in randomPixel(&random) })
        var overlay = YUVOverlay(bitmap, matrix: .bt709, fullRange: false, chroma: chroma)
        var merged = false
        for step in 0..<40 {
            let before = overlay
            let beforeBlend = try blended(before)
            // One to three areas (frame pixels, fractional, some reaching out of the box), each
            // drawn again with new pixels.
            let areas = (0..<Int.random(in: 1...3, using: &random)).map { _ in
                Rect(
                    x: Double.random(in: 15...48, using: &random), y: Double.random(in: 0...30, using: &random),
                    width: Double.random(in: 1...14, using: &random), height: Double.random(in: 1...12, using: &random))
            }
            for area in areas {
                for row in Int(area.y.rounded(.down))..<Int(area.maxY.rounded(.up)) {
                    for column in Int(area.x.rounded(.down))..<Int(area.maxX.rounded(.up)) {
                        let x = column - bitmap.x
                        let y = row - bitmap.y
                        guard x >= 0, x < bitmap.width, y >= 0, y < bitmap.height else { continue }
                        bitmap.pixels.replaceSubrange(((y * bitmap.width + x) * 4)..<((y * bitmap.width + x) * 4 + 4), with: randomPixel(&random))
                    }
                }
            }
            let piecesBefore = overlay.pieces.count
            XCTAssertTrue(overlay.update(bitmap, areas: areas, matrix: .bt709, fullRange: false))
            // Only a merge leaves one piece after several (the whole box's always stays).
            if piecesBefore > 1, overlay.pieces.count == 1 { merged = true }
            XCTAssertLessThanOrEqual(overlay.pieces.count, YUVOverlay.maximumPieces)
            XCTAssertNil(
                firstDifference(try blended(overlay), try blended(YUVOverlay(bitmap, matrix: .bt709, fullRange: false, chroma: chroma))),
                "\(chroma) step \(step): the updated overlay blends like a fresh one")
            XCTAssertNil(firstDifference(try blended(before), beforeBlend), "step \(step): the overlay before is unchanged")
        }
        XCTAssertTrue(merged, "the pieces were merged at least once")
    }

    func testAnUpdateOfAnotherBoxIsRefused() {
        let bitmap = CaptionBitmap(x: 4, y: 4, width: 8, height: 8, pixels: [UInt8](repeating: 255, count: 8 * 8 * 4))
        var overlay = YUVOverlay(bitmap, matrix: .bt709, fullRange: false)
        let moved = CaptionBitmap(x: 8, y: 4, width: 8, height: 8, pixels: bitmap.pixels)
        XCTAssertFalse(overlay.update(moved, areas: [Rect(x: 8, y: 4, width: 2, height: 2)], matrix: .bt709, fullRange: false))
        XCTAssertEqual(overlay.pieces.count, 1)
    }
}
