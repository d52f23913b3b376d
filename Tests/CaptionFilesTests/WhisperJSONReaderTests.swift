import Captions
import Foundation
import TestSupport
import XCTest

@testable import CaptionFiles

final class WhisperJSONReaderTests: XCTestCase {
    /// `whisper talk.wav --output_format json --word_timestamps True` (openai-whisper), shortened.
    static let openAI = """
        {"text": " Hello there. How are you?", "segments": [
          {"id": 0, "seek": 0, "start": 0.0, "end": 1.2, "text": " Hello there.",
           "tokens": [50364, 2425, 456, 13, 50424], "temperature": 0.0, "avg_logprob": -0.21,
           "compression_ratio": 0.8, "no_speech_prob": 0.012,
           "words": [{"word": " Hello", "start": 0.0, "end": 0.56, "probability": 0.93},
                     {"word": " there.", "start": 0.56, "end": 1.2, "probability": 0.88}]},
          {"id": 1, "seek": 0, "start": 1.5, "end": 2.75, "text": " How are you?",
           "tokens": [50439, 1012, 366, 291, 30, 50502], "temperature": 0.0, "avg_logprob": -0.3,
           "compression_ratio": 0.8, "no_speech_prob": 0.012,
           "words": [{"word": " How", "start": 1.5, "end": 1.7, "probability": 0.9},
                     {"word": " are", "start": 1.7, "end": 1.9, "probability": 0.95},
                     {"word": " you?", "start": 1.9, "end": 2.75, "probability": 0.97}]}
        ], "language": "en"}
        """

    /// faster-whisper segments dumped with their words; one word came out without timestamps.
    static let fasterWhisper = """
        {"language": "english", "segments": [
          {"start": 0.0, "end": 2.0, "text": " Captions that pop",
           "words": [{"start": 0.0, "end": 0.64, "word": " Captions", "probability": 0.99},
                     {"start": null, "end": null, "word": " that", "probability": 0.5},
                     {"start": 1.2, "end": 2.0, "word": " pop", "probability": 0.97}]},
          {"start": 2.0, "end": 3.0, "text": "   ", "words": []},
          {"start": 3.0, "end": 4.5, "text": " and stay", "words": [{"word": " and", "start": 3.0}]}
        ]}
        """

    private func parse(_ text: String, format: CaptionFormat? = nil) throws -> Transcript {
        try CaptionReader.parse(Data(text.utf8), file: "w.json", format: format)
    }

    private func problems(_ text: String, format: CaptionFormat? = .whisper) -> [String] {
        problemLines { try parse(text, format: format) }
    }

    /// A segment with words given as (text, start, end, probability).
    private func segment(
        _ text: String, _ start: Double, _ end: Double, words: [(String, Double, Double, Double)] = []
    ) -> Segment {
        Segment(
            text: text, start: start, end: end,
            words: words.map { Word(text: $0.0, start: $0.1, end: $0.2, confidence: $0.3) })
    }

    func testReadsOpenAIWhisperWithWords() throws {
        let transcript = try parse(Self.openAI)
        XCTAssertEqual(transcript.language, "en")
        XCTAssertEqual(
            transcript.segments,
            [
                segment("Hello there.", 0, 1.2, words: [("Hello", 0, 0.56, 0.93), ("there.", 0.56, 1.2, 0.88)]),
                segment(
                    "How are you?", 1.5, 2.75,
                    words: [("How", 1.5, 1.7, 0.9), ("are", 1.7, 1.9, 0.95), ("you?", 1.9, 2.75, 0.97)]),
            ])
    }

    func testReadsFasterWhisperSkippingUntimedWordsFromAJSONFile() throws {
        let url = try temporaryFolder().appendingPathComponent("faster.json")
        try Data(Self.fasterWhisper.utf8).write(to: url)
        let transcript = try CaptionReader.read(url)
        XCTAssertNil(transcript.language, "a language name, not a code, is dropped")
        XCTAssertEqual(
            transcript.segments,
            [
                segment("Captions that pop", 0, 2, words: [("Captions", 0, 0.64, 0.99), ("pop", 1.2, 2, 0.97)]),
                segment("and stay", 3, 4.5),
            ])
    }

