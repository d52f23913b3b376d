/// A preset, look, reading-rules or resource that cannot be used: its problems, each naming
/// the file (and field) or the name it is about, reported together. `BurnError.wrap` makes it
/// the burn's error: a name the user gave that is not known is a usage error (exit 2), a file
/// that cannot be read or used an input error (exit 1).
public struct SettingsError: Error, CustomStringConvertible, Sendable, Equatable {
    /// Whose the problem is.
    public enum Kind: Sendable, Equatable {
        /// The command line's: an unknown or invalid name.
        case usage
        /// A file's: missing, unreadable, or not what it must hold.
        case input
    }

    public let kind: Kind
    /// One message a problem, each naming its file or name.
    public let messages: [String]

    public init(_ kind: Kind, _ messages: [String]) {
        self.kind = kind
        self.messages = messages
    }

    /// A name the user gave that is not known.
    public static func usage(_ message: String) -> SettingsError { SettingsError(.usage, [message]) }
    /// A file that cannot be read or used.
    public static func input(_ message: String) -> SettingsError { SettingsError(.input, [message]) }
    /// Several problems of one file, reported together.
    public static func several(_ messages: [String]) -> SettingsError { SettingsError(.input, messages) }

    public var description: String { messages.joined(separator: "\n") }
}
