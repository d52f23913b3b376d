/// A setting spelled `off`, `auto` or a file's path (`--shot-changes`, `--emoji`): what the
/// option's type alias says each means.
public enum OffAutoOrFile: Sendable, Equatable {
    case off
    case auto
    case file(String)

    /// `auto`, `off`, or a file's path.
    public init(_ argument: String) {
        switch argument {
        case "auto": self = .auto
        case "off": self = .off
        default: self = .file(argument)
        }
    }

    /// The file's path, for `.file`.
    public var file: String? {
        if case .file(let path) = self { return path }
        return nil
    }

    /// As the command line spells it.
    public var argument: String {
        switch self {
        case .off: return "off"
        case .auto: return "auto"
        case .file(let path): return path
        }
    }
}
