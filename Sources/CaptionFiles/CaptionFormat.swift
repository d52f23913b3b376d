import Captions
import Foundation

/// The caption file formats burn-captions reads.
public enum CaptionFormat: String, Sendable, CaseIterable {
    /// burn-captions' native JSON (see docs/CAPTIONS.md).
    case json
    /// SubRip.
    case srt
    /// WebVTT.
    case vtt
    /// openai-whisper or faster-whisper JSON.
    case whisper
    /// A live-caption log: JSON Lines or a JSON array of caption items (see `LiveCaptionLogReader`).
    case live

    /// The format a file's extension names, if any; `.json` is native JSON unless
    /// `CaptionReader.read` finds another JSON format in the content.
    public init?(fileExtension: String) {
        switch fileExtension.lowercased() {
        case "json": self = .json
        case "srt": self = .srt
        case "vtt": self = .vtt
        case "jsonl": self = .live
        default: return nil
        }
    }

    /// The format a file's first characters suggest.
    static func sniff(_ text: Substring) -> CaptionFormat? {
        let body = text.first == "\u{FEFF}" ? text.dropFirst() : text
        if body.hasPrefix("WEBVTT") { return .vtt }
        let head = body.drop(while: \.isWhitespace)
        if head.first == "{" || head.first == "[" { return .json }  // which JSON: `sniffJSON`
        if head.contains("-->") { return .srt }
        return nil
    }

    /// The format `CaptionReader.read` takes the file at `path` (holding `data`) to be: by
    /// its extension, a `.json` by its content; nil when neither tells.
    public static func detect(_ data: Data, path: String) -> CaptionFormat? {
        let text = String(decoding: data.prefix(1 << 20), as: UTF8.self)
        guard let format = CaptionFormat(fileExtension: URL(fileURLWithPath: path).pathExtension) ?? sniff(text.prefix(4096)[...])
        else { return nil }
        return format == .json ? sniffJSON(data, text: String(decoding: data, as: UTF8.self)).0 : format
    }

    /// The JSON caption format of `data` (its text `text`): Whisper, live log or native, with the
    /// decoded value to read it from (nil when `data` is not one JSON value: JSON Lines, or
    /// broken JSON that the native reader then reports).
    static func sniffJSON(_ data: Data, text: String) -> (CaptionFormat, Any?) {
        let root = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        if let root, WhisperJSONReader.recognizes(root) { return (.whisper, root) }
        if LiveCaptionLogReader.recognizes(root, text: text) { return (.live, root) }
        return (.json, root)
    }
}
