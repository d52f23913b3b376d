/// The caption file formats burn-captions writes (`--export-captions`): the three it also
/// reads, and Advanced SubStation Alpha, which it only writes (for editors and players that
/// show karaoke word timing).
public enum ExportFormat: String, Sendable, CaseIterable {
    /// SubRip.
    case srt
    /// WebVTT, with cue timestamps before timed words.
    case vtt
    /// burn-captions' native JSON (see docs/CAPTIONS.md).
    case json
    /// Advanced SubStation Alpha (`CaptionWriter.ass`); it needs an `ASSStyle`.
    case ass

    /// The format a file's extension names (`srt`, `vtt`, `json`, `ass`, any case).
    public init?(fileExtension: String) {
        self.init(rawValue: fileExtension.lowercased())
    }

    /// The format burn-captions reads such a file with; nil for `.ass`, which it does not read.
    public var captionFormat: CaptionFormat? {
        switch self {
        case .srt: .srt
        case .vtt: .vtt
        case .json: .json
        case .ass: nil
        }
    }
}

/// Captions that cannot be written as asked.
public struct ExportError: Error, Sendable, Equatable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) { self.description = description }
}
