import Captions
import Foundation

/// Writes final captions as SubRip, WebVTT or native JSON (which burn-captions reads back),
/// or as Advanced SubStation Alpha (`ass`).
public enum CaptionWriter {
    /// The format a file name's extension asks for (`.srt`, `.vtt`, `.json`, `.ass`).
    public static func format(forPath path: String) -> ExportFormat? {
        ExportFormat(fileExtension: URL(fileURLWithPath: path).pathExtension)
    }

    /// The captions in `format`; `.ass` needs `style` (the video's size and the look), and
    /// throws `ExportError` without one.
    public static func data(_ captions: [Caption], format: ExportFormat, style: ASSStyle?) throws -> Data {
        switch format {
        case .srt: return Data(srt(captions).utf8)
        case .vtt: return Data(webVTT(captions).utf8)
        case .json: return try nativeJSON(captions)
        case .ass:
            guard let style else { throw ExportError("an .ass export needs the video's size and style (ASSStyle)") }
            return Data(ass(captions, style: style).utf8)
        }
    }

    /// The captions in `format`; `.ass` throws `ExportError` (it needs an `ASSStyle`).
    public static func data(_ captions: [Caption], format: ExportFormat) throws -> Data {
        try data(captions, format: format, style: nil)
    }

    /// The captions in `format` (srt, vtt or native json).
    public static func data(_ captions: [Caption], format: CaptionFormat) throws -> Data {
        switch format {
        case .srt: return Data(srt(captions).utf8)
        case .vtt: return Data(webVTT(captions).utf8)
        default: return try nativeJSON(captions)
        }
    }

    /// SubRip: numbered cues, `00:00:01,000 --> 00:00:02,500`.
    public static func srt(_ captions: [Caption]) -> String {
        captions.enumerated().map { i, caption in
            "\(i + 1)\n\(timestamp(caption.start, separator: ",")) --> \(timestamp(caption.end, separator: ","))\n\(caption.text)\n"
        }.joined(separator: "\n")
    }

    /// WebVTT: `WEBVTT` header, cues with `<v Speaker>` when a speaker is known, `&`, `<`, `>`
    /// escaped, and a cue timestamp (`<00:00:01.500>`) before each word after the first when
    /// the words are timed (see `timedText`).
    public static func webVTT(_ captions: [Caption]) -> String {
        "WEBVTT\n\n"
            + captions.map { caption in
                let text = timedText(caption)
                let voiced = caption.speaker.map { "<v \(escape($0))>\(text)" } ?? text
                return "\(timestamp(caption.start, separator: ".")) --> \(timestamp(caption.end, separator: "."))\n\(voiced)\n"
            }.joined(separator: "\n")
    }

    /// A WebVTT cue payload: the caption's text escaped, with the start of each word after the
    /// first before it, when not all words are `estimated` and their texts stand in the text
    /// in order. A timestamp must come after the cue's start and the timestamp before it and
    /// before the cue's end, in the milliseconds written (WebVTT's rule): one that does not is
    /// left out, its word then reads back with the word before it.
    static func timedText(_ caption: Caption) -> String {
        guard caption.words.contains(where: { !$0.estimated }), let ranges = wordRanges(caption) else {
            return escape(caption.text)
        }
        func milliseconds(_ seconds: Double) -> Int { Int((max(0, seconds) * 1000).rounded()) }
        var text = ""
        var written = caption.text.startIndex
        var last = milliseconds(caption.start)
        for (word, range) in zip(caption.words, ranges).dropFirst() {
            let start = milliseconds(word.start)
            guard start > last, start < milliseconds(caption.end) else { continue }
            text += escape(String(caption.text[written..<range.lowerBound])) + "<\(timestamp(word.start, separator: "."))>"
            written = range.lowerBound
            last = start
        }
        return text + escape(String(caption.text[written...]))
    }

    /// Where each of the caption's words stands in its text, searched in order; nil when one
    /// is not found (or the caption has no words).
    static func wordRanges(_ caption: Caption) -> [Range<String.Index>]? {
        guard !caption.words.isEmpty else { return nil }
        var ranges: [Range<String.Index>] = []
        var from = caption.text.startIndex
        for word in caption.words {
            guard !word.text.isEmpty, let range = caption.text.range(of: word.text, range: from..<caption.text.endIndex)
            else { return nil }
            ranges.append(range)
            from = range.upperBound
        }
        return ranges
    }

    /// Native JSON (see docs/CAPTIONS.md): segments with text, times, language, speaker and words.
    public static func nativeJSON(_ captions: [Caption]) throws -> Data {
        try encoder().encode(NativeDocument(segments: captions.map(CaptionRecord.init)))
    }

    private static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// `HH:MM:SS,mmm` (SRT) or `HH:MM:SS.mmm` (WebVTT).
    static func timestamp(_ seconds: Double, separator: String) -> String {
        let milliseconds = Int((max(0, seconds) * 1000).rounded())
        let h = milliseconds / 3_600_000
        let m = milliseconds / 60_000 % 60
        let s = milliseconds / 1000 % 60
        let ms = milliseconds % 1000
        return String(format: "%02d:%02d:%02d%@%03d", h, m, s, separator, ms)
    }

    /// `text` with WebVTT's `&`, `<` and `>` as character references.
    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }

    private struct NativeDocument: Encodable {
        var segments: [CaptionRecord]
    }
}

/// A caption as JSON: `start`, `end`, `text`, `language`, `speaker`, `words[]` (`text`,
/// `start`, `end`, `emphasis` when true, `confidence` when known).
public struct CaptionRecord: Sendable, Equatable, Codable {
    public struct WordRecord: Sendable, Equatable, Codable {
        public var text: String
        public var start: Double  // seconds
        public var end: Double  // seconds
        /// `true` for a stressed word; left out (nil) otherwise.
        public var emphasis: Bool?
        /// How sure the recognizer was, 0...1; left out when it did not say.
        public var confidence: Double?
    }

    public var start: Double  // seconds
    public var end: Double  // seconds
    public var text: String
    public var language: String?
    public var speaker: String?
    public var words: [WordRecord]

    public init(_ caption: Caption) {
        start = Self.rounded(caption.start)
        end = Self.rounded(caption.end)
        text = caption.text
        language = caption.language
        speaker = caption.speaker
        words = caption.words.map {
            WordRecord(
                text: $0.text, start: Self.rounded($0.start), end: Self.rounded($0.end),
                emphasis: $0.emphasis ? true : nil, confidence: $0.confidence.map(Self.rounded))
        }
    }

    /// Milliseconds are enough, and keep the JSON readable.
    static func rounded(_ seconds: Double) -> Double { (seconds * 1000).rounded() / 1000 }
}
