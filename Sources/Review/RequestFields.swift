import Foundation

/// A request body that must be one JSON object, read strictly: a field of another type than
/// the route takes, or one the route does not know, is refused by name (400), never read as
/// some default. `true` is no number and `1` no text.
struct RequestFields {
    /// A JSON value as it was written.
    enum Value: Decodable, Equatable {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array
        case object

        init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                self = .null
            } else if let value = try? container.decode(Bool.self) {
                self = .bool(value)
            } else if let value = try? container.decode(Double.self) {
                self = .number(value)
            } else if let value = try? container.decode(String.self) {
                self = .string(value)
            } else if (try? container.decode([Skipped].self)) != nil {
                self = .array
            } else {
                _ = try container.decode([String: Skipped].self)
                self = .object
            }
        }

        /// A nested value, read only to be refused as the wrong type.
        struct Skipped: Decodable {
            init(from decoder: Decoder) throws { _ = try Value(from: decoder) }
        }
    }

    private let values: [String: Value]

    /// Reads `body` as a JSON object of no fields but `allowed`.
    init(_ body: Data, allowed: Set<String>) throws(HTTPRefusal) {
        guard let values = try? JSONDecoder().decode([String: Value].self, from: body) else {
            throw HTTPRefusal(400, "expected a JSON object")
        }
        if let unknown = values.keys.sorted().first(where: { !allowed.contains($0) }) {
            throw HTTPRefusal(400, "unknown field \"\(unknown)\" (known: \(allowed.sorted().joined(separator: ", ")))")
        }
        self.values = values
    }

    /// Whether the body gave `name`.
    func has(_ name: String) -> Bool { values[name] != nil }

    /// The text `name`, nil when absent.
    func string(_ name: String) throws(HTTPRefusal) -> String? {
        switch values[name] {
        case nil: return nil
        case .string(let text): return text
        default: throw HTTPRefusal(400, "\(name): expected text")
        }
    }

    /// The truth value `name`, nil when absent.
    func bool(_ name: String) throws(HTTPRefusal) -> Bool? {
        switch values[name] {
        case nil: return nil
        case .bool(let value): return value
        default: throw HTTPRefusal(400, "\(name): expected true or false")
        }
    }

    /// The number `name`, finite and within `range`; nil when absent.
    func number(_ name: String, in range: ClosedRange<Double>, unit: String) throws(HTTPRefusal) -> Double? {
        switch values[name] {
        case nil: return nil
        case .number(let value) where value.isFinite && range.contains(value): return value
        default: throw HTTPRefusal(400, "\(name): expected \(unit) from \(range.lowerBound.formatted) to \(range.upperBound.formatted)")
        }
    }

    /// The whole number `name` within `range`; nil when absent.
    func integer(_ name: String, in range: ClosedRange<Int>) throws(HTTPRefusal) -> Int? {
        switch values[name] {
        case nil: return nil
        case .number(let value) where value.rounded() == value && Double(range.lowerBound) <= value && value <= Double(range.upperBound):
            return Int(value)
        default: throw HTTPRefusal(400, "\(name): expected a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
    }
}

/// A request refused before it reaches the session: its status and the reason, in one line.
public struct HTTPRefusal: Error, Equatable, Sendable {
    public let status: Int
    public let message: String

    init(_ status: Int, _ message: String) {
        self.status = status
        self.message = message
    }

    /// The answer sent.
    public var response: HTTPResponse { .text(status, message) }
}

extension Double {
    /// Without a fraction when it has none ("1000000", not "1000000.0").
    fileprivate var formatted: String { rounded() == self && abs(self) < 1e15 ? String(Int(self)) : String(self) }
}
