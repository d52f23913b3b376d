import Captions
import Foundation
import XCTest

@testable import Media

/// Acceptance for the FoxTake timing fix: speech with known phrase onsets, recognizer-style
/// word timings whose first words absorb the pauses, and the start errors before and after.
final class TimingAccuracyTests: XCTestCase {
    /// Each phrase becomes one caption.
    static let phrases = [
        "Welcome back everyone", "Today we test captions", "Five simple steps", "She reads the script",
        "Then the machine listens", "Numbers stay attached", "Hold on a second", "Pauses are tricky",
        "Every phrase starts late", "So we measure energy", "Captions follow the voice", "Thanks for watching",
    ].map { $0.split(separator: " ").map(String.init) }
    /// Silence before each phrase (the first one: from the start of the file). // seconds
    static let pauses = [0.7, 0.45, 0.85, 0.6, 0.4, 0.9, 0.55, 0.75, 0.5, 0.8, 0.65, 0.42]
    /// Silence between two words of a phrase, taken in turn. // seconds
    static let wordGaps = [0.06, 0.1, 0.08, 0.12]
    /// A sample at least this loud is speech: where a word's trimmed audio begins and ends. // linear, of full scale
    static let speechLevel = 0.005
    /// Peak of the white noise laid under everything (about -57 dBFS RMS). // linear, of full scale
    static let noiseLevel = 0.0025

    /// Start errors of captions against the true onsets.
    struct Accuracy {
        var meanError: Double  // seconds
        var withinShare: Double  // of captions within 0.2 s, 0...1

        init(_ captions: [Caption], onsets: [Double]) {
            let errors = zip(captions, onsets).map { abs($0.start - $1) }
            meanError = errors.reduce(0, +) / Double(errors.count)
            withinShare = Double(errors.filter { $0 <= 0.2 }.count) / Double(errors.count)
        }

        /// The acceptance bounds: mean at most 0.10 s and at least 90% within 0.2 s.
        var acceptable: Bool { meanError <= 0.10 && withinShare >= 0.9 }

        var summary: String {
            String(format: "%.3f s, %.0f%% within 0.2 s", meanError, withinShare * 100)
        }
    }

    func testTimingFixFindsPhraseStarts() throws {
        let folder = try makeScratchFolder()
        var rate = 0
        var spoken: [String: [Int16]] = [:]
        for word in Set(Self.phrases.joined()) {
            (rate, spoken[word]) = try Self.speak(word, in: folder)
        }

        // Lay the words out; the recognizer's timings run back to back from the previous word's end.
        var pcm: [Int16] = []
        var captions: [Caption] = []
        var onsets: [Double] = []  // seconds
        var gap = 0
        func now() -> Double { Double(pcm.count) / Double(rate) }
        func silence(_ seconds: Double) { pcm += repeatElement(0, count: Int(seconds * Double(rate))) }
        for (phrase, pause) in zip(Self.phrases, Self.pauses) {
            silence(pause)
            var words: [Word] = []
            for text in phrase {
                if !words.isEmpty {
                    silence(Self.wordGaps[gap % Self.wordGaps.count])
                    gap += 1
                }
                let start = captions.last?.end ?? 0
                if words.isEmpty { onsets.append(now()) }
                pcm += spoken[text]!
                words.append(Word(text: text, start: words.last?.end ?? start, end: now()))
            }
            captions.append(
                Caption(text: phrase.joined(separator: " "), start: words[0].start, end: words.last!.end, words: words))
        }
        silence(0.5)
        Self.addNoise(to: &pcm)

        let raw = folder.appendingPathComponent("speech.raw")
        try pcm.withUnsafeBytes { try Data($0).write(to: raw) }
        let audio = folder.appendingPathComponent("speech.m4a").path
        try MediaTools.ffmpeg(["-f", "s16le", "-ar", "\(rate)", "-ac", "1", "-i", raw.path, "-c:a", "aac", "-b:a", "64k", audio])

        let envelope = try XCTUnwrap(AudioEnvelopeReader.envelope(path: audio))
        let fixed = TimingFix.apply(captions, envelope: envelope)
        let crude = TimingFix.apply(captions, envelope: EnergyEnvelope(hop: 0.01, start: 0, values: []))
        let before = Accuracy(captions, onsets: onsets)
        let after = Accuracy(fixed, onsets: onsets)
        print(
            "timing fix: mean abs start error \(after.summary) (\(captions.count) captions);"
                + " before: \(before.summary); end - 0.2 s rule alone: \(Accuracy(crude, onsets: onsets).summary)")

        XCTAssertGreaterThanOrEqual(captions.count, 10)
        XCTAssertTrue(after.acceptable, "after the fix: \(after.summary)")
        XCTAssertFalse(before.acceptable, "the raw timings already pass: \(before.summary)")
        for (caption, onset) in zip(fixed, onsets) {
            XCTAssertEqual(caption.start, onset, accuracy: 0.2, caption.text)
        }
    }

    /// `word` spoken by espeak-ng on its own, trimmed to its first and last sample at `speechLevel`.
    private static func speak(_ word: String, in folder: URL) throws -> (rate: Int, samples: [Int16]) {
        let file = folder.appendingPathComponent("word-\(word).wav")
        try MediaTools.run(["espeak-ng", "-v", "en-us", "-w", file.path, word])
        let (rate, samples) = try readWAV(Data(contentsOf: file), name: file.lastPathComponent)
        let level = Int16(speechLevel * 32768)
        guard let first = samples.firstIndex(where: { abs(Int32($0)) >= level }),
            let last = samples.lastIndex(where: { abs(Int32($0)) >= level })
        else { throw MediaTools.Failure(command: ["espeak-ng", word], message: "no speech") }
        return (rate, Array(samples[first...last]))
    }

    /// The samples of a 16-bit mono PCM WAV file.
    private static func readWAV(_ data: Data, name: String) throws -> (rate: Int, samples: [Int16]) {
        let bytes = [UInt8](data)
        func number(_ at: Int, _ count: Int) -> Int {
            (0..<count).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) }
        }
        var rate = 0
        var at = 12  // after "RIFF", size, "WAVE"
        while at + 8 <= bytes.count {
            let id = String(decoding: bytes[at..<(at + 4)], as: UTF8.self)
            let size = number(at + 4, 4)
            if id == "fmt " {
                guard number(at + 8, 2) == 1, number(at + 10, 2) == 1, number(at + 22, 2) == 16 else { break }
                rate = number(at + 12, 4)
            } else if id == "data", rate > 0 {
                let end = min(bytes.count, at + 8 + size) & ~1
                let samples = stride(from: at + 8, to: end, by: 2).map { Int16(truncatingIfNeeded: number($0, 2)) }
                return (rate, samples)
            }
            at += 8 + size + size % 2
        }
        throw MediaTools.Failure(command: [name], message: "not a 16-bit mono PCM WAV file")
    }

    /// Lays white noise of peak `noiseLevel` over `pcm`, the same on every run.
    private static func addNoise(to pcm: inout [Int16]) {
        var state: UInt32 = 2_463_534_242
        let peak = noiseLevel * 32768
        for i in pcm.indices {
            state ^= state << 13
            state ^= state >> 17
            state ^= state << 5
            let noise = (Double(state) / Double(UInt32.max) * 2 - 1) * peak
            pcm[i] = Int16(clamping: Int(Double(pcm[i]) + noise.rounded()))
        }
    }
}
