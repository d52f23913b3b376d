import Captions

/// The plain text of a cue payload: tags removed, character references decoded, and the
/// speaker of its first voice tag (`<v Speaker>`, `<v.loud Speaker>`), in WebVTT's syntax or
/// in SubRip's (`Syntax.subRip`).
struct CueText: Equatable {
    /// How a payload marks up its text.
    enum Syntax {
        /// Every `<` opens a tag, `&` a character reference.
        case webVTT
        /// SubRip's own tags (`<i>`, `<b>`, `<u>`, `<s>`, `<font color=...>` and their end
        /// tags, `subRipTags`), each closed by a `>` on its line; ASS override blocks such as `{\an8}` and
        /// `{\i1}` where a `{\` is closed by a `}`; any other `<`, `{` and `&` is text.
        case subRip
    }

    /// A WebVTT cue timestamp inside a payload (`<00:00:01.500>`, `<01:02.500>`): the text
    /// after it is spoken from then on.
    struct Timestamp: Equatable {
        /// The time it gives. // seconds
        var seconds: Double
        /// The tag as written, `<` and `>` included.
        var tag: String
        /// Characters of `plain` before it.
        var offset: Int
        /// The payload line it stands in, from 0.
        var line: Int
    }

    /// Payload lines, each trimmed; lines left empty by the stripping are dropped.
    var text: String
    var speaker: String?
    /// The text with tags removed, before lines are trimmed: what `timestamps` count in.
    var plain: String
    /// The cue timestamps in order (WebVTT only; SubRip has none).
    var timestamps: [Timestamp]

    /// Named references the reader decodes. `&nbsp;` becomes a plain space, not U+00A0: the
    /// layout engine re-wraps captions, and a no-break space would glue words together that
    /// it must be free to put on separate lines.
    static let namedReferences: [Substring: Character] = [
        "amp": "&", "lt": "<", "gt": ">", "nbsp": " ", "lrm": "\u{200E}", "rlm": "\u{200F}",
        "quot": "\"", "apos": "'",
    ]

