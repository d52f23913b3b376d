import Foundation
import TestSupport
import XCTest

/// Recognized speech in two languages captioned in both, a short clip named among the
/// languages `--language auto:LIST` allows, and laughter, applause or a music sting alone
/// giving no caption, or a tag with --sound-tags (Tests/Cases/spoken-languages.json), with the
/// real recognizer.
final class SpokenLanguageTests: XCTestCase {
    private struct Cases: Decodable {
        struct Part: Decodable {
            var voice: String?
            var speech: String?
            var language: String?
            var silence: Double?
            var lavfi: String?
        }
        struct Clip: Decodable {
            var name: String
            var parts: [Part]
            var arguments: [String]
            var rightWords: Double
            var language: String?
        }
        struct Sound: Decodable {
            var name: String
            var parts: [Part]
            var tagged: [String]  // the captions with --sound-tags
        }
        var clips: [Clip]
        var sounds: [Sound]
    }

    private let cases = Result { try Repository.cases(Cases.self, "spoken-languages.json") }

    /// The clip of `parts` in `folder`, and each part's span with its language.
    private func clip(_ name: String, _ parts: [Cases.Part], in folder: URL) throws -> (String, [(ClosedRange<Double>, String?)]) {
        let made = try SpeechClips.make(
            name,
            parts.map { part in
                if let speech = part.speech { return .speech(speech, voice: part.voice ?? "en-us") }
                if let graph = part.lavfi { return .lavfi(graph) }
                return .silence(part.silence ?? 1)
            }, in: folder)
        return (made.path, Array(zip(made.spans, parts.map(\.language))))
    }

    /// `plan` of `clip` with `arguments`, and its stderr.
    private func plan(_ arguments: [String], folder: URL) throws -> (Plan, String) {
        let result = try ProcessRunner.run(
            CLI.binary, ["plan"] + arguments, environment: ["BURN_CAPTIONS_CACHE": folder.appendingPathComponent("cache").path])
        XCTAssertEqual(result.status, 0, result.stderr)
        return (try Plan.decode(result.stdout), result.stderr)
    }

    /// The fonts of the lines of a one-cue SubRip file of `text` in `language` (what a
    /// caption in that language is set in).
    private func fonts(of text: String, language: String, folder: URL) throws -> Set<String> {
        let srt = folder.appendingPathComponent("cue.\(language).srt")
        try "1\n00:00:00,500 --> 00:00:02,000\n\(text)\n".write(to: srt, atomically: true, encoding: .utf8)
        let video = try CLI.blackClip(size: "64x64", seconds: 3, in: folder)
        let (plan, _) = try plan([video, "--captions", srt.path, "--language", language], folder: folder)
        return Set(plan.captions.flatMap { $0.lines.flatMap(\.fonts) })
    }

    func testEachLanguageIsCaptionedInItsOwn() throws {
        for clip in try cases.get().clips {
            let folder = try temporaryFolder()
            let (path, spans) = try self.clip(clip.name, clip.parts, in: folder)
            let (plan, stderr) = try plan([path, "--captions", "auto"] + clip.arguments, folder: folder)
            var (right, counted) = (0, 0)
            for caption in plan.captions {
                for word in caption.words {
                    guard let expected = spans.first(where: { $0.0.contains(word.start) })?.1 else { continue }
                    counted += 1
                    if caption.language == expected { right += 1 }
                }
            }
            let share = counted == 0 ? 0 : Double(right) / Double(counted)
            let told = plan.captions.map { "\($0.language ?? "-"): \($0.text)" }.joined(separator: " | ")
            XCTAssertGreaterThanOrEqual(share, clip.rightWords, "\(clip.name): \(right) of \(counted) words; \(told); \(stderr)")
            // Each language's captions are set in the fonts a caption file in that language gets.
            for language in Set(spans.compactMap(\.1)) {
                let captions = plan.captions.filter { $0.language == language }
                XCTAssertFalse(captions.isEmpty, "\(clip.name): no caption in \(language): \(told)")
                guard let first = captions.first else { continue }
                let expected = try fonts(of: first.text, language: language, folder: folder)
                for caption in captions {
                    XCTAssertEqual(Set(caption.lines.flatMap(\.fonts)), expected, "\(clip.name): \(caption.text) (\(language))")
                }
            }
            if let language = clip.language {
                XCTAssertTrue(stderr.contains("(\(language), detected"), "\(clip.name): \(stderr)")
            }
        }
    }

    func testSoundsAloneGiveNoCaptions() throws {
        for sound in try cases.get().sounds {
            let folder = try temporaryFolder()
            let (path, _) = try clip(sound.name, sound.parts, in: folder)
            let (plan, stderr) = try plan([path, "--captions", "auto"], folder: folder)
            XCTAssertEqual(plan.captions.map(\.text), [], "\(sound.name): \(stderr)")
            XCTAssertTrue(stderr.contains("the video gets no captions"), "\(sound.name): \(stderr)")
            let (tagged, said) = try self.plan([path, "--captions", "auto", "--sound-tags"], folder: folder)
            XCTAssertEqual(tagged.captions.map(\.text), sound.tagged, "\(sound.name) --sound-tags: \(said)")
        }
    }
}
