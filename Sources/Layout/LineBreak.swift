import Captions

/// A place where a caption line may end and the next one start, and how good a place it is.
public struct LineBreak: Sendable, Equatable {
    public var offset: Int  // UTF-8 byte offset where a new line may start
    public var priority: Priority
    /// What the break does to the phrase around it, by the language's closed-class table.
    public var phrase: PhraseBoundary

    public init(offset: Int, priority: Priority, phrase: PhraseBoundary = .free) {
        self.offset = offset
        self.priority = priority
        self.phrase = phrase
    }

    /// How good a place to break a line is: a higher priority is a better place.
    ///
    /// `space` ranks above `word`: a space is a word boundary the writer made, while a
    /// dictionary boundary is ICU's guess (it splits 東京|都 and verb endings such as
    /// 住|んで|い|ます), and in Thai a space separates phrases. So in mixed text such as
    /// `我用 iPhone 拍的` the break at the space is the safer one.
    public enum Priority: Int, Comparable, Sendable {
        /// Between two extended grapheme clusters inside a word: the last resort for a word
        /// wider than the line (see `LineBreaker.graphemeBreaks`); `breaks` never returns it.
        case grapheme = 0
        /// At a space that parts a name from its number (`iPhone 15`, `Windows 11`) or a
        /// number from its unit (`12 km`, `30 fps`, `10 000`): used only when no other break fits.
        case bound = 1
        /// Between two words with no space between them: a dictionary word boundary in
        /// Chinese, Japanese, Thai, Lao, Khmer or Burmese, or after a hyphen or slash.
        case word = 2
        /// After a space (or other white space), at the start of the next word.
        case space = 3
        /// After a comma, semicolon or colon (`, ; : ， 、 ； ：`), which closing quotes or
        /// brackets and white space may follow.
        case clause = 4
        /// After a full stop, question or exclamation mark (`. ? ! 。 ？ ！`), likewise.
        case sentence = 5
        /// After a newline in the text: the line must end here.
        case mandatory = 6

        public static func < (lhs: Priority, rhs: Priority) -> Bool { lhs.rawValue < rhs.rawValue }
    }
}
