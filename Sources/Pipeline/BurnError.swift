import Captions
import Files
import Layout
import Media
import Settings

/// Every failure of a burn, as the CLI maps it to an exit code: usage errors exit 2,
/// everything else 1. Messages name the file they are about.
public enum BurnError: Error, Sendable, CustomStringConvertible {
    case usage(String)
    case input(String)
    case captions(CaptionError)
    case media(MediaError)
    case font(String)
    case cancelled(signal: Int32)
    case output(String)
    /// Problems of several requests of one run, found before it rendered anything.
    indirect case several([BurnError])

    public var description: String {
        switch self {
        case .usage(let message), .input(let message), .font(let message), .output(let message): return message
        case .captions(let error): return error.description
        case .media(let error): return error.description
        case .cancelled(let signal): return "interrupted by signal \(signal)"
        case .several(let errors): return errors.map(\.description).joined(separator: "\n")
        }
    }

    /// Each message on its own (`description` joins them by line): one per problem of a
    /// caption file and per error of `several`, so a terminal can show each as one line.
    public var messages: [String] {
        switch self {
        case .captions(let error): return error.messages
        case .several(let errors): return errors.flatMap(\.messages)
        default: return [description]
        }
    }

    /// The process exit code for this error: 2 usage, 128 + signal when interrupted, else 1.
    public var exitCode: Int32 {
        switch self {
        case .usage: return 2
        case .cancelled(let signal): return 128 + signal
        case .several(let errors): return errors.allSatisfy { $0.exitCode == 2 } ? 2 : 1
        default: return 1
        }
    }

    /// Wraps any error a stage throws.
    public static func wrap(_ error: Error) -> BurnError {
        switch error {
        case let error as BurnError: return error
        case let error as FileError: return error.kind == .choice ? .usage(error.description) : .output(error.description)
        case let error as SettingsError:
            if error.kind == .usage { return .usage(error.description) }
            return error.messages.count == 1 ? .input(error.messages[0]) : .several(error.messages.map { .input($0) })
        case let error as CaptionError: return .captions(error)
        case let error as MediaError: return .media(error)
        case let error as FontError: return .font(error.description)
        default: return .input(String(describing: error))
        }
    }
}
