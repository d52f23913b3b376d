import Foundation

/// A `DecodingError` said once for every JSON file the project reads: the field it is about
/// (`captions[3].words[0].start`, nil for the whole file) and what is wrong there.
public struct DecodingProblem: Error, CustomStringConvertible, Sendable, Equatable {
    /// The field's path, nil when the problem is the file's (not JSON at all).
    public let field: String?
    /// What is wrong: `missing`, `expected a number`, `not valid JSON`, or the decoder's words.
    public let message: String

    public init(field: String?, message: String) {
        self.field = field
        self.message = message
    }

    /// The problem `error` reports.
    public init(_ error: DecodingError) {
        switch error {
        case .keyNotFound(let key, let context):
            self.init(field: Self.path(context.codingPath + [key]), message: "missing")
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            self.init(field: Self.path(context.codingPath), message: "expected \(Self.name(of: type))")
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            self.init(field: nil, message: "not valid JSON")
        case .dataCorrupted(let context):
            self.init(field: Self.path(context.codingPath), message: context.debugDescription)
        @unknown default:
            self.init(field: nil, message: "\(error)")
        }
    }

    /// `field: message`, or the message alone for the whole file.
    public var description: String { field.map { "\($0): \(message)" } ?? message }

    /// A coding path as a field: keys joined by dots, indexes in brackets; nil when empty.
    public static func path(_ keys: [CodingKey]) -> String? {
        var path = ""
        for key in keys {
            if let index = key.intValue { path += "[\(index)]" } else { path += (path.isEmpty ? "" : ".") + key.stringValue }
        }
        return path.isEmpty ? nil : path
    }

    /// What a value of `type` is, in words.
    static func name(of type: Any.Type) -> String {
        switch type {
        case is String.Type, is Substring.Type: "a string"
        case is Bool.Type: "true or false"
        case is Int.Type, is Int32.Type, is Int64.Type, is UInt.Type, is UInt64.Type: "a whole number"
        case is Double.Type, is Float.Type: "a number"
        default:
            String(describing: type).hasPrefix("Array<") ? "an array"
                : String(describing: type).hasPrefix("Dictionary<") ? "an object" : "\(type)"
        }
    }
}
