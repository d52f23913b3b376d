import CaptionFiles
import Captions
import Foundation
import XCTest

@testable import Review

/// The cues under review as a value: edited, split and merged with no file, their captions
/// carrying the page's cue ids.
final class CueDocumentTests: XCTestCase {
    private let text = """
        1
        00:00:00,500 --> 00:00:02,500
        One two three four

        2
        00:00:05,000 --> 00:00:06,000
        Five

        3
        00:00:06,200 --> 00:00:07,000
        six

        """

    private func document() throws -> CueDocument {
        let read = try CaptionReader.read(Data(text.utf8), path: "talk.srt", format: .srt)
        return CueDocument(file: "talk.srt", format: .srt, text: text, segments: read.segments)
    }

    func testTheCaptionsCarryTheCueIdsAsEdited() throws {
        var document = try document()
        XCTAssertEqual(try document.captions(strict: false).segments.map(\.source?.cue), [0, 1, 2])
        try document.split(0, at: 8)  // after "One two "
        try document.merge(2)  // "Five" with "six"
        try document.edit(0, text: "One, two", start: nil, end: 1.2)
        let captions = try document.captions(strict: false).segments
        XCTAssertEqual(captions.map(\.text), ["One, two", "three four", "Five six"])
        XCTAssertEqual(captions.map(\.source?.cue), [0, 1, 2])
        XCTAssertEqual(captions.map(\.source?.line), [2, 6, 10], "and where the file as saved holds them")
        XCTAssertEqual(captions.map(\.start), [0.5, 1.324, 5])  // 2 s shared 7 : 10 characters (`LengthShare`)
        XCTAssertEqual(captions[0].end, 1.2)
    }

    func testAChangeTheFileCannotHoldIsRefusedAndTheValueStays() throws {
        var document = try document()
        let before = document
        XCTAssertThrowsError(try document.edit(1, text: "a --> b", start: nil, end: nil))
        XCTAssertThrowsError(try document.edit(1, text: nil, start: 7, end: nil), "an end before its start")
        XCTAssertThrowsError(try document.merge(2), "the last cue has no next")
        XCTAssertEqual(document, before)
        try document.edit(1, text: "Five", start: nil, end: nil)
        XCTAssertEqual(document, before, "the same text changes nothing")
    }
}