    func testReportsFieldsByPath() {
        let text = """
            {"segments": [
              {"id": 0, "start": 0, "end": 2, "text": " ok", "words": [
                {"word": " a", "start": 0, "end": 0.5},
                {"word": " b", "start": "x", "end": 1},
                {"word": " c", "start": 1.5, "end": 1.0},
                {"start": 1.5, "end": 2.0}]},
              {"id": 1, "start": 3, "end": 2, "text": " backwards"},
              {"id": 2, "start": 4, "end": 5},
              7,
              {"id": 4, "start": -0.5, "end": 5, "text": " negative", "words": {"word": " x"}},
              {"id": 5, "start": 6, "end": 7, "text": " odds", "words": [{"word": " z", "start": 6, "end": 7, "probability": "high"}]}
            ], "language": 5}
            """
        XCTAssertEqual(
            problems(text),
            [
                "w.json: language: expected a string",
                "w.json: segments[0].words[1].start: expected a number of seconds",
                "w.json: segments[0].words[2].end: ends (1.0) before it starts (1.5)",
                "w.json: segments[0].words[3].word: missing",
                "w.json: segments[1].end: ends (2.0) before it starts (3.0)",
                "w.json: segments[2].text: missing",
                "w.json: segments[3]: expected an object",
                "w.json: segments[4].start: start time -0.5 is negative",
                "w.json: segments[5].words[0].probability: expected a number from 0 to 1",
            ])
    }

    func testTruncatedAndWrongShapes() {
        let truncated = "{\"segments\": [{\"id\": 0, \"start\": 0"
        XCTAssertEqual(problems(truncated), ["w.json: not valid JSON (Unexpected end of file during JSON parse.)"])
        XCTAssertEqual(
            problems(truncated, format: nil), ["w.json: not valid JSON (Unexpected end of file during JSON parse.)"])
        XCTAssertEqual(problems("[1, 2]"), ["w.json: expected a JSON object at the top level"])
        XCTAssertEqual(problems("{\"text\": \"hi\"}"), ["w.json: segments: missing array"])
        // Segments without text: a valid file with nothing to show.
        XCTAssertEqual(try parse("{\"segments\": [{\"id\": 0, \"start\": 0, \"end\": 1, \"text\": \" \"}]}").segments, [])
    }

    func testSniffing() throws {
        func sniffed(_ text: String) -> CaptionFormat { CaptionFormat.sniffJSON(Data(text.utf8), text: text).0 }
        XCTAssertEqual(sniffed(Self.openAI), .whisper)
        XCTAssertEqual(sniffed(Self.fasterWhisper), .whisper)
        XCTAssertEqual(
            sniffed("{\"segments\": [{\"start\": 0, \"end\": 1, \"text\": \"a\", \"no_speech_prob\": 0.1}]}"), .whisper)
        XCTAssertEqual(
            sniffed("{\"segments\": [{\"start\": 0, \"end\": 1, \"text\": \"a\", \"words\": [{\"text\": \"a\"}]}]}"),
            .json)
        XCTAssertEqual(sniffed("{\"segments\": []}"), .json)
        XCTAssertEqual(sniffed("{\"segments\": "), .json, "broken JSON goes to the native reader, which says why")
        // Forcing `json` reads Whisper output as native JSON: words need `text` there.
        XCTAssertEqual(
            problems(Self.openAI, format: .json).first, "w.json: segments[0].words[0].text: missing")
    }

    func testLanguageCodes() {
        XCTAssertEqual(WhisperJSONReader.languageCode("en"), "en")
        XCTAssertEqual(WhisperJSONReader.languageCode("YUE"), "yue")
        XCTAssertNil(WhisperJSONReader.languageCode("japanese"))
        XCTAssertNil(WhisperJSONReader.languageCode("e1"))
    }
}
