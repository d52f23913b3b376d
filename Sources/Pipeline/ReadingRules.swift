import Foundation

/// The reading rules of `Presets/rules/reading.json`: per language, the limits a professional
/// subtitler works to (characters per line, lines, reading speed, durations, gap), each with
/// its level and its source. The most specific row for a language wins (`zh-Hant`, then `zh`,
/// then `*`).
public struct ReadingRules: Sendable {
    /// What a rule measures.
    public enum Rule: String, Sendable, Codable, CaseIterable {
        case charactersPerLine, linesPerCaption, readingSpeed, minDuration, maxDuration, minGap
    }

    /// How bad breaking a rule is: an error fails `lint`, a warning is reported.
    public enum Level: String, Sendable, Codable {
        case error, warning
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

    /// The table in `file`; problems name the file and the row.
    public init(file: URL) throws {
        struct Table: Decodable { var rules: [Row] }
        guard let data = FileManager.default.contents(atPath: file.path) else {
            throw BurnError.input("\(file.path): cannot read the reading rules")
        }
        do {
            rows = try JSONDecoder().decode(Table.self, from: data).rules
        } catch let DecodingError.dataCorrupted(context), let DecodingError.keyNotFound(_, context),
            let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context)
        {
            let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            throw BurnError.input("\(file.path): \(path.hasPrefix(".") ? String(path.dropFirst()) : path): \(context.debugDescription)")
        } catch {
            throw BurnError.input("\(file.path): \(error.localizedDescription)")
        }
        if let bad = rows.firstIndex(where: { $0.limit <= 0 }) {
            throw BurnError.input("\(file.path): rules[\(bad)].limit: expected a number above 0")
        }
    }

    /// The shipped table (`Presets/rules/reading.json`).
    public static func shipped() throws -> ReadingRules { try ReadingRules(file: try Resources.readingRules()) }

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
    public static func characters(_ text: String) -> Int { text.count }
}
