import Foundation

/// One case of `Tests/Cases/boundaries.json`: a sentence, where a breaker by length alone
/// would end a line or caption (`rejected`, the text up to there) and where a subtitler
/// ends it instead (`expected`). The chunker's and the line breaker's tests read it.
public struct BoundaryCase: Sendable, Decodable {
    public var language: String
    public var text: String
    public var rejected: String
    public var expected: String
    public var why: String

    /// Every case of the file, in order.
    public static func all() throws -> [BoundaryCase] {
        struct Document: Decodable { var cases: [BoundaryCase] }
        return try Repository.cases(Document.self, "boundaries.json").cases
    }

    /// What follows `expected` in the text, without the space between them.
    public var rest: String { String(text.dropFirst(expected.count)).trimmingCharacters(in: .whitespaces) }

    /// `language: text` for a failure message.
    public var label: String { "\(language): \(text)" }
}
