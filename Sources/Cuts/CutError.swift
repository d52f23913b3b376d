/// Why a cut plan cannot be made, read or written: the file and the field it is about.
public enum CutError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A file (the cut file, the filler table) that is unreadable or malformed: `path: what`.
    case file(String, String)

    public var description: String {
        switch self {
        case .file(let path, let message): "\(path): \(message)"
        }
    }
}
