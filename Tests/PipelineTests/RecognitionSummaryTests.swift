import Foundation
import XCTest

@testable import Pipeline
@testable import Speech

/// What the recognition notice and an input without captions say when nothing is recognized:
/// speech the engine heard with nothing kept of it is never "no speech" (issue 57).
final class RecognitionSummaryTests: XCTestCase {
    /// The engine's totals (the seconds voice activity detection kept, nil when it does not
    /// say) and what the notice says of a transcript whose one segment was dropped as invented.
    func testSpeechHeardWithNothingKeptIsNotNoSpeech() throws {
        let cases: [(name: String, heard: Double?, voiceActivityDetection: Bool, says: String)] = [
            ("30 s heard", 30, true, "speech heard for 30 s but nothing recognized"),
            ("a few seconds heard", 2.5, true, "speech heard for 2.5 s but nothing recognized"),
            ("nothing heard", 0, true, "no speech"),
            ("an engine that does not say", nil, true, "no speech"),
            ("voice activity detection off: nothing tells speech from the rest", 30, false, "no speech"),
        ]
        for item in cases {
            let settings = RecognitionSettings(language: "en", voiceActivityDetection: item.voiceActivityDetection)
            let speech = try Self.loopOverSilence(heard: item.heard, settings: settings)
            XCTAssertEqual(speech.transcript.segments.count, 0, item.name)
            XCTAssertEqual(speech.dropped.count, 1, item.name)
            let line = RecognitionSummary.line(speech, file: "talk.mp4", settings: settings)
            XCTAssertTrue(
                line.hasPrefix("talk.mp4: speech recognized with base (en, given): \(item.says), 1 segment(s) dropped as invented; "),
                "\(item.name): \(line)")
            // What `--captions auto` says of the input (the notice and `--strict`'s error).
            let nothing = RecognitionSummary.nothingRecognized(in: speech, settings: settings)
            XCTAssertEqual(nothing ?? "no speech", item.says, item.name)
            if item.says != "no speech" { XCTAssertFalse(line.contains("no speech"), "\(item.name): \(line)") }
        }
    }

    /// A transcript with speech in it says what was recognized, whatever the engine heard.
    func testRecognizedSpeechIsNotNothing() throws {
        let settings = RecognitionSettings(language: "en")
        let rate = Double(SpeechAudio.sampleRate)
        // 2 s of a 220 Hz tone: voice throughout.
        let audio = SpeechAudio(samples: (0..<Int(2 * rate)).map { Float(0.3 * sin(2 * .pi * 220 * Double($0) / rate)) }, start: 0)
        let hello = RecognizedSegment(
            start: 0, end: 2, text: " Hello there.", avgLogprob: -0.2, noSpeechProb: 0.01, compressionRatio: 1.1,
            words: [
                RecognizedWord(word: " Hello", start: 0, end: 1, probability: 0.9),
                RecognizedWord(word: " there.", start: 1, end: 2, probability: 0.9),
            ])
        let speech = try Recognition.collect(
            [.segment(hello), .done(RecognitionTotals(audioSeconds: 2, speechSeconds: 2))], audio: audio, file: "talk.mp4",
            settings: settings)
        XCTAssertNil(RecognitionSummary.nothingRecognized(in: speech, settings: settings))
        let line = RecognitionSummary.line(speech, file: "talk.mp4", settings: settings)
        XCTAssertTrue(line.contains("(en, given): 1 segment(s), 2 word(s);"), line)
    }

    /// The notice names the model the engine says it loaded when it is not the one asked for.
    func testTheModelTheEngineLoadedIsNamed() throws {
        let settings = RecognitionSettings(language: "en")
        for (reported, named) in [
            (nil, "base"), ("/usr/share/burn-captions/.recognizer/models/base", "base"), ("base", "base"),
            ("/srv/models/large-v3", "base (the engine loaded /srv/models/large-v3)"),
        ] as [(String?, String)] {
            var speech = try Self.loopOverSilence(heard: 1, settings: settings)
            speech.engine = reported.map { EngineInfo(protocolVersion: 1, engine: "other", version: nil, model: $0, device: nil, computeType: nil) }
            let line = RecognitionSummary.line(speech, file: "talk.mp4", settings: settings)
            XCTAssertTrue(line.hasPrefix("talk.mp4: speech recognized with \(named) (en, given): "), "\(reported ?? "-"): \(line)")
        }
    }

    /// 12 s of silence the engine heard `heard` seconds of speech in, and recognized a loop
    /// over (twenty words of 0.3 s each: a word's length, but no voice under them).
    static func loopOverSilence(heard: Double?, settings: RecognitionSettings) throws -> RecognizedSpeech {
        let audio = SpeechAudio(samples: [Float](repeating: 0, count: 12 * Int(SpeechAudio.sampleRate)), start: 0)
        let words = (0..<20).map { index in
            RecognizedWord(
                word: index % 2 == 0 ? " Thank" : " you.", start: 3 + 0.3 * Double(index), end: 3.3 + 0.3 * Double(index),
                probability: 0.9)
        }
        let loop = RecognizedSegment(
            start: 3, end: 9, text: String(repeating: " Thank you.", count: 10), avgLogprob: -0.3, noSpeechProb: 0.5,
            compressionRatio: 6, words: words)
        let messages: [RecognizerMessage] = [
            .language(LanguageGuess(language: "en", probability: 1, candidates: [])), .segment(loop),
            .done(RecognitionTotals(audioSeconds: 12, speechSeconds: heard)),
        ]
        return try Recognition.collect(messages, audio: audio, file: "talk.mp4", settings: settings)
    }
}
