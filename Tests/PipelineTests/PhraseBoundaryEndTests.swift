import Foundation
import Layout
import TestSupport
import XCTest

@testable import Captions
@testable import Pipeline

/// Over every caption case file of the test suite (`CaptionTexts`), each in its language,
/// chunked and laid out with the tiktok preset as a render does: no caption or line ends on a
/// bound word of its language's table where another break fits. Another line break fits when
/// each of its lines, laid out alone at the caption's size, fits one line of the safe area
/// (and the language's characters per line for recognized captions); another caption end when
/// the words it moves fit the next caption's characters.
final class PhraseBoundaryEndTests: XCTestCase {
    func testNoCaptionOrLineEndsOnABoundWordWhereAnotherBreakFits() throws {
        let rules = try ReadingRules.shipped()
        let texts = try CaptionTexts.all()
        XCTAssertGreaterThan(texts.count, 200)
        let before = try badEnds(texts, rules: rules, phrases: .none)
        let after = try badEnds(texts, rules: rules, phrases: rules.phrases)
        print("bad ends over \(texts.count) caption cases: \(before.count) by length alone, \(after.count) with the tables")
        XCTAssertEqual(after, [])
        XCTAssertGreaterThan(before.count, 0, "the count finds nothing to count")
    }

    /// Each case of `boundaries.json` as a hand-timed cue of 4 s, laid out with the tiktok
    /// preset: no caption's two lines part a closed-class word from its phrase where the
    /// caption could be cut in two at a free boundary instead, each part on screen long enough
    /// (`ChunkingLimits.shortestPiece`). A cue whose only lines that fit part one (`The kids
    /// across the street have` / `been building a huge snow fort`) is cut so, within its time.
    /// Without the tables, lines part such words (judged by the shipped tables).
    func testACueIsSplitRatherThanSetInLinesThatPartAPhrase() throws {
        let rules = try ReadingRules.shipped()
        let cases = try BoundaryCase.all()
        let before = try partedPhrases(cases, rules: rules, phrases: .none)
        let after = try partedPhrases(cases, rules: rules, phrases: rules.phrases)
        print(
            "\(cases.count) cues of 4 s, captions whose lines part a phrase: \(before.all.count) by length alone "
                + "(\(before.splittable.count) could be cut at a free boundary), \(after.all.count) with the tables "
                + "(\(after.splittable.count) could be cut)")
        XCTAssertEqual(after.splittable, [])
        XCTAssertGreaterThan(before.splittable.count, 0, "the count finds nothing to count")
    }

    /// `language: [lines]` for each caption whose two lines part a bound word, and of those,
    /// the ones with a free boundary between two words where both parts would be on screen at
    /// least the shortest piece (each word's time as the caption has it). Each cue's captions
    /// keep within its time and hold all its text.
    private func partedPhrases(_ cases: [BoundaryCase], rules: ReadingRules, phrases: PhraseTables) throws
        -> (all: [String], splittable: [String])
    {
        let engine = try LayoutEngine(fontsConf: Repository.fontsConf, phrases: phrases)
        let preset = try Preset.load(try Resources.preset("tiktok"))
        let style = preset.textStyle(width: 1080, height: 1920)
        var limits = rules.applied(to: preset.chunkingLimits(frameDuration: 1.0 / 30), languages: [], maximumLines: style.maximumLines)
        limits.phrases = phrases
        var found: (all: [String], splittable: [String]) = ([], [])
        for item in cases {
            var warnings: [String] = []
            let segment = Segment(text: item.text, start: 1, end: 5, language: item.language)
            let captions = CaptionBuilder.captions(
                from: Transcript(segments: [segment], language: item.language), limits: limits, warnings: &warnings)
            let planned = try LayoutPlanner.plan(
                captions, engine: engine, style: style, language: item.language, minGap: limits.minGap,
                minDuration: limits.minDuration)
            XCTAssertEqual(planned.first?.caption.start, 1, item.label)
            XCTAssertEqual(planned.last?.caption.end, 5, item.label)
            let letters = { (text: String) in text.filter { !$0.isWhitespace } }
            XCTAssertEqual(letters(planned.map(\.caption.text).joined()), letters(item.text), item.label)
            let table = try XCTUnwrap(rules.phrases.table(for: item.language))
            for item in planned {
                let (caption, lines) = (item.caption, item.layout.lines.map(\.text))
                guard BoundaryCheck.boundBreak(lines, table: table, language: caption.language) != nil else { continue }
                found.all.append("\(caption.language ?? ""): \(lines)")
                let words = caption.words
                let cuttable = (1..<max(1, words.count)).contains { k in
                    let first = words[..<k].map(\.text).joined(separator: " ")
                    let second = words[k...].map(\.text).joined(separator: " ")
                    return min(words[k - 1].end - caption.start, caption.end - words[k].start) >= limits.shortestPiece
                        && BoundaryCheck.boundBreak([first, second], table: table, language: caption.language) == nil
                }
                if cuttable { found.splittable.append("\(caption.language ?? ""): \(lines)") }
            }
        }
        return found
    }

