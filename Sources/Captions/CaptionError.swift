/// One problem found in a caption file, located by line (text formats) or field (JSON).
public struct CaptionProblem: Sendable, Equatable, CustomStringConvertible {
    public var file: String
    public var line: Int?
    public var field: String?
    public var message: String

    public init(file: String, line: Int? = nil, field: String? = nil, message: String) {
        self.file = file
        self.line = line
        self.field = field
        self.message = message
    }

    /// `FILE:LINE: message` or `FILE: field: message`.
    public var description: String {
        if let line { return "\(file):\(line): \(message)" }
        if let field { return "\(file): \(field): \(message)" }
        return "\(file): \(message)"
    }
}

/// A caption file that cannot be used, with every problem found (the first `limit` listed,
/// and how many more there were).
public struct CaptionError: Error, Sendable, CustomStringConvertible {
    public static let limit = 20
    public var problems: [CaptionProblem]
    /// Problems found beyond `limit`, counted but not listed.
    public var omitted: Int

    public init(_ problems: [CaptionProblem]) {
        self.problems = Array(problems.prefix(Self.limit))
        omitted = max(0, problems.count - Self.limit)
    }

    /// Each problem's line, then how many more were not listed.
    public var messages: [String] {
        var lines = problems.map(\.description)
        if omitted > 0, let file = problems.first?.file {
            lines.append("\(file): \(omitted) more problem\(omitted == 1 ? "" : "s") not listed")
        }
        return lines
    }

    public var description: String { messages.joined(separator: "\n") }
}

/// Collects problems while a reader works, then throws them together. A cue a player would
/// skip (a malformed timing line, a block without one) is `dropped` instead: the reader goes
/// on, and CaptionFiles' `CaptionReader` decides whether that is a warning or, with `strict`, an error.
package struct ProblemList {
    package let file: String
    package var problems: [CaptionProblem] = []
    package var dropped: [CaptionProblem] = []

    package init(file: String) { self.file = file }

    /// A cue left out, and why.
    package mutating func drop(line: Int, _ message: String) {
        dropped.append(CaptionProblem(file: file, line: line, message: message))
    }

    package mutating func add(line: Int, _ message: String) {
        problems.append(CaptionProblem(file: file, line: line, message: message))
    }

    mutating func add(field: String, _ message: String) {
        problems.append(CaptionProblem(file: file, field: field, message: message))
    }

    /// Throws when any problem was found; the cues dropped so far are listed with it, in line order.
    package func check() throws {
        guard !problems.isEmpty else { return }
        guard !dropped.isEmpty else { throw CaptionError(problems) }
        let all = (problems + dropped).enumerated().sorted { ($0.element.line ?? 0, $0.offset) < ($1.element.line ?? 0, $1.offset) }
        throw CaptionError(all.map(\.element))
    }
}
