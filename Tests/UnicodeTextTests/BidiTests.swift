import XCTest

@testable import UnicodeText

final class BidiTests: XCTestCase {
    func testLevelsPerUTF16Unit() throws {
        // "ab שלום": the Hebrew is right to left inside a left-to-right paragraph.
        XCTAssertEqual(try Bidi.levels(of: UTF16Text("ab שלום"), rightToLeft: false), [0, 0, 0, 1, 1, 1, 1])
        XCTAssertEqual(try Bidi.levels(of: UTF16Text("😀a"), rightToLeft: false), [0, 0, 0])
    }

    func testTheParagraphDirection() throws {
        // From the first strong character, unless the language is written right to left.
        XCTAssertEqual(try Bidi.levels(of: UTF16Text("שלום ab"), rightToLeft: false), [1, 1, 1, 1, 1, 2, 2])
        XCTAssertEqual(try Bidi.levels(of: UTF16Text("iPhone"), rightToLeft: true), [2, 2, 2, 2, 2, 2])
        XCTAssertEqual(try Bidi.levels(of: UTF16Text("15"), rightToLeft: false), [0, 0])
        XCTAssertEqual(try Bidi.levels(of: UTF16Text(""), rightToLeft: true), [])
    }
}
