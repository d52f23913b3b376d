import Captions
import Files
import Foundation

/// The reading rules of `Presets/rules/reading.json`: per language, the limits a professional
/// subtitler works to (characters per line, lines, reading speed, durations, gap, phrase
/// boundaries), each with its level and its source. The most specific row for a language
/// wins (`zh-Hant`, then `zh`, then `*`).
public struct ReadingRules: Sendable {
    /// What a rule measures.
    public enum Rule: String, Sendable, Codable, CaseIterable {
        case charactersPerLine, linesPerCaption, readingSpeed, minDuration, maxDuration, minGap, shotChange, fontSize, boundary
    }

    /// How bad breaking a rule is: an error fails `lint`, a warning is reported; a note says
    /// what chunking changed (no row of the table is one).
    public enum Level: String, Sendable, Codable {
        case error, warning, note
    }

    /// One row of the table.
    public struct Row: Sendable, Codable {
        public var language: String  // BCP-47, or "*" for every language
        public var rule: Rule
        public var limit: Double  // characters, lines, characters per second, seconds or frames (see the rule)
        public var level: Level
        public var source: String
    }

    public let rows: [Row]
    /// The closed-class words of each language, by which captions and lines end at phrase
    /// boundaries (`Presets/rules/boundaries`).
    public let phrases: PhraseTables

    /// The table in `file`, with `phrases`; problems name the file and the row.
    public init(file: URL, phrases: PhraseTables = .none) throws {
        self.phrases = phrases
        struct Table: Decodable { var rules: [Row] }
        guard let data = FileManager.default.contents(atPath: file.path) else {
            throw SettingsError.input("\(file.path): cannot read the reading rules")
        }
        do {
            rows = try JSONDecoder().decode(Table.self, from: data).rules
        } catch let error as DecodingError {
            throw SettingsError.input("\(file.path): \(DecodingProblem(error))")
        } catch {
            throw SettingsError.input("\(file.path): \(error.localizedDescription)")
        }
        if let bad = rows.firstIndex(where: { $0.limit <= 0 }) {
            throw SettingsError.input("\(file.path): rules[\(bad)].limit: expected a number above 0")
        }
        if let bad = rows.firstIndex(where: { $0.level == .note }) {
            throw SettingsError.input("\(file.path): rules[\(bad)].level: expected error or warning")
        }
    }

    /// The shipped table (`Presets/rules/reading.json`).
    public static func shipped() throws -> ReadingRules {
        try ReadingRules(file: try Resources.readingRules(), phrases: try PhraseTables(folder: try Resources.phraseTables()))
    }

    /// The row that applies to `rule` in `language` (nil: any language), the most specific first.
    public func row(_ rule: Rule, language: String?) -> Row? {
        let tag = (language ?? "").replacingOccurrences(of: "_", with: "-")
        var candidates = [tag]
        var parts = tag.split(separator: "-").map(String.init)
        while parts.count > 1 {
            parts.removeLast()
            candidates.append(parts.joined(separator: "-"))
        }
        candidates.append("*")
        for candidate in candidates where !candidate.isEmpty {
            if let row = rows.first(where: { $0.rule == rule && $0.language.lowercased() == candidate.lowercased() }) {
                return row
            }
        }
        return nil
    }

    /// Characters as the guides count them: graphemes, a CJK character one, spaces included.
    public static func characters(_ text: String) -> Int { ReadingLimits.characters(text) }

    /// The rules the chunker applies to recognized captions in `language` (nil: any), with at
    /// most `maximumLines` lines (the preset's).
    public func limits(for language: String?, maximumLines: Int) -> ReadingLimits {
        let defaults = ReadingLimits()
        return ReadingLimits(
            charactersPerLine: row(.charactersPerLine, language: language).map { Int($0.limit) } ?? defaults.charactersPerLine,
            linesPerCaption: min(maximumLines, row(.linesPerCaption, language: language).map { Int($0.limit) } ?? defaults.linesPerCaption),
            charactersPerSecond: row(.readingSpeed, language: language)?.limit ?? defaults.charactersPerSecond,
            minDuration: row(.minDuration, language: language)?.limit ?? defaults.minDuration)
    }

    /// Characters per line for every language in `languages` (lowercased tag, "" for none).
    public func charactersPerLine(for languages: Set<String?>) -> [String: Int] {
        var table: [String: Int] = [:]
        for language in languages {
            if let row = row(.charactersPerLine, language: language) { table[(language ?? "").lowercased()] = Int(row.limit) }
        }
        return table
    }

    /// `limits` with the reading rules of every language in `languages` (as captions name
    /// them; nil: none), and the phrase tables.
    public func applied(to limits: ChunkingLimits, languages: Set<String?>, maximumLines: Int) -> ChunkingLimits {
        var applied = limits
        applied.phrases = phrases
        for language in languages {
            applied.reading[(language ?? "").lowercased()] = self.limits(for: language, maximumLines: maximumLines)
        }
        return applied
    }
}
