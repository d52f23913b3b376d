import Imaging
import XCTest

@testable import Media

/// BT.2408 graphics white: sRGB colours placed in HLG and PQ signals.
final class DynamicRangeTests: XCTestCase {
    func testWhiteLandsAtGraphicsWhite() {
        let hlg = DynamicRange.hlg.signal(sRGB: 1, 1, 1)
        let pq = DynamicRange.pq.signal(sRGB: 1, 1, 1)
        for value in [hlg.0, hlg.1, hlg.2] { XCTAssertEqual(value, 0.75, accuracy: 0.005) }
        for value in [pq.0, pq.1, pq.2] { XCTAssertEqual(value, 0.58, accuracy: 0.005) }
    }

    func testStandardRangeIsUnchangedAndBlackStaysBlack() {
        let sdr = DynamicRange.sdr.signal(sRGB: 0.2, 0.5, 0.9)
        XCTAssertEqual([sdr.0, sdr.1, sdr.2], [0.2, 0.5, 0.9])
        for range in [DynamicRange.hlg, .pq] {
            let black = range.signal(sRGB: 0, 0, 0)
            XCTAssertEqual(max(black.0, black.1, black.2), 0, accuracy: 1e-4, "\(range)")
        }
    }

    func testGreysRiseWithTheirValueAndRedStaysRed() {
        for range in [DynamicRange.hlg, .pq] {
            let greys = stride(from: 0.05, through: 1.0, by: 0.05).map { range.signal(sRGB: $0, $0, $0).1 }
            XCTAssertEqual(greys, greys.sorted(), "\(range)")
            let red = range.signal(sRGB: 1, 0, 0)
            XCTAssertGreaterThan(red.0, red.1 + 0.2, "\(range): red")
            XCTAssertGreaterThan(red.1, 0, "\(range): BT.709 red has some BT.2020 green")
        }
    }

    func testAWhiteOverlayInHLGIsSeventyFivePercentOfTheTenBitRange() {
        let bitmap = CaptionBitmap(x: 0, y: 0, width: 4, height: 4, pixels: [UInt8](repeating: 255, count: 64))
        let overlay = YUVOverlay(bitmap, matrix: .bt2020, fullRange: false, bitDepth: 10, range: .hlg)
        let luma = overlay.pieces[0].luma
        XCTAssertEqual(Double(luma.max()!), 64 + 0.75 * 876, accuracy: 3)
        let sdr = YUVOverlay(bitmap, matrix: .bt2020, fullRange: false, bitDepth: 10)
        XCTAssertEqual(sdr.pieces[0].luma.max()!, 940)
    }
}
