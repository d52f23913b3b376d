import Foundation

/// A file that could not be read, written, claimed or made: the path and the reason, said
/// once for every module (`FileError.reason(of:)` is the one place an `errno` becomes words).
public struct FileError: Error, CustomStringConvertible, Sendable, Equatable {
    /// Whose the failure is.
    public enum Kind: Sendable, Equatable {
        /// The system's: a full disk, a folder that cannot be written, a lock held elsewhere.
        case system
        /// The user's choice: an output that is one of the inputs (a usage error).
        case choice
    }

    /// The file concerned.
    public let path: String
    /// What failed, with the system's reason ("cannot write: No space left on device").
    public let reason: String
    public let kind: Kind
    /// The system's error number (`errno`), 0 when the failure is not the system's.
    public let code: Int32

    public init(path: String, reason: String, kind: Kind = .system, code: Int32 = 0) {
        self.path = path
        self.reason = reason
        self.kind = kind
        self.code = code
    }

    public var description: String { "\(path): \(reason)" }

    /// `what` failed for `path`, for the system's reason `code` (an `errno`, by default the current one).
    public static func system(_ path: String, _ what: String, code: Int32 = errno) -> FileError {
        FileError(path: path, reason: "\(what): \(reason(of: code))", code: code)
    }

    /// The system's words for `code` (an `errno`): "No such file or directory".
    public static func reason(of code: Int32) -> String { String(cString: strerror(code)) }

    /// `code` said as a reader of a file needs it: "no such file", "permission denied", else
    /// "cannot read: " and the system's words.
    public static func readProblem(_ code: Int32) -> String {
        switch code {
        case ENOENT: "no such file"
        case EACCES, EPERM: "permission denied"
        default: "cannot read: \(reason(of: code))"
        }
    }
}
