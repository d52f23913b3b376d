/// Which kinds of cut a plan makes (`--cuts pauses,fillers,retakes`, or `off`).
public struct CutKinds: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Long silences shortened.
    public static let pauses = CutKinds(rawValue: 1)
    /// Non-lexical fillers ("um", "uh").
    public static let fillers = CutKinds(rawValue: 2)
    /// Restarts and retakes.
    public static let retakes = CutKinds(rawValue: 4)
    /// Lexical fillers ("you know", "I mean") set off by commas: never unless named.
    public static let lexical = CutKinds(rawValue: 8)

    /// Each kind's name in a list, in the order a plan applies them.
    public static let names: [(name: String, kinds: CutKinds)] = [
        ("pauses", .pauses), ("fillers", .fillers), ("retakes", .retakes), ("lexical", .lexical),
    ]

    /// The kinds a comma list names (`pauses,fillers`), or none for `off`; nil when the list
    /// names something else (the caller says what the names are: `CutKinds.names`).
    public init?(list: String) {
        self = []
        if list == "off" { return }
        for item in list.split(separator: ",", omittingEmptySubsequences: false) {
            guard let kind = Self.names.first(where: { $0.name == item.trimmingCharacters(in: .whitespaces) }) else {
                return nil
            }
            insert(kind.kinds)
        }
    }

    /// The list as `--cuts` spells it.
    public var list: String {
        isEmpty ? "off" : Self.names.filter { contains($0.kinds) }.map(\.name).joined(separator: ",")
    }
}
