import Captions
import Foundation

extension CaptionWriter {
    /// Advanced SubStation Alpha: a `[Script Info]` with the video's size, one style
    /// (`Default`) from `style`, and a `Dialogue` a caption, centred on the anchor
    /// (`{\an5\pos(x,y)}`). With `style.karaoke` each word is a `\k` syllable lasting from its
    /// start to the next word's (the last to the caption's end), in centiseconds, after a
    /// `\k` for the gap before the first word; the durations add up to the caption's.
    public static func ass(_ captions: [Caption], style: ASSStyle) -> String {
        var lines = [
            "[Script Info]",
            "; written by burn-captions",
            "ScriptType: v4.00+",
            "PlayResX: \(style.playResX)",
            "PlayResY: \(style.playResY)",
            "WrapStyle: 0",
            "ScaledBorderAndShadow: yes",
            "",
            "[V4+ Styles]",
            "Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, "
                + "Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, "
                + "Alignment, MarginL, MarginR, MarginV, Encoding",
            "Style: Default,\(field(style.fontName)),\(number(style.fontSize)),\(style.primary.assValue),"
                + "\(style.secondary.assValue),\(style.outline.assValue),\(style.back.assValue),"
                + "\(style.bold ? -1 : 0),0,0,0,100,100,0,0,1,\(number(style.outlineWidth)),0,5,"
                + "\(style.marginL),\(style.marginR),0,1",
            "",
            "[Events]",
            "Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text",
        ]
        let position = "{\\an5\\pos(\(number(style.anchorX)),\(number(style.anchorY)))}"
        for caption in captions {
            let start = centiseconds(caption.start)
            let end = max(start, centiseconds(caption.end))
            let text = style.karaoke ? karaokeText(caption, start: start, end: end) : assEscape(caption.text)
            lines.append(
                "Dialogue: 0,\(assTime(start)),\(assTime(end)),Default,\(field(caption.speaker ?? "")),0,0,0,,"
                    + position + text)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The caption's text with a `\k` before each word (see `ass`); the text alone when its
    /// words cannot be found in it in order. `start` and `end` are the Dialogue's, in centiseconds.
    static func karaokeText(_ caption: Caption, start: Int, end: Int) -> String {
        guard let ranges = wordRanges(caption) else { return assEscape(caption.text) }
        // Each word's start from the Dialogue's start, never before the word before it nor past the end.
        var offsets: [Int] = []
        for word in caption.words {
            offsets.append(min(max(centiseconds(word.start) - start, offsets.last ?? 0), end - start))
        }
        var text = ""
        if let first = offsets.first, first > 0 || ranges[0].lowerBound > caption.text.startIndex {
            text += "{\\k\(first)}" + assEscape(String(caption.text[..<ranges[0].lowerBound]))
        }
        for (i, range) in ranges.enumerated() {
            let next = i + 1 < offsets.count ? offsets[i + 1] : end - start
            let upTo = i + 1 < ranges.count ? ranges[i + 1].lowerBound : caption.text.endIndex
            text += "{\\k\(next - offsets[i])}" + assEscape(String(caption.text[range.lowerBound..<upTo]))
        }
        return text
    }

    /// Text for a Dialogue line: `{` and `}` as `\{` and `\}` (libass shows them as written), a
    /// line break as `\N`, and a word joiner after a `\` that would otherwise start an escape
    /// (`\N`, `\n`, `\h`, `\{`, `\}`) or meet the override block after the text.
    static func assEscape(_ text: String) -> String {
        var result = ""
        let characters = Array(text)
        for (i, c) in characters.enumerated() {
            switch c {
            case "{", "}": result += "\\\(c)"
            case "\n", "\r\n", "\r": result += "\\N"
            case "\\":
                let next = i + 1 < characters.count ? characters[i + 1] : nil
                result += next.map { "Nnh{}".contains($0) } ?? true ? "\\\u{2060}" : "\\"
            default: result.append(c)
            }
        }
        return result
    }

    /// `seconds` in whole centiseconds, ASS's unit.
    static func centiseconds(_ seconds: Double) -> Int { Int((max(0, seconds) * 100).rounded()) }

    /// `H:MM:SS.cc` of a time in centiseconds.
    static func assTime(_ centiseconds: Int) -> String {
        let h = centiseconds / 360_000
        let m = centiseconds / 6000 % 60
        let s = centiseconds / 100 % 60
        return String(format: "%d:%02d:%02d.%02d", h, m, s, centiseconds % 100)
    }

    /// A number as ASS writes it: whole numbers without a fraction, others with up to two decimals.
    static func number(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(format: "%.2f", rounded)
            .replacingOccurrences(of: #"0$"#, with: "", options: .regularExpression)
    }

    /// A value for a comma-separated field: commas and line breaks would end it.
    static func field(_ text: String) -> String {
        String(text.map { $0 == "," || $0.isNewline ? " " : $0 })
    }
}
