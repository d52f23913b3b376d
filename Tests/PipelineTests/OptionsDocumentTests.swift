import Commands
import Farm
import Foundation
import Pipeline
import TestSupport
import XCTest

/// docs/OPTIONS.md documents every option `burn-captions --help` lists and every field of a
/// batch manifest, each in one row of a table (an option may have a row in each command's
/// section, as `-o` of a render and of `join` do; never two in one section).
final class OptionsDocumentTests: XCTestCase {
    /// The rows of docs/OPTIONS.md's tables: the section (`## ...`) each is in and the names
    /// written in code at the start of each backticked span of its first cell.
    private func rows() throws -> [(section: String, names: [String])] {
        let text = try String(contentsOf: Repository.root.appendingPathComponent("docs/OPTIONS.md"), encoding: .utf8)
        var section = ""
        var rows: [(String, [String])] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("## ") { section = String(line) }
            guard line.hasPrefix("| `"), let first = line.dropFirst(2).components(separatedBy: " | ").first else { continue }
            // `-p`, `--preset NAME\|FILE`: each span's first word.
            let spans = first.split(separator: "`", omittingEmptySubsequences: false).enumerated()
                .filter { $0.offset % 2 == 1 }.map(\.element)
            rows.append((section, spans.compactMap { $0.split(separator: " ").first.map(String.init) }))
        }
        return rows
    }

    func testEveryOptionOfTheHelpHasOneRow() throws {
        let help = try CLI.burn(["--help"])
        XCTAssertEqual(help.status, 0)
        let text = help.stdout + help.stderr
        let pattern = try NSRegularExpression(pattern: "(?<![\\w-])--?[a-z][a-z0-9-]*")
        let options = Set(
            pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { String(text[Range($0.range, in: text)!]) })
        XCTAssertGreaterThan(options.count, 40, "the help lists the options")
        let rows = try rows()
        let documented = Set(rows.flatMap(\.names))
        XCTAssertEqual(options.subtracting(documented).sorted(), [], "options of --help without a row in docs/OPTIONS.md")
        for section in Set(rows.map(\.section)) {
            let names = rows.filter { $0.section == section }.flatMap(\.names).filter { $0.hasPrefix("-") }
            let twice = Dictionary(grouping: names, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted()
            XCTAssertEqual(twice, [], "options with two rows in \(section)")
        }
    }

    /// Every spelling of the table of options, those only the synopsis of `--help` shows
    /// (`--json`, `join`'s `-i`, `batch`'s) among them.
    func testEveryOptionOfTheTableHasARow() throws {
        let documented = Set(try rows().flatMap(\.names))
        let names = Set(CommandOption.all.flatMap(\.names))
        XCTAssertGreaterThan(names.count, 45, "the table lists the options")
        XCTAssertEqual(names.subtracting(documented).sorted(), [], "options of CommandOption.all without a row in docs/OPTIONS.md")
    }

    func testEveryManifestFieldHasOneRow() throws {
        let fields = try rows().filter { $0.section == "## `batch`" }.flatMap(\.names).filter { !$0.hasPrefix("-") }
        XCTAssertEqual(fields.sorted(), BatchJob.manifestFields.sorted(), "the manifest fields of docs/OPTIONS.md")
    }
}
