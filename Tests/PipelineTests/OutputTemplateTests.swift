import Commands
import Foundation
import Pipeline
import TestSupport
import XCTest

/// Output templates filled with what caption files, presets and looks may name
/// (`Tests/Cases/output-templates.json`): no value adds a folder, leaves one, holds a control
/// character or starts an option; `{{` and `}}` are braces.
final class OutputTemplateTests: XCTestCase {
    private struct Cases: Decodable {
        struct Case: Decodable {
            let template: String
            let values: [String: String]
            let path: String?
            let error: String?
        }
        let cases: [Case]
    }

    func testTemplatesFillSafely() throws {
        let cases = try Repository.cases(Cases.self, "output-templates.json").cases
        XCTAssertGreaterThan(cases.count, 10)
        for item in cases {
            do {
                let path = try OutputTemplate(item.template).path(item.values)
                XCTAssertNil(item.error, "\(item.template) should be refused, gave \(path)")
                XCTAssertEqual(path, item.path, item.template)
                // Whatever the values, the folders are the template's own.
                let folders = { (text: String) in text.split(separator: "/", omittingEmptySubsequences: false).dropLast() }
                XCTAssertEqual(Array(folders(path)).count, Array(folders(item.template)).count, item.template)
                XCTAssertFalse(path.split(separator: "/").contains { $0 == ".." || $0.hasPrefix("-") }, path)
            } catch let error as BurnError {
                guard let expected = item.error else { return XCTFail("\(item.template): \(error)") }
                XCTAssertEqual(error.exitCode, 2, item.template)
                XCTAssertTrue(error.description.contains(expected), "\(item.template): \(error)")
            }
        }
    }

    func testABracedPlaceholderIsNotUsed() throws {
        XCTAssertFalse(try OutputTemplate("out/{{lang}}.mp4").uses("lang"))
        XCTAssertTrue(try OutputTemplate("out/{{{lang}}}.mp4").uses("lang"))
    }
}
