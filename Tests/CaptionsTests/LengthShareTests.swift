import XCTest

@testable import Captions

/// One rule shares a time by length: the words of a hand-timed cue, the cue words one heard
/// word matched, the two halves of a cue the review splits.
final class LengthShareTests: XCTestCase {
    func testSpansFollowEachOtherInProportionToTheirLengths() {
        let spans = LengthShare.spans([1, 2, 1], start: 2, end: 6)
        XCTAssertEqual(spans.map(\.start), [2, 3, 5])
        XCTAssertEqual(spans.map(\.end), [3, 5, 6])
    }

    func testALengthBelowOneCountsAsOne() {
        let spans = LengthShare.spans([0, 3], start: 0, end: 4)
        XCTAssertEqual(spans.map(\.end), [1, 4])
        XCTAssertTrue(LengthShare.spans([], start: 0, end: 1).isEmpty)
    }

    /// Words timed by length are the spans of their tokens' lengths, to the bit.
    func testTokensAreTimedByTheSpans() {
        let tokens = Tokenizer.tokens("Save 5% on $20 plans, 今日は")
        let timed = TimedToken.spread(tokens, start: 6.748, end: 9.976, estimated: true)
        let spans = LengthShare.spans(tokens.map(\.text.count), start: 6.748, end: 9.976)
        XCTAssertEqual(timed.map(\.start), spans.map(\.start))
        XCTAssertEqual(timed.map(\.end), spans.map(\.end))
        XCTAssertTrue(timed.allSatisfy(\.estimated))
    }
}
