import Captions

/// Control characters in caption text. C0 controls other than tab and line feed, DEL and
/// C1 controls mean nothing on screen (a font draws them as boxes) and are removed; NUL,
/// which some tools write between words, becomes a space so the words stay apart. In a
/// message or a file name, bidirectional controls are unsafe too: they reorder what follows.
public enum ControlCharacters {
    /// `transcript` with control characters taken out of its segments' and words' text (a
    /// segment left without text is dropped), and one note at the first segment that had any,
    /// naming the characters and how many segments had them.
    static func strip(_ transcript: Transcript, file: String) -> Transcript {
        var result = transcript
        var found = Set<UInt32>()
        var first: SourceLocation?
        var count = 0
        result.segments = transcript.segments.compactMap { segment in
            var cleaned = segment
            var removed = Set<UInt32>()
            cleaned.text = clean(segment.text, removed: &removed)
            cleaned.words = segment.words.compactMap { word in
                var kept = word
                kept.text = clean(word.text, removed: &removed)
                return kept.text.isEmpty ? nil : kept
            }
            if !removed.isEmpty {
                if count == 0 { first = segment.source }
                count += 1
                found.formUnion(removed)
            }
            return cleaned.text.allSatisfy(\.isWhitespace) ? nil : cleaned
        }
        guard count > 0 else { return transcript }
        let names = found.sorted().map { "U+" + hex($0) }.joined(separator: ", ")
        let message =
            "control characters removed (\(names))" + (count > 1 ? " from \(count) captions, the first here" : "")
        result.notes.append(CaptionProblem(file: file, line: first?.line, field: first?.field, message: message))
        return result
    }

    /// Whether `scalar` is removed from caption text (or, for NUL, replaced): a C0 control but
    /// tab and line feed, DEL or a C1 control.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A: return false
        case 0x00...0x1F, 0x7F...0x9F: return true
        default: return false
        }
    }

    /// `text` without control characters (NUL as a space); what was taken out goes to `removed`.
    static func clean(_ text: String, removed: inout Set<UInt32>) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            guard isControl(scalar) else {
                scalars.append(scalar)
                continue
            }
            removed.insert(scalar.value)
            if scalar.value == 0 { scalars.append(" ") }
        }
        return String(scalars)
    }

    /// Whether `scalar` must not stand as it is in a message or a file name: a C0 or C1
    /// control (line breaks and tabs too), DEL, or a bidirectional control.
    public static func isUnprintable(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control || scalar.properties.isBidiControl
    }

    /// `text` with its unprintable characters written as escapes (`\\n`, `\\x1B`, `\\u{202E}`),
    /// so that it prints as one line and shows what it holds.
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isUnprintable) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where !isUnprintable(scalar): result.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x100: result += "\\x" + hex(scalar.value, digits: 2)
            default: result += "\\u{" + hex(scalar.value) + "}"
            }
        }
        return result
    }

    private static func hex(_ value: UInt32, digits: Int = 4) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
