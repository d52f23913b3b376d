/// The caption file formats burn-captions reads.
public enum CaptionFormat: String, Sendable, CaseIterable {
    case json  // native JSON (see README)
    case srt
    case vtt  // WebVTT

    /// The format a file's extension names, if any.
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
        if head.first == "{" { return .json }
        if head.contains("-->") { return .srt }
        return nil
    }
}
