/// The caption file formats burn-captions reads.
public enum CaptionFormat: String, Sendable, CaseIterable {
    case json  // native JSON (see README)
    case srt

    /// The format a file's extension names, if any.
    public init?(fileExtension: String) {
        switch fileExtension.lowercased() {
        case "json": self = .json
        case "srt": self = .srt
        default: return nil
        }
    }

    /// The format a file's first bytes suggest.
    static func sniff(_ text: Substring) -> CaptionFormat? {
        let head = text.drop(while: { $0.isWhitespace || $0 == "\u{FEFF}" })
        if head.first == "{" { return .json }
        if head.contains("-->") { return .srt }
        return nil
    }
}
