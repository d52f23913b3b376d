/// An output path with placeholders: `{lang}` (the caption file's language), `{name}` (its
/// file name without the extension), `{lang2}` and `{name2}` (the same of the second track's
/// file), `{preset}` and `{look}` (their names). A path without placeholders is its own template.
public struct OutputTemplate: Sendable, Equatable {
    /// The placeholders a template may hold, without braces.
    public static let placeholders = ["lang", "name", "lang2", "name2", "preset", "look"]

    public let text: String

    /// The template `text`; a usage error names an unknown placeholder or an unclosed brace.
    public init(_ text: String) throws {
        var rest = text[...]
        while let open = rest.firstIndex(of: "{") {
            guard let close = rest[open...].firstIndex(of: "}") else {
                throw BurnError.usage("\(text): \"{\" without \"}\" (placeholders: \(Self.known))")
            }
            let name = String(rest[rest.index(after: open)..<close])
            guard Self.placeholders.contains(name) else {
                throw BurnError.usage("\(text): unknown placeholder {\(name)} (known: \(Self.known))")
            }
            rest = rest[rest.index(after: close)...]
        }
        self.text = text
    }

    private static var known: String { placeholders.map { "{\($0)}" }.joined(separator: ", ") }

    /// Whether the template holds `{name}` for the placeholder `name`.
    public func uses(_ name: String) -> Bool { text.contains("{\(name)}") }

    /// The path with each placeholder replaced by its value in `values`. A value never adds a
    /// folder: "/" in it becomes "_".
    public func path(_ values: [String: String]) -> String {
        var path = text
        for name in Self.placeholders {
            let value = (values[name] ?? "").replacingOccurrences(of: "/", with: "_")
            path = path.replacingOccurrences(of: "{\(name)}", with: value)
        }
        return path
    }
}
