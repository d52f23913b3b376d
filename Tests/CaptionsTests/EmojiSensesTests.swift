import Captions
import Foundation
import TestSupport
import XCTest

/// The senses files of `--emoji auto` (`Presets/rules/emoji`): the shipped ones load, one a
/// language named by its file; a broken one is refused with its file and field named.
final class EmojiSensesTests: XCTestCase {
    private static let shipped = Repository.root.appendingPathComponent("Presets/rules/emoji")

    func testTheShippedFilesLoadOneALanguage() throws {
        let senses = try EmojiSenses.load(folder: Self.shipped)
        XCTAssertEqual(Set(senses.keys), ["en", "es"])
        for (language, file) in senses {
            XCTAssertEqual(file.language, language)
            XCTAssertFalse(file.never.isEmpty, language)
            XCTAssertTrue(file.senses.contains { $0.word == "shorts" }, "\(language): the platform's word is listed")
        }
    }

    func testABrokenFileNamesItsFieldAndEveryProblem() throws {
        let folder = try temporaryFolder()
        let english = try String(contentsOf: Self.shipped.appendingPathComponent("en.json"), encoding: .utf8)
        func refused(_ text: String, as name: String = "en.json") throws -> String {
            try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(at: folder.appendingPathComponent(name)) }
            do {
                _ = try EmojiSenses.load(folder: folder)
                XCTFail("\(name) was loaded")
                return ""
            } catch let error as CaptionError {
                return error.description
            }
        }
        let path = folder.appendingPathComponent("en.json").path
        // A field of the wrong type, named by its place.
        let wrongType = try refused(english.replacingOccurrences(of: "\"lowerCase\": true", with: "\"lowerCase\": \"yes\""))
        XCTAssertTrue(wrongType.hasPrefix("\(path): senses[0].lowerCase:"), wrongType)
        // A missing field.
        let missing = try refused(english.replacingOccurrences(of: "\"never\": [", with: "\"nevermore\": ["))
        XCTAssertTrue(missing.contains("\(path): "), missing)
        XCTAssertTrue(missing.contains("never"), missing)
        // Words that are no words, an emoji that is none and the wrong language: all said at once.
        let words = try refused(
            english.replacingOccurrences(of: "\"emoji\": \"🩳\"", with: "\"emoji\": \"shorts\"")
                .replacingOccurrences(of: "\"right\", \"left\"", with: "\"Right\", \"...\""), as: "fr.json")
        let french = folder.appendingPathComponent("fr.json").path
        for field in ["language", "never[0]", "never[1]", "senses[0].emoji"] {
            XCTAssertTrue(words.contains("\(french): \(field): "), "\(field): \(words)")
        }
    }
}
