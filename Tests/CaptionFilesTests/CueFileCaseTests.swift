import Captions
import Foundation
import TestSupport
import XCTest

@testable import CaptionFiles

/// SubRip and WebVTT files as players read them, one rule a case: line ends, the WebVTT
/// signature, timestamp forms, blocks left out with a warning, `strict` reads and cue
/// timestamps as word timings. The cases are data (`Cases/cue-files.json`): input text, and
/// either the cues (with their words when timed) and warnings or the error.
final class CueFileCaseTests: XCTestCase {
    struct Case: Decodable {
        struct Word: Decodable, Equatable {
            var text: String
            var start: Double
            var end: Double
        }
        struct Cue: Decodable, Equatable {
            var start: Double
            var end: Double
            var text: String
            /// The timed words (of WebVTT cue timestamps); absent for a cue without.
            var words: [Word]?
        }
        var name: String
        var format: String
        var input: String
        var strict: Bool?
        var cues: [Cue]?
        var warnings: [String]?
        var error: [String]?
    }

    static let cases: [Case] = {
        try! Repository.cases([Case].self, "cue-files.json")
    }()

    func testEveryCase() throws {
        XCTAssertGreaterThanOrEqual(Self.cases.count, 30)
        for item in Self.cases {
            let format = try XCTUnwrap(CaptionFormat(rawValue: item.format), item.name)
            let read = {
                try CaptionReader.parse(
                    Data(item.input.utf8), file: "t.\(item.format)", format: format, strict: item.strict ?? false)
            }
            if let expected = item.error {
                XCTAssertEqual(problemLines(read), expected, item.name)
                continue
            }
            do {
                let transcript = try read()
                let cues = transcript.segments.map { segment in
                    Case.Cue(
                        start: segment.start, end: segment.end, text: segment.text,
                        words: segment.words.isEmpty
                            ? nil : segment.words.map { Case.Word(text: $0.text, start: $0.start, end: $0.end) })
                }
                XCTAssertEqual(cues, item.cues ?? [], item.name)
                XCTAssertEqual(transcript.notes.map(\.description), item.warnings ?? [], item.name)
            } catch {
                XCTFail("\(item.name): \(error)")
            }
        }
    }
}
