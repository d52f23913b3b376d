import Foundation
import Layout
import TestSupport
import XCTest

@testable import Captions
@testable import Pipeline
@testable import Settings

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

    /// Each case of `boundaries.json` as a hand-timed cue of 4 s, chunked and laid out with
    /// the tiktok preset as a render does (the layout asked whether a caption fits): a cue
    /// that fits the preset's lines is one caption from its start to its end, never cut in
    /// time to mend a line break; only a cue that does not fit is divided, within its time.
    /// Its lines part a phrase no more often than without the tables.
    func testACueThatFitsItsLinesKeepsItsTimesWhole() throws {
        let rules = try ReadingRules.shipped()
        let cases = try BoundaryCase.all()
        let before = try cueLayouts(cases, rules: rules, phrases: .none)
        let after = try cueLayouts(cases, rules: rules, phrases: rules.phrases)
        print(
            "\(cases.count) cues of 4 s: \(after.whole) kept whole, \(after.divided) divided; lines parting a phrase: "
                + "\(before.parted) by length alone, \(after.parted) with the tables")
        XCTAssertEqual(after.cutThoughFitting, [])
        XCTAssertGreaterThan(after.whole, cases.count / 2, "the cases are cues that fit")
        XCTAssertLessThanOrEqual(after.parted, before.parted)
    }

    /// How the cues of `cases` came out: kept whole, divided, the labels of cues cut though
    /// they fit as one caption, and how many captions' lines part a bound word.
    private func cueLayouts(_ cases: [BoundaryCase], rules: ReadingRules, phrases: PhraseTables) throws
        -> (whole: Int, divided: Int, cutThoughFitting: [String], parted: Int)
    {
        let engine = try LayoutEngine(fontsConf: Repository.fontsConf, phrases: phrases)
        let preset = try Preset.load(try Resources.preset("tiktok"))
        let style = preset.textStyle(width: 1080, height: 1920)
        var limits = rules.applied(to: preset.chunkingLimits(frameDuration: 1.0 / 30), languages: [], maximumLines: style.maximumLines)
        limits.phrases = phrases
        var found: (whole: Int, divided: Int, cutThoughFitting: [String], parted: Int) = (0, 0, [], 0)
        for item in cases {
            var warnings: [String] = []
            let segment = Segment(text: item.text, start: 1, end: 5, language: item.language)
            let fit = LayoutPlanner.fit(engine: engine, style: style, language: item.language, rules: rules)
            let captions = CaptionBuilder.captions(
                from: Transcript(segments: [segment], language: item.language), limits: limits, fit: fit, warnings: &warnings)
            let planned = try LayoutPlanner.plan(captions, engine: engine, style: style, language: item.language)
            XCTAssertEqual(planned.first?.caption.start, 1, item.label)
            XCTAssertEqual(planned.last?.caption.end, 5, item.label)
            let letters = { (text: String) in text.filter { !$0.isWhitespace } }
            XCTAssertEqual(letters(planned.map(\.caption.text).joined()), letters(item.text), item.label)
            let whole = try engine.layout(Caption(text: item.text, start: 1, end: 5, language: item.language), style: style)
            if planned.count == 1 {
                found.whole += 1
            } else {
                found.divided += 1
                if whole.fit == .fits { found.cutThoughFitting.append(item.label) }
            }
            let table = try XCTUnwrap(rules.phrases.table(for: item.language))
            found.parted += planned.filter {
                BoundaryCheck.boundBreak($0.layout.lines.map(\.text), table: table, language: $0.caption.language) != nil
            }.count
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
            let fit = LayoutPlanner.fit(engine: engine, style: style, language: text.language, rules: rules)
            let captions = CaptionBuilder.captions(
                from: Transcript(segments: segments, language: text.language), limits: limits, fit: fit, warnings: &warnings)
            let planned = try LayoutPlanner.plan(
                captions, engine: engine, style: style, language: text.language,
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
