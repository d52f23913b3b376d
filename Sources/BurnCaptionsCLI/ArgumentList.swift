import Pipeline

/// The arguments of a command line not read yet, read from the front.
struct ArgumentList {
    private var rest: ArraySlice<String>

    init(_ arguments: ArraySlice<String>) { rest = arguments }

    /// The next argument, taken off; nil at the end.
    mutating func next() -> String? { rest.popFirst() }

    /// The next argument, read as the value of `option`: a usage error when there is none or
    /// it is empty.
    mutating func value(of option: String) throws -> String {
        guard let next = rest.popFirst(), !next.isEmpty else { throw BurnError.usage("\(option) needs a value") }
        return next
    }

    /// The next argument as it is, empty or not; nil at the end.
    mutating func anyValue() -> String? { rest.popFirst() }

    /// Puts `--option=value` back as `--option` then `value`; false for any other argument.
    mutating func split(_ argument: String) -> Bool {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return false }
        rest.insert(String(argument[argument.index(after: equals)...]), at: rest.startIndex)
        rest.insert(String(argument[..<equals]), at: rest.startIndex)
        return true
    }
}
