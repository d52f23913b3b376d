import Captions
import XCTest

@testable import CaptionFiles

final class ISODateTimeTests: XCTestCase {
    func testReadsInternetDateTimes() {
        XCTAssertEqual(ISODateTime.milliseconds("2024-05-01T10:00:00Z"), 1_714_557_600_000)
        XCTAssertEqual(ISODateTime.milliseconds("2024-05-01T10:00:02.250Z"), 1_714_557_602_250)
        XCTAssertEqual(ISODateTime.milliseconds("2024-05-01t12:00:02.25+02:00"), 1_714_557_602_250)
        XCTAssertEqual(ISODateTime.milliseconds("2024-05-01T09:30:00-00:30"), 1_714_557_600_000)
        XCTAssertEqual(ISODateTime.milliseconds("1970-01-01T00:00:00z"), 0)
        XCTAssertEqual(ISODateTime.milliseconds("1969-12-31T23:59:59Z"), -1000)
        XCTAssertEqual(ISODateTime.milliseconds("2000-02-29T00:00:00Z"), 951_782_400_000)
    }

    /// Found by `make fuzz` (json): `ISO8601DateFormatter` crashed on a long fraction (SIGFPE
    /// in ICU), or read a time a second early.
    func testAFractionOfAnyLength() throws {
        let long = "2024-05-01T10:00:01.50055555555555555555555555555555555Z"
        XCTAssertEqual(try XCTUnwrap(ISODateTime.milliseconds(long)), 1_714_557_601_500.556, accuracy: 0.001)
        XCTAssertEqual(ISODateTime.milliseconds("2024-05-01T10:00:01.50000000000000Z"), 1_714_557_601_500)
    }

    func testOtherShapesAreNotDateTimes() {
        for text in [
            "2-5-1T1:0:0.50055555555555555555555555555555555", "yesterday", "", "2024-05-01", "2024-05-01T10:00:00",
            "2024-05-01T10:00Z", "2024-13-01T10:00:00Z", "2023-02-29T10:00:00Z", "2024-05-01T24:00:00Z",
            "2024-05-01T10:60:00Z", "2024-05-01T10:00:00.Z", "2024-05-01T10:00:00+0200", "2024-05-01T10:00:00Z ",
            "+2024-05-01T10:00:00Z", "２０２４-05-01T10:00:00Z",
        ] {
            XCTAssertNil(ISODateTime.milliseconds(text), text)
        }
    }
}
