import TestSupport
import XCTest

@testable import Captions
@testable import Pipeline

/// The language of a caption file that names none, told from its words and script
/// (`CaptionLanguage.guess`), on the sentences of `Tests/Cases/boundaries.json`.
final class CaptionLanguageGuessTests: XCTestCase {
    /// Each language's sentences, joined as one file's text: its own language.
    func testEachLanguageOfTheTablesIsToldFromItsSentences() throws {
        let tables = try Repository.phrases()
        let byLanguage = Dictionary(grouping: try BoundaryCase.all(), by: { primary($0.language) })
        XCTAssertEqual(Set(byLanguage.keys), Set(tables.tables.keys), "a case file for every table")
        for (language, cases) in byLanguage.sorted(by: { $0.key < $1.key }) {
            let text = cases.map(\.text).joined(separator: "\n")
            XCTAssertEqual(CaptionLanguage.guess(from: text, tables: tables).map(primary), language, text)
        }
    }

    /// One sentence alone is told right or not at all: never as another language.
    func testASentenceAloneIsNeverToldAsAnotherLanguage() throws {
        let tables = try Repository.phrases()
        let cases = try BoundaryCase.all()
        var (right, untold, wrong) = (0, 0, [String]())
        for item in cases {
            switch CaptionLanguage.guess(from: item.text, tables: tables).map(primary) {
            case primary(item.language)?: right += 1
            case nil: untold += 1
            case let other?: wrong.append("\(item.label): \(other)")
            }
        }
        print("\(cases.count) sentences alone: \(right) told right, \(untold) not told, \(wrong.count) told wrong")
        XCTAssertEqual(wrong, [])
        XCTAssertGreaterThan(right, cases.count * 3 / 4)
    }

    /// Too few words tell nothing; a script of one table's language tells it; Latin text
    /// without a table's words is not told.
    func testWhatCannotBeTold() throws {
        let tables = try Repository.phrases()
        XCTAssertNil(CaptionLanguage.guess(from: "Hello there", tables: tables))
        XCTAssertNil(CaptionLanguage.guess(from: "Zorp blick fandango quix mervel tandoori plonk wibble", tables: tables))
        XCTAssertEqual(CaptionLanguage.guess(from: "Привет всем", tables: tables), "ru")
        XCTAssertEqual(CaptionLanguage.guess(from: "สวัสดีครับ", tables: tables), "th")
        XCTAssertNil(CaptionLanguage.guess(from: "Γεια σας σε όλους", tables: tables), "no Greek table")
        XCTAssertEqual(CaptionLanguage.scriptLanguage(of: "Γεια σας σε όλους"), "el")
        XCTAssertNil(CaptionLanguage.guess(from: "Heute", tables: .none))
    }

    private func primary(_ tag: String) -> String { String(tag.split(separator: "-")[0]).lowercased() }
}
