import Captions
import Imaging
import Layout

/// A caption with its layout, ready to rasterize.
public struct PlannedCaption {
    public var caption: Caption
    public var layout: LaidOutCaption
    /// The text's colour instead of the preset's: the speaker's, from a palette, or the
    /// second track's.
    public var fill: RGBAColor? = nil
    /// The outline's colour instead of the preset's (the second track's).
    public var outline: RGBAColor? = nil
    /// 1, or 2 for a caption of the second track (`--second-captions`).
    public var track = 1
    /// Where avoiding obstacles put it (`--avoid`, `--obstacles`); nil when nothing was in its way.
    public var placement: CaptionPlacement? = nil
}

/// Lays out every caption before rendering, the lines of one a recognizer timed within its
/// language's characters per line where they can break so (a hand-timed cue is set as its
/// author gave it, and `lint` reports it); a caption that does not fit its lines even at the
/// minimum size is split in time at a word boundary and each half laid out again (unless
/// `splitting` is off: a split render's parts lay out the captions their plan split already).
/// A hand-timed caption whose halves would be on screen less than `minDuration` (or a frame)
/// is not split: it stays one caption, set smaller, and says so (`CaptionChange.notSplit`).
enum LayoutPlanner {
    /// How often one caption may be halved. // times
    static let maximumSplits = 4

    /// `charactersPerLine` by language tag (lowercased, "" for none) as `ReadingRules` gives it.
    static func plan(
        _ captions: [Caption], engine: LayoutEngine, style: TextStyle, language: String?, minGap: Double,
        minDuration: Double = 0, charactersPerLine: [String: Int] = [:], splitting: Bool = true
    ) throws -> [PlannedCaption] {
        var planned: [PlannedCaption] = []
        let limits = ChunkingLimits(minDuration: minDuration, minGap: minGap)
        for caption in captions {
            var captionStyle = style
            if CaptionChunker.isRecognized(caption) {
                captionStyle.charactersPerLine = charactersPerLine[(caption.language ?? language ?? "").lowercased()]
            }
            planned += try place(
                caption, engine: engine, style: captionStyle, language: language, limits: limits,
                depth: splitting ? 0 : maximumSplits)
        }
        return planned
    }

    private static func place(
        _ caption: Caption, engine: LayoutEngine, style: TextStyle, language: String?, limits: ChunkingLimits, depth: Int
    ) throws -> [PlannedCaption] {
        let layout = try engine.layout(caption, style: style, language: language)
        guard layout.fit != .fits, depth < maximumSplits, let (first, second) = CaptionSplitter.split(
                caption, minGap: limits.minGap, table: engine.phrases.table(for: caption.language ?? language))
        else { return [PlannedCaption(caption: caption, layout: layout)] }
        // The halves of a hand-timed caption share its time; one too short to be read is not made.
        let shortest = min(first.end - first.start, second.end - second.start)
        if !CaptionChunker.isRecognized(caption), shortest < limits.shortestPiece - 1e-9 {
            var kept = caption
            if !kept.changes.contains(where: { $0.kind == .notSplit }) {
                kept.changes.append(.notSplit(pieces: 2, shortest: shortest, minimum: limits.shortestPiece))
            }
            return [PlannedCaption(caption: kept, layout: layout)]
        }
        return try place(first, engine: engine, style: style, language: language, limits: limits, depth: depth + 1)
            + place(second, engine: engine, style: style, language: language, limits: limits, depth: depth + 1)
    }
}
