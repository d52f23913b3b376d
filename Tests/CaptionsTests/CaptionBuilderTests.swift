import XCTest

@testable import Captions

final class CaptionBuilderTests: XCTestCase {
    func testOverlapsEndWhereTheNextStartsWithOneWarning() {
        let transcript = Transcript(
            segments: [
                Segment(text: "second", start: 2, end: 4),
                Segment(text: "first  one", start: 0, end: 2.5),
                Segment(text: "third", start: 3, end: 5),
            ], language: "de")
        var warnings: [String] = []
        let captions = CaptionBuilder.captions(from: transcript, warnings: &warnings)
        XCTAssertEqual(captions.map(\.text), ["first one", "second", "third"])
        // Overlaps cut at the next start, then two frames (of 30 fps) left between captions.
        XCTAssertEqual(captions[0].end, 2 - 2.0 / 30, accuracy: 1e-9)
        XCTAssertEqual(captions[1].end, 3 - 2.0 / 30, accuracy: 1e-9)
        XCTAssertEqual(captions[2].end, 5)
        XCTAssertEqual(captions.map(\.language), ["de", "de", "de"])
        XCTAssertEqual(warnings.count, 1)
    }

    func testCoversIsStartInclusiveEndExclusive() {
        let caption = Caption(text: "x", start: 1, end: 2)
        XCTAssertTrue(caption.covers(1))
        XCTAssertTrue(caption.covers(1.999))
        XCTAssertFalse(caption.covers(2))
        XCTAssertFalse(caption.covers(0.999))
    }
}
