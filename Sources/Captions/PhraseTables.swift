import Foundation

/// The closed-class tables of every language (`Presets/rules/boundaries/*.json`, one file a
/// language named by its primary subtag), which the chunker and the line breaker ask where a
/// phrase may end.
public struct PhraseTables: Sendable, Equatable {
    /// By primary language subtag, lowercased.
    public let tables: [String: PhraseTable]

    /// No tables: every break between words is free.
    public static let none = PhraseTables(tables: [:])

    public init(tables: [String: PhraseTable]) { self.tables = tables }

    /// The table for `language` (BCP-47: `de-DE`, `zh-Hant`, `pt_PT`), by its primary subtag.
    public func table(for language: String?) -> PhraseTable? {
        guard let language, let primary = language.split(whereSeparator: { $0 == "-" || $0 == "_" }).first else { return nil }
        return tables[primary.lowercased()]
    }

    /// Every `*.json` table in `folder`; every problem found, by file and field, is thrown together.
    public init(folder: URL) throws {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        guard !files.isEmpty else {
            throw CaptionError([CaptionProblem(file: folder.path, message: "no phrase-boundary tables in this folder")])
        }
        var tables: [String: PhraseTable] = [:]
        var problems: [CaptionProblem] = []
        for name in files.sorted() where name.hasSuffix(".json") {
            let path = folder.appendingPathComponent(name).path
            do {
                let table = try Self.table(at: path, expecting: String(name.dropLast(5)))
                tables[table.language.lowercased()] = table
            } catch let error as CaptionError {
                problems += error.problems
            }
        }
        if !problems.isEmpty { throw CaptionError(problems) }
        self.tables = tables
    }

    /// The file's shape: every field required, none other allowed.
    private struct Document: Decodable {
        var language: String
        var name: String
        var about: String
        var adjectivesBeforeNouns: Bool
        var nounsCapitalized: Bool
        var groups: [PhraseTable.Group]
    }

    /// The table in the file at `path`, whose language must be `expecting` (its name).
    static func table(at path: String, expecting language: String) throws -> PhraseTable {
        func problem(_ field: String?, _ message: String) -> CaptionProblem {
            CaptionProblem(file: path, field: field, message: message)
        }
        let document = try RulesFile.decode(Document.self, at: path, what: "phrase-boundary table")
        var problems: [CaptionProblem] = []
        if document.language != language {
            problems.append(problem("language", "\"\(document.language)\" in a file named \(language).json"))
        }
        for (g, group) in document.groups.enumerated() {
            if group.words.isEmpty { problems.append(problem("groups[\(g)].words", "no words")) }
            if group.source.trimmingCharacters(in: .whitespaces).isEmpty {
                problems.append(problem("groups[\(g)].source", "name the grammar this group comes from"))
            }
            for (w, word) in group.words.enumerated() {
                let parts = word.split(separator: " ", omittingEmptySubsequences: false)
                if word != word.lowercased() || parts.contains(where: \.isEmpty) || parts.count > PhraseTable.longestEntry
                    || !parts.allSatisfy({ PhraseTable.isWord(String($0)) })
                {
                    problems.append(
                        problem(
                            "groups[\(g)].words[\(w)]",
                            "\"\(word)\": expected 1 to \(PhraseTable.longestEntry) lower-case words with one space between them"))
                }
            }
        }
        if !problems.isEmpty { throw CaptionError(problems) }
        return PhraseTable(
            language: document.language, name: document.name, about: document.about,
            adjectivesBeforeNouns: document.adjectivesBeforeNouns, nounsCapitalized: document.nounsCapitalized,
            groups: document.groups)
    }
}
