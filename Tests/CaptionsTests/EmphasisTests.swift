import CaptionFiles
import Foundation
import TestSupport
import XCTest

@testable import Captions

final class EmphasisTests: XCTestCase {
    private func parse(_ text: String) throws -> Transcript {
        try CaptionReader.parse(Data(text.utf8), file: "e.json", format: .json)
    }

    private func captions(_ transcript: Transcript) -> [Caption] {
        var warnings: [String] = []
        return CaptionBuilder.captions(from: transcript, warnings: &warnings)
    }

    /// One caption of the words of `text`, each a second long.
    private func caption(_ text: String) -> Caption {
        let words = text.split(separator: " ").enumerated().map { i, word in
            Word(text: String(word), start: Double(i), end: Double(i + 1))
        }
        return Caption(text: text, start: 0, end: Double(words.count), words: words)
    }

    func testNativeJSONReadsEmphasisAndItReachesTheCaptionWords() throws {
        let transcript = try parse(
            """
            {"segments": [{"text": "This is huge, really.", "start": 0, "end": 2, "words": [
              {"text": "This", "start": 0, "end": 0.4}, {"text": "is", "start": 0.4, "end": 0.6, "emphasis": false},
              {"text": "huge,", "start": 0.6, "end": 1.2, "emphasis": true}, {"text": "really.", "start": 1.2, "end": 2}]}]}
            """)
        XCTAssertEqual(transcript.segments[0].words.map(\.emphasis), [false, false, true, false])
        let tokens = TimedToken.tokens(of: transcript.segments[0])
        XCTAssertEqual(tokens.map(\.emphasis), [false, false, true, false])
        let shown = captions(transcript)
        XCTAssertEqual(shown.flatMap(\.words).filter(\.emphasis).map(\.text), ["huge,"])
    }

    func testANonBooleanEmphasisIsALocatedProblem() {
        let text = """
            {"segments": [{"text": "a b", "start": 0, "end": 2, "words": [
              {"text": "a", "start": 0, "end": 1}, {"text": "b", "start": 1, "end": 2, "emphasis": "yes"}]},
              {"text": "c", "start": 2, "end": 3, "words": [{"text": "c", "start": 2, "end": 3, "emphasis": 1}]}]}
            """
        XCTAssertEqual(
            problemLines { try self.parse(text) },
            [
                "e.json: segments[0].words[1].emphasis: expected true or false",
                "e.json: segments[1].words[0].emphasis: expected true or false",
            ])
    }

    func testNativeJSONWritesEmphasisOnlyWhenTrueAndReadsItBack() throws {
        var shown = caption("so very loud")
        shown.words[1].emphasis = true
        let data = try CaptionWriter.nativeJSON([shown])
        let text = String(decoding: data, as: UTF8.self)
        XCTAssertEqual(text.components(separatedBy: "\"emphasis\"").count - 1, 1, text)
        XCTAssertEqual(try parse(text).segments[0].words.map(\.emphasis), [false, true, false])
    }

    /// Listed entries, a caption's text, and which of its words the list marks.
    static let listCases: [(entries: [String], text: String, marked: [Bool])] = [
        (["huge"], "This is HUGE, really huge.", [false, false, true, false, true]),
        (["right now"], "Do it right now! Not right, now", [false, false, true, true, false, true, true]),
        (["right now"], "right there, now", [false, false, false]),
        (["now"], "nowhere now", [false, true]),
        (["don't stop"], "Don’t stop me", [true, true, false]),  // punctuation is ignored: ’ and ' alike
        (["don't stop"], "Dont stop me", [true, true, false]),
        (["stop"], "stopped", [false]),
        (["5%"], "Save 5% today", [false, true, false]),
        (["—", "okay"], "okay — fine", [true, false, false]),
    ]

    func testListMarksWordsAndPhrases() {
        for item in Self.listCases {
            let marked = EmphasisList(item.entries).marked([caption(item.text)])
            XCTAssertEqual(marked[0].words.map(\.emphasis), item.marked, "\(item.entries) in \(item.text)")
            XCTAssertEqual(marked[0].text, item.text)
        }
    }

    func testAPhraseDoesNotRunAcrossCaptions() {
        let marked = EmphasisList(["big deal"]).marked([caption("a big"), caption("deal here")])
        XCTAssertEqual(marked.flatMap(\.words).map(\.emphasis), [false, false, false, false])
    }

    func testListMatchesACJKGroupByItsCharacters() throws {
        let segment = Segment(
            text: "今日はいい天気", start: 0, end: 2,
            words: [Word(text: "今日は", start: 0, end: 0.9), Word(text: "いい", start: 0.9, end: 1.3),
                    Word(text: "天気", start: 1.3, end: 2)])
        let shown = captions(Transcript(segments: [segment], language: "ja"))
        let marked = EmphasisList(["天気"]).marked(shown)
        XCTAssertEqual(marked[0].words.map(\.text), ["今日は", "いい", "天気"])
        XCTAssertEqual(marked[0].words.map(\.emphasis), [false, false, true])
    }

    func testLoadSkipsCommentsAndBlankLines() throws {
        let folder = try temporaryFolder()
        let file = folder.appendingPathComponent("stress.txt")
        try "\u{FEFF}# brand names\r\nTikTok\r\n\r\n  right now  \n#not me\n".write(to: file, atomically: true, encoding: .utf8)
        let list = try EmphasisList.load(path: file.path)
        XCTAssertEqual(list.phrases, [["tiktok"], ["right", "now"]])
        XCTAssertEqual(list, EmphasisList(["TikTok", "right now"]))
    }

    func testLoadProblemsNameTheFile() throws {
        let folder = try temporaryFolder()
        let missing = folder.appendingPathComponent("missing.txt").path
        XCTAssertThrowsError(try EmphasisList.load(path: missing)) { error in
            XCTAssertEqual("\(error)", "\(missing): cannot read the emphasis list: no such file")
        }
        let punctuation = folder.appendingPathComponent("p.txt")
        try "ok\n...\n—\n".write(to: punctuation, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try EmphasisList.load(path: punctuation.path)) { error in
            XCTAssertEqual(
                (error as? CaptionError)?.problems.map(\.description),
                ["\(punctuation.path):2: `...` holds no word to stress", "\(punctuation.path):3: `—` holds no word to stress"])
        }
        let latin1 = folder.appendingPathComponent("l.txt")
        try Data([0x63, 0x61, 0x66, 0xE9, 0x0A]).write(to: latin1)
        XCTAssertThrowsError(try EmphasisList.load(path: latin1.path)) { error in
            XCTAssertTrue("\(error)".hasPrefix("\(latin1.path):1:"), "\(error)")
        }
    }
}
