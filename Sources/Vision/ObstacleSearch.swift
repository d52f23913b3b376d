import Captions

/// What the analysis pass looks for in the picture (`--avoid`): faces, text, both, or nothing.
public struct ObstacleSearch: Sendable, Hashable {
    /// A value `--avoid` does not take.
    public struct Unknown: Error, Sendable {
        public var argument: String
    }

    /// The kinds looked for: `face`, `text` (never `other`, which only files give).
    public private(set) var kinds: Set<Obstacle.Kind>

    /// Nothing looked for: no analysis pass.
    public static let off = ObstacleSearch(kinds: [])

    public init(kinds: Set<Obstacle.Kind>) { self.kinds = kinds.subtracting([.other]) }

    /// `faces,text` (either order), `faces`, `text` or `off`.
    public init(_ argument: String) throws(Unknown) {
        var kinds: Set<Obstacle.Kind> = []
        for part in argument.split(separator: ",", omittingEmptySubsequences: false) {
            switch part.trimmingWhitespace() {
            case "faces", "face": kinds.insert(.face)
            case "text": kinds.insert(.text)
            case "off" where argument == "off": break
            default: throw Unknown(argument: argument)
            }
        }
        self.kinds = kinds
    }

    public var isOff: Bool { kinds.isEmpty }

    /// As `--avoid` takes it: `faces,text`, `faces`, `text` or `off`.
    public var argument: String {
        isOff ? "off" : [kinds.contains(.face) ? "faces" : nil, kinds.contains(.text) ? "text" : nil].compactMap { $0 }.joined(separator: ",")
    }
}
