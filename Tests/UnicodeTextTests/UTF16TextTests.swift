import XCTest

@testable import UnicodeText

final class UTF16TextTests: XCTestCase {
    private let text = UTF16Text("a😀é字")  // UTF-16: a (0), 😀 (1-2), é (3), 字 (4); 5 units

    func testScalarsOnEitherSideOfAnOffset() {
        XCTAssertEqual(text.count, 5)
        XCTAssertEqual(text.scalar(at: 0), "a")
        XCTAssertEqual(text.scalar(at: 1), "😀")
        XCTAssertEqual(text.scalar(at: 3), "é")
        XCTAssertNil(text.scalar(at: 5))
        XCTAssertEqual(text.start(before: 3), 1, "a surrogate pair is one scalar")
        XCTAssertEqual(text.scalar(before: 3), "😀")
        XCTAssertEqual(text.scalar(before: 5), "字")
        XCTAssertNil(text.start(before: 0))
        XCTAssertNil(text.scalar(before: 0))
    }

    func testTextBetweenOffsets() {
        XCTAssertEqual(text.string(in: 1..<4), "😀é")
        XCTAssertEqual(text.string(in: 0..<5), "a😀é字")
        XCTAssertEqual(text.string(in: 2..<2), "")
        XCTAssertEqual(UTF16Text(units: text.units).text, "a😀é字")
        XCTAssertEqual(UTF16Text(units: [0x61, 0xD83D]).text, "a\u{FFFD}", "a lone surrogate")
    }

    func testOffsetsBecomeUTF8Bytes() {
        // UTF-8: a (0), 😀 (1-4), é (5-6), 字 (7-9); 10 bytes.
        XCTAssertEqual(text.utf8Offsets([0, 1, 3, 4, 5]), [0, 1, 5, 7, 10])
        XCTAssertEqual(text.utf8Offsets([2]), [5], "inside a surrogate pair: the end of its scalar")
        XCTAssertEqual(text.utf8Offsets([4, 4]), [7, 7])
        XCTAssertEqual(text.utf8Offsets([]), [])
        XCTAssertEqual(UTF16Text("").utf8Offsets([0]), [0])
    }
}