    /// Each bad end, as `place: the line ends on ...`, when the captions are chunked and laid
    /// out with `phrases` (and judged by the shipped tables).
    private func badEnds(_ texts: [CaptionTexts], rules: ReadingRules, phrases: PhraseTables) throws -> [String] {
        let engine = try LayoutEngine(fontsConf: Repository.fontsConf, phrases: phrases)
        let preset = try Preset.load(try Resources.preset("tiktok"))
        let style = preset.textStyle(width: 1080, height: 1920)
        let wordsBack = Int(try XCTUnwrap(rules.row(.boundary, language: nil)).limit)
        var found: [String] = []
        for text in texts {
            let segments = text.cues.enumerated().map { index, cue in
                Segment(text: cue.text, start: cue.start, end: cue.end, language: text.language, source: SourceLocation(line: index + 1))
            }
            var limits = rules.applied(
                to: preset.chunkingLimits(frameDuration: 1.0 / 30), languages: [text.language], maximumLines: style.maximumLines)
            limits.phrases = phrases
            var warnings: [String] = []
            let captions = CaptionBuilder.captions(
                from: Transcript(segments: segments, language: text.language), limits: limits, warnings: &warnings)
            let planned = try LayoutPlanner.plan(
                captions, engine: engine, style: style, language: text.language, minGap: limits.minGap,
                charactersPerLine: rules.charactersPerLine(for: [text.language]))
            for (index, item) in planned.enumerated() {
                let caption = item.caption
                let language = caption.language ?? text.language
                guard let table = rules.phrases.table(for: language) else { continue }
                let perLine = CaptionChunker.isRecognized(caption) ? rules.row(.charactersPerLine, language: language).map { Int($0.limit) } : nil
                func fitsLine(_ line: String) -> Bool {
                    if let perLine, ReadingRules.characters(line) > perLine { return false }
                    var alone = style
                    alone.size = item.layout.fontSize
                    alone.minimumSize = item.layout.fontSize
                    alone.maximumLines = 1
                    let laidOut = try? engine.layout(Caption(text: line, start: 0, end: 1, language: language), style: alone)
                    return laidOut?.fit == .fits && laidOut?.fontSize == item.layout.fontSize
                }
                if let bad = BoundaryCheck.lineEnd(item.layout.lines.map(\.text), table: table, language: language, fits: fitsLine) {
                    found.append("\(text.place): \(bad.message): \(item.layout.lines.map(\.text))")
                }
                guard index + 1 < planned.count else { continue }
                let next = planned[index + 1].caption
                guard next.source == caption.source, next.lane == caption.lane, next.start - caption.end < Lint.continuing else { continue }
                let bad = BoundaryCheck.captionEnd(caption.text, next: next.text, table: table, language: language, wordsBack: wordsBack) {
                    CaptionChunker.width(TimedToken.tokens(of: Segment(text: $0, start: 0, end: 1))) <= limits.maxCharacters
                }
                if let bad { found.append("\(text.place): \(bad.message): \"\(caption.text)\" | \"\(next.text)\"") }
            }
        }
        return found
    }
}
