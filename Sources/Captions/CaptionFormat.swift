import Foundation

/// The caption file formats burn-captions reads.
public enum CaptionFormat: String, Sendable, CaseIterable {
    case json  // native JSON (see README)
    case srt
    case vtt  // WebVTT
    case whisper  // openai-whisper or faster-whisper JSON

    /// The format a file's extension names, if any; `.json` is native JSON unless
    /// `CaptionReader.read` finds another JSON format in the content.
    public init?(fileExtension: String) {
        switch fileExtension.lowercased() {
        case "json": self = .json
        case "srt": self = .srt
        case "vtt": self = .vtt
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

    /// The JSON caption format of `data`: Whisper or native, with the decoded value to read it
    /// from (nil when `data` is not JSON: the native reader then reports why).
    static func sniffJSON(_ data: Data) -> (CaptionFormat, Any?) {
        guard let root = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else {
            return (.json, nil)
        }
        if WhisperJSONReader.recognizes(root) { return (.whisper, root) }
        return (.json, root)
    }
}
