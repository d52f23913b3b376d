import CaptionFiles
import Foundation
import Layout
import TestSupport
import XCTest

@testable import Captions
@testable import Pipeline
@testable import Settings

/// A pause in the speech ends a caption (`Tests/Cases/pauses.json`): under tiktok, default and
/// a word limit of 3, for word-timed speech (one segment a text, as a recognizer gives it) and
/// for a SubRip file of the same text and times (a cue a phrase), chunked and laid out as a
/// render does: no caption spans a pause of `BreakRank.longPause` or more, every phrase after
/// such a pause starts a caption within 0.10 s of its first word, and no caption or line
/// ends on a word its language's table marks as standing before its noun (an article, a
/// determiner, a possessive, an adjective) when the noun follows.
final class PauseCaptionTests: XCTestCase {
    func testAPauseEndsACaption() throws {
        let cases = try PauseCases.load()
        let rules = try ReadingRules.shipped()
        let engine = try LayoutEngine(fontsConf: Repository.fontsConf, phrases: rules.phrases)
        var failures: [String] = []
        var captionCount = 0
        for (presetName, width, height, maxWords) in [("tiktok", 1080, 1920, nil), ("default", 1920, 1080, nil), ("tiktok", 1080, 1920, 3)] {
            let preset = try Preset.load(try Resources.preset(presetName))
            let style = preset.textStyle(width: width, height: height)
            for text in cases.texts {
                let words = cases.words(of: text)
                let limits = rules.applied(
                    to: preset.chunkingLimits(frameDuration: 1.0 / 30, maxWords: maxWords), languages: [text.language],
                    maximumLines: style.maximumLines)
                let fit = LayoutPlanner.fit(engine: engine, style: style, language: text.language, rules: rules)
                for timed in [true, false] {
                    let label = "\(presetName)\(maxWords.map { " --max-words \($0)" } ?? "") \(timed ? "word times" : "SubRip")"
                    var warnings: [String] = []
                    let captions = CaptionBuilder.captions(
                        from: Transcript(segments: segments(text, words, timed: timed), language: text.language), limits: limits,
                        fit: fit, warnings: &warnings)
                    captionCount += captions.count
                    let planned = try LayoutPlanner.plan(
                        captions, engine: engine, style: style, language: text.language,
                        charactersPerLine: rules.charactersPerLine(for: [text.language]))
                    failures += try problems(planned, words: words, language: text.language, rules: rules, label: label)
                }
            }
        }
        print("pauses: \(captionCount) captions over \(cases.texts.count) texts, 3 settings, 2 sources")
        XCTAssertEqual(failures, [])
        XCTAssertGreaterThan(captionCount, 6 * cases.texts.count)
    }

    /// The same texts spoken by espeak-ng, phrase after phrase with the file's pauses (each
    /// longer by the voice's own lead and tail), and recognized (`transcribe`, tiny.en): the
    /// recognizer hears every pause of `BreakRank.longPause` or more as one between its words,
    /// and the captions planned from its word times keep the same rules.
    func testAPauseInRecognizedSpeechEndsACaption() throws {
        let cases = try PauseCases.load()
        let folder = try temporaryFolder()
        var parts: [SpeechClips.Part] = [.silence(0.5)]
        for text in cases.texts {
            for phrase in text.phrases { parts += [.speech(phrase.text, voice: "en-us"), .silence(max(phrase.pauseAfter, 0.2))] }
            parts.append(.silence(1.5))
        }
        let (clip, spans) = try SpeechClips.make("pauses", parts, in: folder)
        let transcript = folder.appendingPathComponent("pauses.json").path
        let result = try ProcessRunner.run(
            CLI.binary, ["transcribe", clip, "-o", transcript, "--model", "tiny.en"],
            environment: ["BURN_CAPTIONS_CACHE": folder.appendingPathComponent("cache").path])
        XCTAssertEqual(result.status, 0, result.stderr)
        let segments = try CaptionReader.read(path: transcript).segments
        let words = segments.flatMap(\.words).map { PauseCases.TimedWord(text: $0.text, start: $0.start, end: $0.end, phrase: 0) }
        XCTAssertGreaterThan(words.count, 80, "most of the speech is heard")
        // Each silence of a long pause (the voice's own silence around it included) holds a gap
        // of the recognized words as long.
        for (index, part) in parts.enumerated() {
            guard case .silence = part, index > 0, index + 1 < parts.count, spans[index].upperBound - spans[index].lowerBound >= 0.8
            else { continue }
            let gap = zip(words, words.dropFirst()).contains { before, after in
                after.start - before.end >= BreakRank.longPause && before.end < spans[index].upperBound
                    && after.start > spans[index].lowerBound
            }
            XCTAssertTrue(gap, "the pause \(spans[index]) is heard as one")
        }
        let rules = try ReadingRules.shipped()
        let engine = try LayoutEngine(fontsConf: Repository.fontsConf, phrases: rules.phrases)
        var failures: [String] = []
        for (presetName, width, height, maxWords) in [("tiktok", 1080, 1920, nil), ("default", 1920, 1080, nil), ("tiktok", 1080, 1920, 3)] {
            let preset = try Preset.load(try Resources.preset(presetName))
            let style = preset.textStyle(width: width, height: height)
            let limits = rules.applied(
                to: preset.chunkingLimits(frameDuration: 1.0 / 30, maxWords: maxWords), languages: ["en"], maximumLines: style.maximumLines)
            var warnings: [String] = []
            let captions = CaptionBuilder.captions(
                from: Transcript(segments: segments, language: "en"), limits: limits,
                fit: LayoutPlanner.fit(engine: engine, style: style, language: "en", rules: rules), warnings: &warnings)
            let planned = try LayoutPlanner.plan(
                captions, engine: engine, style: style, language: "en", charactersPerLine: rules.charactersPerLine(for: ["en"]))
            let label = "recognized, \(presetName)\(maxWords.map { " --max-words \($0)" } ?? "")"
            failures += try problems(planned, words: words, language: "en", rules: rules, label: label)
        }
        XCTAssertEqual(failures, [], words.map { "\($0.text)@\($0.start)-\($0.end)" }.joined(separator: " "))
    }

