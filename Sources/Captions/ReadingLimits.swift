/// The reading rules of one language that the chunker applies to captions a recognizer timed
/// (the reading-rules table's rows, resolved for the language): characters per line and
/// lines, counted as subtitle guides count them, the reading speed, and the shortest time on
/// screen.
public struct ReadingLimits: Sendable, Equatable, Codable {
    public var charactersPerLine: Int  // graphemes, a CJK character one, spaces included
    public var linesPerCaption: Int
    public var charactersPerSecond: Double
    public var minDuration: Double  // seconds

    public init(charactersPerLine: Int = 42, linesPerCaption: Int = 2, charactersPerSecond: Double = 17, minDuration: Double = 0) {
        self.charactersPerLine = charactersPerLine
        self.linesPerCaption = linesPerCaption
        self.charactersPerSecond = charactersPerSecond
        self.minDuration = minDuration
    }

    /// The most characters one caption may hold.
    public var charactersPerCaption: Int { charactersPerLine * linesPerCaption }

    /// Characters as the guides count them: graphemes, a CJK character one, spaces included.
    public static func characters(_ text: String) -> Int { text.count }

    /// How long `text` takes to read at `charactersPerSecond`. // seconds
    public func readingTime(_ text: String) -> Double {
        Double(Self.characters(String(text[...].trimmingWhitespace()))) / charactersPerSecond
    }
}

/// Languages whose typography forbids a line, or a caption, that ends on a one-letter word
/// (Polish, Czech and Slovak `v`, `z`, `i`, `a`: it is carried to what follows).
public enum OneLetterWords {
    /// Primary language subtags that keep a one-letter word with the next word.
    public static let languages: Set<String> = ["pl", "cs", "sk"]

    /// Whether `language` (BCP-47) is one of `languages`.
    public static func keptWithNext(in language: String?) -> Bool {
        guard let primary = language?.split(separator: "-").first?.lowercased() else { return false }
        return languages.contains(primary)
    }

    /// Whether `token` is a one-letter word with nothing after it (`v`, not `v.` or `5`).
    static func isOneLetterWord(_ token: Token) -> Bool {
        token.text.count == 1 && token.trailing.isEmpty && token.text.first?.isLetter == true
    }
}
