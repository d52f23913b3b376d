/// The plain text of a WebVTT cue payload: tags removed, character references decoded, and
/// the speaker of its first voice tag (`<v Speaker>`, `<v.loud Speaker>`).
struct WebVTTCueText: Equatable {
    /// Payload lines, each trimmed; lines left empty by the stripping are dropped.
    var text: String
    var speaker: String?

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
    init(_ payload: String) {
        var plain = ""
        var speaker: String?
        var inRubyText = false  // inside <rt> or <rp>, up to its end tag or `</ruby>`
        var rest = payload[...]
        while let first = rest.first {
            if first == "<" {
                // A tag runs to the next `>`, or to the end of a payload that never closes it.
                let close = rest.firstIndex(of: ">") ?? rest.endIndex
                let tag = rest[rest.index(after: rest.startIndex)..<close]
                if speaker == nil { speaker = Self.voice(in: tag) }
                inRubyText = Self.isInRubyText(after: tag, inRubyText)
                rest = close == rest.endIndex ? rest[close...] : rest[rest.index(after: close)...]
                continue
            }
            var character = first
            var after = rest.dropFirst()
            if first == "&", let reference = Self.reference(at: rest) { (character, after) = reference }
            if !inRubyText { plain.append(character) }
            rest = after
        }
        text = plain.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }.joined(separator: "\n")
        self.speaker = speaker
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
        let annotation = WebVTTCueText(String(tag.dropFirst(name.count))).text
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
