/// A value an edit list cannot be written from, named by its field (`kept[2]`, `rate`,
/// `sourcePath`) or by the timecode text that does not read.
public struct EditListError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The field or text at fault, as the caller spells it (`kept[2]`).
    public let field: String
    /// What is wrong with it, in words.
    public let message: String

    /// An error about `field`.
    public init(_ field: String, _ message: String) {
        self.field = field
        self.message = message
    }

    /// `field: message`.
    public var description: String { "\(field): \(message)" }
}
