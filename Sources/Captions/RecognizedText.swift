/// A recognizer's numbers put back together, as the language writes them: Whisper splits what
/// `Tokenizer` keeps as one token (`5 %`, `20 $`, `$ 20`, `3 . 5`, `10 .30`). Only words it
/// clearly split are joined, each join one word from the first word's start to the last one's
/// end with the lowest probability:
/// - `3 . 5` and `3 .5` are `3.5` (and `3 , 5` is `3,5`: the separator stays as written);
/// - `10 .30` and `10 :30` (hours to 24, two digits of minutes) are the clock time `10:30`
///   (`10.30` in Finnish, Danish and Indonesian), unless money or a percent stands next to
///   it (`$ 10 .30` is `$10.30`); `10.30` written as one word is left as it is;
/// - a percent sign standing alone after a number joins it, and a currency sign standing alone
///   joins the number on the side its language writes it (the other side when only that one
///   is a number), as `NumberStyle` says: `5%`, `$20` in English, `5 %` and `20 €` (no-break
///   spaces) in German.
public enum RecognizedText {
    /// Currency signs that join a number.
    public static let currencySigns: Set<String> = ["$", "€", "£", "¥", "₹", "₩", "₽", "₺", "₪", "₫", "₴", "₦", "₱"]
    /// Percent and per-mille signs.
    public static let percentSigns: Set<String> = ["%", "‰"]

    /// `words` (one segment's or a whole transcript's, in order) with the numbers joined;
    /// `language` is BCP-47 (nil writes as English does).
    public static func repaired(_ words: [Word], language: String?) -> [Word] {
        joined(words, style: NumberStyle.of(language)).map(\.word)
    }

    /// `segment` with its words repaired and its text the same way: each join's words replaced
    /// in the text by the joined word, or, when the words cannot all be found in the text in
    /// order, the text made of the words.
    public static func repaired(_ segment: Segment, language: String?) -> Segment {
        let pieces = joined(segment.words, style: NumberStyle.of(language ?? segment.language))
        guard pieces.contains(where: { $0.sources.count > 1 }) else { return segment }
        var result = segment
        result.words = pieces.map(\.word)
        var ranges: [Range<String.Index>] = []
        var from = segment.text.startIndex
        for word in segment.words {
            let written = String(word.text[...].trimmingWhitespace())
            guard !written.isEmpty, let range = segment.text.range(of: written, range: from..<segment.text.endIndex)
            else {
                result.text = Self.text(of: result.words)
                return result
            }
            ranges.append(range)
            from = range.upperBound
        }
        var text = ""
        var written = segment.text.startIndex
        for piece in pieces where piece.sources.count > 1 {
            text += segment.text[written..<ranges[piece.sources.lowerBound].lowerBound]
            text += piece.word.text[...].trimmingWhitespace()
            written = ranges[piece.sources.upperBound - 1].upperBound
        }
        result.text = text + segment.text[written...]
        return result
    }

    /// A text made of words: their texts as they are when they bring their spaces (Whisper's
    /// ` Hello`), else with a space between two words unless both touching characters are CJK.
    static func text(of words: [Word]) -> String {
        if words.contains(where: { $0.text.first?.isWhitespace == true }) {
            return String(words.map(\.text).joined()[...].trimmingWhitespace())
        }
        var text = ""
        for word in words {
            let cjk = text.last.map(Tokenizer.isCJK) == true && word.text.first.map(Tokenizer.isCJK) == true
            if !text.isEmpty && !cjk { text += " " }
            text += word.text
        }
        return text
    }

    /// A word cut into what the joins look at: its white space, then (when it is one token) the
    /// token's punctuation and text.
    struct Piece {
        var word: Word
        var sources: Range<Int>  // the words it was made of
        var space: String  // white space before the word (Whisper's " 5")
        var opening: String  // punctuation before the token
        var core: String  // the token's text, or the whole word when it is several tokens
        var closing: String  // punctuation after the token

        init(_ word: Word, index: Int) {
            self.word = word
            sources = index..<(index + 1)
            space = String(word.text.prefix(while: \.isWhitespace))
            let trimmed = String(word.text[...].trimmingWhitespace())
            let tokens = Tokenizer.tokens(trimmed)
            if tokens.count == 1 {
                (opening, core, closing) = (tokens[0].leading, tokens[0].text, tokens[0].trailing)
            } else {
                (opening, core, closing) = ("", trimmed, "")
            }
        }

        /// `pieces` (in order, two or more) as one: the first one's space and opening, `core`,
        /// the last one's closing; times from the first start to the last end, the lowest
        /// probability, estimated or stressed when one is.
        static func joined(_ pieces: [Piece], core: String) -> Piece {
            var result = pieces[0]
            let last = pieces[pieces.count - 1]
            result.core = core
            result.closing = last.closing
            result.sources = pieces[0].sources.lowerBound..<last.sources.upperBound
            result.word.text = result.space + result.opening + core + result.closing
            result.word.start = pieces.map(\.word.start).min() ?? result.word.start
            result.word.end = pieces.map(\.word.end).max() ?? result.word.end
            result.word.confidence = pieces.compactMap(\.word.confidence).min()
            result.word.estimated = pieces.contains(where: \.word.estimated)
            result.word.emphasis = pieces.contains(where: \.word.emphasis)
            return result
        }
    }

    /// The words as pieces, split numbers joined: first decimals and clock times, then signs.
    static func joined(_ words: [Word], style: NumberStyle) -> [Piece] {
        let pieces = words.enumerated().map { Piece($0.element, index: $0.offset) }
        return joiningSigns(joiningNumbers(pieces, style: style), style: style)
    }