    /// Strips every tag (`<b>`, `<i>`, `<u>`, `<c.class>`, `<ruby>`, `<rt>`, `<lang xx>`,
    /// `<v ...>`, timestamps such as `<00:00:01.500>` and the end tags) from `payload`, and
    /// the ruby text of `<rt>` and `<rp>` (`<ruby>漢<rt>かん</rt></ruby>字` is `漢字`).
    /// The timestamps among them are kept in `timestamps`.
    init(_ payload: String, syntax: Syntax = .webVTT) {
        var plain = ""
        var count = 0  // characters in plain
        var line = 0  // payload lines before `rest`
        var speaker: String?
        var timestamps: [Timestamp] = []
        var inRubyText = false  // inside <rt> or <rp>, up to its end tag or `</ruby>`
        var rest = payload[...]
        while let first = rest.first {
            if let (tag, after) = Self.markup(at: rest, syntax) {
                if speaker == nil { speaker = Self.voice(in: tag) }
                if syntax == .webVTT, let seconds = ClockStyle.webVTT.seconds(tag) {
                    timestamps.append(Timestamp(seconds: seconds, tag: "<\(tag)>", offset: count, line: line))
                }
                inRubyText = Self.isInRubyText(after: tag, inRubyText)
                line += rest[..<after.startIndex].filter(\.isNewline).count
                rest = after
                continue
            }
            if first.isNewline { line += 1 }
            var character = first
            var after = rest.dropFirst()
            if first == "&", syntax == .webVTT, let reference = Self.reference(at: rest) {
                (character, after) = reference
            }
            if !inRubyText {
                plain.append(character)
                count += 1
            }
            rest = after
        }
        text = plain.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }.joined(separator: "\n")
        self.speaker = speaker
        self.plain = plain
        self.timestamps = timestamps
    }

    /// The words the timestamps time, for a cue shown from `start` to `end` (seconds): the
    /// text before the first timestamp from `start`, the text after each timestamp from its
    /// time to the next one's (or `end`); each piece split at white space, its words sharing
    /// its times (a run of Chinese or Japanese without spaces stays one word). A timestamp
    /// outside `start...end`, or not after the one before it, is ignored and returned with
    /// why. No words when no timestamp is left.
    func timedWords(start: Double, end: Double) -> (words: [Word], ignored: [(Timestamp, String)]) {
        var kept: [Timestamp] = []
        var ignored: [(Timestamp, String)] = []
        for stamp in timestamps {
            if stamp.seconds < start || stamp.seconds > end {
                ignored.append((stamp, "timestamp \(stamp.tag) is outside its cue's time range; ignored"))
            } else if let last = kept.last, stamp.seconds <= last.seconds {
                ignored.append((stamp, "timestamp \(stamp.tag) does not come after \(last.tag); ignored"))
            } else {
                kept.append(stamp)
            }
        }
        guard !kept.isEmpty else { return ([], ignored) }
        let characters = Array(plain)
        var words: [Word] = []
        let bounds = [0] + kept.map(\.offset) + [characters.count]
        let times = [start] + kept.map(\.seconds) + [end]
        for k in 0..<(bounds.count - 1) {
            let piece = String(characters[bounds[k]..<bounds[k + 1]])
            for word in piece.split(whereSeparator: \.isWhitespace) {
                words.append(Word(text: String(word), start: times[k], end: times[k + 1]))
            }
        }
        return (words, ignored)
    }

    /// The tag at the start of `text` (what stands between `<` and `>`; empty for a SubRip
    /// override block) and the text after it; nil when `text` starts with no markup.
    private static func markup(at text: Substring, _ syntax: Syntax) -> (tag: Substring, after: Substring)? {
        let next = text.dropFirst()
        switch (text.first, syntax) {
        case ("<", .webVTT):
            // A tag runs to the next `>`, or to the end of a payload that never closes it.
            let close = next.firstIndex(of: ">") ?? next.endIndex
            return (next[..<close], next[close...].dropFirst())
        case ("<", .subRip):
            guard isSubRipTag(next), let close = closing(">", in: next) else { return nil }
            return (next[..<close], next[close...].dropFirst())
        case ("{", .subRip):
            guard next.first == "\\", let close = closing("}", in: next) else { return nil }
            return ("", next[close...].dropFirst())
        default:
            return nil
        }
    }

    /// The tags SubRip players read (any case): `<b>`, `<i>`, `<u>`, `<s>` and `<font ...>`,
    /// and their end tags. Any other `<` (`<inaudible>`, `Press <Enter>`) is text.
    static let subRipTags: Set<String> = ["b", "i", "u", "s", "font"]

    /// Whether `text` (what follows a `<`) starts with a SubRip tag's name, after a `/` for an
    /// end tag, and then `>` or, before attributes, white space.
    private static func isSubRipTag(_ text: Substring) -> Bool {
        let body = text.first == "/" ? text.dropFirst() : text
        let name = body.prefix { $0.isASCII && $0.isLetter }
        guard subRipTags.contains(name.lowercased()) else { return false }
        guard let after = body.dropFirst(name.count).first else { return false }
        return after == ">" || (after.isWhitespace && !after.isNewline && text.first != "/")
    }

    /// Where `mark` closes SubRip markup in `text`: on its line, before any other `<` or `{`.
    private static func closing(_ mark: Character, in text: Substring) -> Substring.Index? {
        let close = text.firstIndex { $0 == mark || $0 == "<" || $0 == "{" || $0.isNewline }
        return close.flatMap { text[$0] == mark ? $0 : nil }
    }

    /// Whether the text after `tag` is ruby text (of `<rt>` or `<rp>`); `wasInRubyText`
    /// tells whether the text before it was.
    private static func isInRubyText(after tag: Substring, _ wasInRubyText: Bool) -> Bool {
        switch tag.prefix(while: { !$0.isWhitespace && $0 != "." }) {
        case "rt", "rp": true
        case "/rt", "/rp", "/ruby": false
        default: wasInRubyText
        }
    }

    /// The annotation of a voice start tag (`v Mary Ann`, `v.loud Bob`), decoded and trimmed.
    private static func voice(in tag: Substring) -> String? {
        let name = tag.prefix(while: { !$0.isWhitespace })
        guard name.split(separator: ".", omittingEmptySubsequences: false).first == "v" else { return nil }
        let annotation = CueText(String(tag.dropFirst(name.count))).text
        return annotation.isEmpty ? nil : annotation
    }

    /// The character `&name;`, `&#39;` or `&#x27;` at the start of `text` stands for, and the
    /// text after it; nil when it is no reference this reader knows (the `&` then stays).
    private static func reference(at text: Substring) -> (Character, Substring)? {
        let body = text.dropFirst().prefix(while: { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "#") })
        guard !body.isEmpty, text.dropFirst(body.count + 1).first == ";" else { return nil }
        let after = text.dropFirst(body.count + 2)
        if let named = namedReferences[body] { return (named, after) }
        guard body.first == "#" else { return nil }
        let digits = body.dropFirst()
        let isHex = digits.first == "x" || digits.first == "X"
        guard let value = UInt32(isHex ? digits.dropFirst() : digits, radix: isHex ? 16 : 10), value != 0,
            let scalar = Unicode.Scalar(value)
        else { return nil }
        return (Character(scalar), after)
    }
}
