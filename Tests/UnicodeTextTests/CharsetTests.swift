import XCTest

@testable import UnicodeText

final class CharsetTests: XCTestCase {
    func testKnownNamesAndAliases() {
        for name in ["windows-1252", "latin1", "Shift_JIS", "UTF-16LE", "GB18030"] {
            XCTAssertTrue(Charset.isKnown(name), name)
        }
        XCTAssertFalse(Charset.isKnown("no-such-encoding"))
    }

    func testDecoding() throws {
        XCTAssertEqual(try Charset.decode([0x43, 0x61, 0x66, 0xE9, 0x93, 0x94], from: "windows-1252"), "Café“”")
        XCTAssertEqual(try Charset.decode([0x82, 0xA0, 0x8E, 0x9A], from: "Shift_JIS"), "あ字")
        XCTAssertEqual(try Charset.decode([0x41, 0x00, 0x3D, 0xD8, 0x00, 0xDE], from: "UTF-16LE"), "A😀")
        XCTAssertEqual(try Charset.decode([], from: "no-such-encoding"), "")
    }

    func testAnUnknownEncodingThrowsICUsError() {
        XCTAssertThrowsError(try Charset.decode([0x41], from: "no-such-encoding")) { error in
            XCTAssertEqual((error as? ICUError)?.name, "U_FILE_ACCESS_ERROR")
            XCTAssertEqual("\(error)", "ICU conversion from no-such-encoding failed: U_FILE_ACCESS_ERROR")
        }
    }

    func testDetection() throws {
        let text = "Les élèves étaient très contents de l’été, à côté de la forêt. Où êtes-vous allés ?"
        let bytes = try XCTUnwrap(text.data(using: .windowsCP1252).map(Array.init))
        let guess = try Charset.detect(bytes)
        XCTAssertEqual(guess.name, "windows-1252", "the curly apostrophe is 0x92")
        XCTAssertGreaterThanOrEqual(guess.confidence, 20)
        XCTAssertLessThanOrEqual(guess.confidence, 100)
    }
}