    /// The segments of `text`: one with every word's time, or a cue a phrase from its first
    /// word's start to its last word's end (its words spread by length).
    private func segments(_ text: PauseCases.Text, _ words: [PauseCases.TimedWord], timed: Bool) -> [Segment] {
        if timed {
            let given = words.map { Word(text: $0.text, start: $0.start, end: $0.end) }
            return [
                Segment(
                    text: text.phrases.map(\.text).joined(separator: " "), start: words[0].start, end: words[words.count - 1].end,
                    language: text.language, words: given)
            ]
        }
        return text.phrases.indices.map { index in
            let inPhrase = words.filter { $0.phrase == index }
            return Segment(
                text: text.phrases[index].text, start: inPhrase[0].start, end: inPhrase[inPhrase.count - 1].end,
                language: text.language, source: SourceLocation(line: 4 * index + 1))
        }
    }

    /// Whether `boundary` parts a word from the noun it stands before.
    private func prenominal(_ boundary: PhraseBoundary) -> Bool {
        switch boundary {
        case .insideNounPhrase: return true
        case .afterBound(_, let wordClass): return BreakRank.prenominal.contains(wordClass)
        default: return false
        }
    }

    /// What breaks the rules in `planned`, each as `label: what`.
    private func problems(
        _ planned: [PlannedCaption], words: [PauseCases.TimedWord], language: String, rules: ReadingRules, label: String
    ) throws -> [String] {
        var found: [String] = []
        let counts = planned.map(\.caption.words.count)
        guard counts.reduce(0, +) == words.count else {
            return ["\(label): \(counts.reduce(0, +)) words in the captions, \(words.count) spoken"]
        }
        let table = try XCTUnwrap(rules.phrases.table(for: language))
        var first = 0  // the spoken word each caption starts with
        var starts: [Int: Double] = [:]
        for (index, item) in planned.enumerated() {
            let caption = item.caption
            let range = first..<(first + counts[index])
            starts[first] = caption.start
            for k in range.dropFirst() where words[k].start - words[k - 1].end >= BreakRank.longPause - 1e-9 {
                found.append("\(label): \"\(caption.text)\" spans the pause before \"\(words[k].text)\"")
            }
            if let bound = BoundaryCheck.boundBreak(item.layout.lines.map(\.text), table: table, language: language), prenominal(bound) {
                found.append("\(label): the lines \(item.layout.lines.map(\.text)) part \"\(bound.boundWord ?? "")\"")
            }
            if index + 1 < planned.count,
                let bound = BoundaryCheck.boundBreak([caption.text, planned[index + 1].caption.text], table: table, language: language),
                prenominal(bound)
            {
                found.append("\(label): \"\(caption.text)\" ends on \"\(bound.boundWord ?? "")\"")
            }
            first = range.upperBound
        }
        for k in words.indices.dropFirst() where words[k].start - words[k - 1].end >= BreakRank.longPause - 1e-9 {
            guard let start = starts[k] else {
                found.append("\(label): no caption starts with \"\(words[k].text)\" after its pause")
                continue
            }
            if abs(start - words[k].start) > 0.10 {
                found.append("\(label): the caption of \"\(words[k].text)\" starts at \(start), the word at \(words[k].start)")
            }
        }
        return found
    }
}
