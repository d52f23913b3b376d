import CaptionFiles
import Captions
import Pipeline

/// An output path with placeholders: `{lang}` (the caption file's language), `{name}` (its
/// file name without the extension), `{lang2}` and `{name2}` (the same of the second track's
/// file), `{preset}` and `{look}` (their names). `{{` and `}}` are literal braces. A path
/// without placeholders is its own template.
public struct OutputTemplate: Sendable, Equatable {
    /// The placeholders a template may hold, without braces.
    public static let placeholders = ["lang", "name", "lang2", "name2", "preset", "look"]

    /// A piece of a template: text as it is, or a placeholder's name.
    private enum Part: Sendable, Equatable {
        case literal(String)
        case placeholder(String)
    }

    public let text: String
    private let parts: [Part]

    /// The template `text`; a usage error names an unknown placeholder, an unclosed brace or
    /// a lone `}`.
    public init(_ text: String) throws {
        var parts: [Part] = []
        var literal = ""
        var rest = text[...]
        while let character = rest.popFirst() {
            switch character {
            case "{" where rest.first == "{", "}" where rest.first == "}":
                literal.append(rest.removeFirst())
            case "{":
                guard let close = rest.firstIndex(of: "}") else {
                    throw BurnError.usage("\(text): \"{\" without \"}\" (placeholders: \(Self.known); {{ is a brace)")
                }
                let name = String(rest[..<close])
                guard Self.placeholders.contains(name) else {
                    throw BurnError.usage("\(text): unknown placeholder {\(name)} (known: \(Self.known); {{ is a brace)")
                }
                if !literal.isEmpty { parts.append(.literal(literal)) }
                literal = ""
                parts.append(.placeholder(name))
                rest = rest[rest.index(after: close)...]
            case "}":
                throw BurnError.usage("\(text): \"}\" without \"{\" (write }} for a brace)")
            default:
                literal.append(character)
            }
        }
        if !literal.isEmpty { parts.append(.literal(literal)) }
        self.text = text
        self.parts = parts
    }

    private static var known: String { placeholders.map { "{\($0)}" }.joined(separator: ", ") }

    /// Whether the template holds the placeholder `name` (not a literal `{{name}}`).
    public func uses(_ name: String) -> Bool { parts.contains(.placeholder(name)) }

    /// The path with each placeholder replaced by its value in `values`, made safe
    /// (`component`): a value never adds a folder, leaves one, or starts an option.
    public func path(_ values: [String: String]) -> String {
        parts.map { part in
            switch part {
            case .literal(let text): return text
            case .placeholder(let name): return Self.component(values[name] ?? "")
            }
        }.joined()
    }

    /// `value` as it may stand inside one file name: path separators (`/`, `\`), control
    /// characters and bidirectional controls become `_`, so does each `..`, and a leading `-`
    /// or `.` (no option, no hidden file, no `.` or `..` made with the text around it).
    static func component(_ value: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in value.unicodeScalars {
            let unsafe = scalar == "/" || scalar == "\\" || ControlCharacters.isUnprintable(scalar)
            scalars.append(unsafe ? "_" : scalar)
        }
        var safe = String(scalars).replacingOccurrences(of: "..", with: "__")
        if let first = safe.first, first == "-" || first == "." { safe = "_" + safe.dropFirst() }
        return safe
    }
}