    /// `3 . 5`, `3 .5`, `10 .30` and `10 :30` joined.
    static func joiningNumbers(_ pieces: [Piece], style: NumberStyle) -> [Piece] {
        var result: [Piece] = []
        var i = 0
        while i < pieces.count {
            let piece = pieces[i]
            guard let left = NumberParts(piece.core), left.suffix.isEmpty, piece.closing.isEmpty else {
                result.append(piece)
                i += 1
                continue
            }
            // `3 . 5`: a separator standing alone between two numbers.
            if i + 2 < pieces.count, [".", ","].contains(pieces[i + 1].core), pieces[i + 1].opening.isEmpty,
                pieces[i + 1].closing.isEmpty, pieces[i + 2].opening.isEmpty, let right = NumberParts(pieces[i + 2].core),
                right.prefix.isEmpty
            {
                result.append(
                    Piece.joined(Array(pieces[i...(i + 2)]), core: left.text + pieces[i + 1].core + right.number + right.suffix))
                i += 3
                continue
            }
            // `3 .5`, `10 .30`, `10 :30`: the next word starts with the separator.
            if i + 1 < pieces.count, [".", ":"].contains(pieces[i + 1].opening), let right = NumberParts(pieces[i + 1].core),
                right.prefix.isEmpty, right.number.allSatisfy(NumberParts.isDigit)
            {
                let separator = pieces[i + 1].opening
                let money = !left.prefix.isEmpty || !right.suffix.isEmpty
                    || (i > 0 && currencySigns.contains(pieces[i - 1].core))
                    || (i + 2 < pieces.count && isSign(pieces[i + 2].core))
                let clock = NumberParts.isClock(hours: left.number, minutes: right.number) && (separator == ":" || !money)
                if clock || separator == "." {
                    let number = clock ? left.number + style.clockSeparator + right.number : left.number + "." + right.number
                    result.append(Piece.joined([piece, pieces[i + 1]], core: left.prefix + number + right.suffix))
                    i += 2
                    continue
                }
            }
            result.append(piece)
            i += 1
        }
        return result
    }

    /// A currency or percent sign.
    static func isSign(_ core: String) -> Bool { currencySigns.contains(core) || percentSigns.contains(core) }

    /// Percent and currency signs standing alone joined to their number.
    static func joiningSigns(_ pieces: [Piece], style: NumberStyle) -> [Piece] {
        // Which sign joins which number: (number, sign) index pairs, each piece in one at most.
        var partner = [Int?](repeating: nil, count: pieces.count)
        func plainNumber(_ k: Int) -> Bool {
            pieces.indices.contains(k) && partner[k] == nil
                && NumberParts(pieces[k].core).map { $0.prefix.isEmpty && $0.suffix.isEmpty } == true
        }
        for k in pieces.indices where isSign(pieces[k].core) {
            let before = k - 1
            let after = k + 1
            let canBefore = plainNumber(before) && pieces[before].closing.isEmpty && pieces[k].opening.isEmpty
            let canAfter = plainNumber(after) && pieces[after].opening.isEmpty && pieces[k].closing.isEmpty
            let number: Int?
            if percentSigns.contains(pieces[k].core) {
                number = canBefore ? before : nil
            } else if style.currencyFirst {
                number = canAfter ? after : canBefore ? before : nil
            } else {
                number = canBefore ? before : canAfter ? after : nil
            }
            if let number {
                partner[k] = number
                partner[number] = k
            }
        }
        var result: [Piece] = []
        var i = 0
        while i < pieces.count {
            guard let other = partner[i] else {
                result.append(pieces[i])
                i += 1
                continue
            }
            let (number, sign) = isSign(pieces[i].core) && !isSign(pieces[other].core) ? (other, i) : (i, other)
            let core =
                percentSigns.contains(pieces[sign].core)
                ? style.percent(pieces[number].core, sign: pieces[sign].core)
                : style.money(pieces[number].core, sign: pieces[sign].core)
            result.append(Piece.joined([pieces[min(i, other)], pieces[max(i, other)]], core: core))
            i = max(i, other) + 1
        }
        return result
    }
}

/// A word's text read as a number with a sign on either side (`$20`, `3.5`, `1,000`, `5%`).
struct NumberParts {
    var prefix: String  // a currency sign, or empty
    var number: String  // starts and ends with a digit; digits and `.` `,` `:` between
    var suffix: String  // a currency or percent sign, or empty

    /// The number with its prefix (what a join puts before a separator).
    var text: String { prefix + number }

    init?(_ core: String) {
        var rest = Substring(core)
        prefix = rest.first.map { RecognizedText.currencySigns.contains(String($0)) } == true ? String(rest.removeFirst()) : ""
        suffix = rest.last.map { RecognizedText.isSign(String($0)) } == true ? String(rest.removeLast()) : ""
        guard let first = rest.first, let last = rest.last, Self.isDigit(first), Self.isDigit(last),
            rest.allSatisfy({ Self.isDigit($0) || Tokenizer.numberSeparators.contains($0) }), prefix.isEmpty || suffix.isEmpty
        else { return nil }
        number = String(rest)
    }

    /// A decimal digit of any script (`5`, `٥`), not a numeral such as `五`.
    static func isDigit(_ c: Character) -> Bool { c.unicodeScalars.first?.properties.numericType == .decimal }

    /// Whether `hours` (one or two digits, at most 24) and `minutes` (two digits, below 60)
    /// read as a clock time.
    static func isClock(hours: String, minutes: String) -> Bool {
        guard (1...2).contains(hours.count), minutes.count == 2, let h = Int(hours), let m = Int(minutes) else { return false }
        return h <= 24 && m < 60
    }
}
