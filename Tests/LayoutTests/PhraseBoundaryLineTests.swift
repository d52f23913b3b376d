import Captions
import Imaging
import TestSupport
import XCTest

@testable import Layout

/// The line breaker on the phrase-boundary cases (`Tests/Cases/boundaries.json`): each
/// sentence set in two lines of at most as many characters as the longest line of either
/// break, so both fit; the first line ends where a subtitler ends it.
final class PhraseBoundaryLineTests: XCTestCase {
    /// Wide enough that only the characters per line limit a line.
    private func style(charactersPerLine: Int) -> TextStyle {
        var style = TextStyle(
            family: "Noto Sans", weight: 700, size: 40, minimumSize: 40,
            safeArea: Rect(x: 0, y: 0, width: 6000, height: 1000), anchorX: 3000, anchorY: 500)
        style.charactersPerLine = charactersPerLine
        return style
    }

    private func lines(_ item: BoundaryCase, engine: LayoutEngine) throws -> [String] {
        let afterRejected = String(item.text.dropFirst(item.rejected.count)).trimmingCharacters(in: .whitespaces)
        let longest = [item.expected, item.rest, item.rejected, afterRejected].map(\.count).max() ?? 0
        let caption = Caption(text: item.text, start: 0, end: 1, language: item.language)
        return try engine.layout(caption, style: style(charactersPerLine: longest)).lines.map(\.text)
    }

    /// The first line ends at a free boundary of the table (the expected one, or another that
    /// is more balanced), never at the rejected one.
    func testTheFirstLineEndsWhereASubtitlerWould() throws {
        let phrases = try Repository.phrases()
        let engine = try LayoutEngine(fontsConf: Repository.fontsConf, phrases: phrases)
        let cases = try BoundaryCase.all()
        var failures: [String] = []
        var asExpected = 0
        for item in cases {
            let set = try lines(item, engine: engine)
            let table = try XCTUnwrap(phrases.table(for: item.language), item.language)
            let separator = item.text.contains(set.joined(separator: " ")) ? " " : ""
            let text = set.joined(separator: separator)
            let cut = (set.first?.utf8.count ?? 0) + separator.utf8.count
            let phrase = LineBreaker.breaks(in: text, language: item.language, phrases: table).first { $0.offset == cut }?.phrase
            if set.count != 2 || set[0] == item.rejected || phrase?.isBound != false {
                failures.append("\(item.label): \(set) (\(String(describing: phrase))), expected \([item.expected, item.rest])")
            }
            if set == [item.expected, item.rest] { asExpected += 1 }
        }
        print("boundary cases with tables: \(asExpected) of \(cases.count) first lines end where expected, the rest at another free boundary")
        XCTAssertEqual(failures, [], "\(failures.count) of \(cases.count)")
    }

    /// Without the tables, the most balanced lines end at the rejected boundary in some of the
    /// cases (so the test above fails without them).
    func testWithoutTablesSomeLinesEndAtTheRejectedBoundary() throws {
        let engine = try LayoutEngine(fontsConf: Repository.fontsConf, phrases: .none)
        let cases = try BoundaryCase.all()
        let rejected = try cases.filter { try lines($0, engine: engine).first == $0.rejected }.count
        print("boundary cases without tables: \(rejected) of \(cases.count) first lines end at the rejected boundary")
        XCTAssertGreaterThan(rejected, cases.count / 10)
    }

    func testBreaksSayWhatTheyDoToThePhrase() throws {
        let table = try XCTUnwrap(try Repository.phrases().table(for: "de-DE"))
        let breaks = LineBreaker.breaks(in: "Heute testen wir die glänzenden Kameras", language: "de", phrases: table)
        let text = Array("Heute testen wir die glänzenden Kameras".utf8)
        let phrases = Dictionary(uniqueKeysWithValues: breaks.map { (String(decoding: text[..<$0.offset], as: UTF8.self), $0.phrase) })
        XCTAssertEqual(phrases["Heute testen wir "], .free)
        XCTAssertEqual(phrases["Heute testen wir die "], .afterBound("die", .article))
        XCTAssertEqual(phrases["Heute testen wir die glänzenden "], .insideNounPhrase("glänzenden"))
    }
}
