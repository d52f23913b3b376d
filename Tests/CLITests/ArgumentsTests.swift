import Commands
import Foundation
import Pipeline
import TestSupport
import XCTest

@testable import BurnCaptionsCLI

/// `Arguments.parse` as a unit: every option of the table of options read into the command
/// (Tests/Cases/arguments.json), and every usage error the parsers raise (exit code 2).
final class ArgumentsTests: XCTestCase {
    private struct Cases: Decodable {
        struct Parsed: Decodable {
            var arguments: [String]
            var expect: [String: String]  // a field of the command (path as `fields` names it) -> its value
        }
        struct Refused: Decodable {
            var arguments: [String]
            var message: String
        }
        /// A usage error no command line reaches (a check made twice): a part of its message, and why.
        struct Unreachable: Decodable {
            var template: String
            var why: String
        }
        var parsed: [Parsed]
        var usageErrors: [Refused]
        var unreachable: [Unreachable]
    }

    private let cases = Result { try Repository.cases(Cases.self, "arguments.json") }

    /// Every field of `value` down to its leaves, by path: enum cases, tuple labels (`0` for
    /// none), property names and array indices joined with dots (`burn.0.0.encoder.crf`);
    /// an optional's value stands for it.
    private func fields(_ value: Any, path: String = "") -> [String: String] {
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional, let wrapped = mirror.children.first {
            return fields(wrapped.value, path: path)
        }
        guard !mirror.children.isEmpty else { return [path: String(describing: value)] }
        var result: [String: String] = [:]
        for (index, child) in mirror.children.enumerated() {
            let label = child.label.map { $0.hasPrefix(".") ? String($0.dropFirst()) : $0 } ?? String(index)
            result.merge(fields(child.value, path: path.isEmpty ? label : "\(path).\(label)")) { first, _ in first }
        }
        return result
    }

    func testEveryOptionIsParsed() throws {
        for parsed in try cases.get().parsed {
            let command: Command
            do {
                command = try Arguments.parse(parsed.arguments)
            } catch {
                XCTFail("\(parsed.arguments): \(error)")
                continue
            }
            let got = fields(command)
            for (path, value) in parsed.expect.sorted(by: { $0.key < $1.key }) {
                XCTAssertEqual(got[path], value, "\(parsed.arguments): \(path) (fields: \(got.keys.sorted()))")
            }
        }
    }

    /// Each spelling of each option, for each command that takes it, is in a parsed case.
    func testEveryOptionHasACase() throws {
        let parsed = try cases.get().parsed
        for option in CommandOption.all {
            for command in option.commands {
                for name in option.names {
                    let covered = parsed.contains { $0.arguments.contains(name) && Self.command(of: $0.arguments) == command }
                    XCTAssertTrue(covered, "no case parses \(name) for \(command.rawValue)")
                }
            }
        }
    }

    func testEveryUsageErrorIsRaised() throws {
        for refused in try cases.get().usageErrors {
            XCTAssertThrowsError(try Arguments.parse(refused.arguments), "\(refused.arguments)") { error in
                guard case BurnError.usage(let message) = error else { return XCTFail("\(refused.arguments): \(error)") }
                XCTAssertEqual(message, refused.message, "\(refused.arguments)")
            }
        }
    }

    /// Each usage error the command line's parsers write (each `BurnError.usage("...")` of
    /// Sources/BurnCaptionsCLI and `source.refusal("...")` of the checks it shares with
    /// manifests, `\(...)` standing for any text) is the message of a case, but for those the
    /// case file lists as unreachable.
    func testEveryUsageErrorHasACase() throws {
        let folder = Repository.root.appendingPathComponent("Sources/BurnCaptionsCLI")
        let messages = try cases.get().usageErrors.map(\.message)
        let unreachable = try cases.get().unreachable.map { NSRegularExpression.escapedPattern(for: $0.template) }
        var templates: [String] = []
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasSuffix(".swift") {
            let source = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            templates += Self.templates(in: source, after: "BurnError.usage(")
        }
        let checks = Repository.root.appendingPathComponent("Sources/Commands/OptionCheck.swift")
        templates += Self.templates(in: try String(contentsOf: checks, encoding: .utf8), after: "source.refusal(")
        XCTAssertGreaterThan(templates.count, 45, "the parsers' usage errors")
        for template in templates where !unreachable.contains(where: template.contains) {
            let pattern = try NSRegularExpression(pattern: "^" + template + "$")
            let hit = messages.contains { pattern.firstMatch(in: $0, range: NSRange($0.startIndex..., in: $0)) != nil }
            XCTAssertTrue(hit, "no case raises the usage error /\(template)/")
        }
    }

    /// The string literals given to `call` (`BurnError.usage(`) in `source`, as regular expressions.
    private static func templates(in source: String, after call: String) -> [String] {
        var templates: [String] = []
        var rest = source[...]
        while let start = rest.range(of: call) {
            rest = rest[start.upperBound...].drop { $0 == " " || $0 == "\n" }
            guard rest.first == "\"" else { continue }
            var template = ""
            var characters = rest.dropFirst().makeIterator()
            while let character = characters.next(), character != "\"" {
                guard character == "\\" else {
                    template += NSRegularExpression.escapedPattern(for: String(character))
                    continue
                }
                let escaped = characters.next()
                guard escaped == "(" else {
                    template += NSRegularExpression.escapedPattern(for: String(escaped ?? "\\"))
                    continue
                }
                // An interpolation: any text, up to its closing parenthesis.
                var depth = 1
                while depth > 0, let inner = characters.next() { depth += inner == "(" ? 1 : inner == ")" ? -1 : 0 }
                template += ".*"
            }
            templates.append(template)
        }
        return templates
    }

    /// The command `arguments` run: its first word, or a render (a part with `--plan`).
    private static func command(of arguments: [String]) -> OptionCommand {
        if let first = arguments.first, let command = OptionCommand(rawValue: first), command != .render, command != .part {
            return command
        }
        return arguments.contains("--plan") ? .part : .render
    }
}
