import CICU

/// An ICU call that failed: ICU's error code (a `UErrorCode`) and what was asked of it.
public struct ICUError: Error, Sendable, Equatable, CustomStringConvertible {
    /// ICU's error code, positive (`U_FILE_ACCESS_ERROR` is 4).
    public let code: Int32
    /// What failed, e.g. "line breaks".
    public let operation: String

    public init(code: Int32, operation: String) {
        self.code = code < 0 ? -code : code
        self.operation = operation
    }

    /// ICU's name for the code ("U_FILE_ACCESS_ERROR").
    public var name: String { String(cString: burn_icu_error_name(code)) }

    public var description: String { "ICU \(operation) failed: \(name)" }

    /// The funnel every CICU result goes through: a count or length (0 or more) comes back
    /// as it is, a negative result (a negated ICU error code) is thrown.
    static func check(_ result: Int32, _ operation: String) throws -> Int {
        guard result >= 0 else { throw ICUError(code: result, operation: operation) }
        return Int(result)
    }
}
