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
    /// How many places `splitAtPhrase` tries, best first.
    static let phraseSplitTries = 3

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
        let table = engine.phrases.table(for: caption.language ?? language)
        if layout.fit == .fits, depth < maximumSplits, let table,
            let halves = try splitAtPhrase(
                caption, layout: layout, engine: engine, style: style, language: language, table: table, limits: limits,
                depth: depth)
        {
            return halves
        }
        guard layout.fit != .fits, depth < maximumSplits,
            let (first, second) = CaptionSplitter.split(caption, minGap: limits.minGap, table: table)
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

    /// A caption whose two lines fit only by parting a closed-class word from its neighbour
    /// (`The kids across the street have` / `been building a huge snow fort`), split in time
    /// at a free phrase boundary instead, as a subtitler would: the best of the splitter's
    /// first `phraseSplitTries` places whose halves fit their lines, as large as the one
    /// caption, without parting such a word themselves. Nil (it stays as laid out) when its
    /// lines part no such word, or no place gives halves so, each on screen at least
    /// `limits.shortestPiece`.
    private static func splitAtPhrase(
        _ caption: Caption, layout: LaidOutCaption, engine: LayoutEngine, style: TextStyle, language: String?,
        table: PhraseTable, limits: ChunkingLimits, depth: Int
    ) throws -> [PlannedCaption]? {
        let tag = caption.language ?? language
        guard let bound = BoundaryCheck.boundBreak(layout.lines.map(\.text), table: table, language: tag) else { return nil }
        for (first, second) in CaptionSplitter.splits(caption, minGap: limits.minGap, table: table, limit: phraseSplitTries) {
            guard min(first.end - first.start, second.end - second.start) >= limits.shortestPiece - 1e-9,
                BoundaryCheck.boundBreak([first.text, second.text], table: table, language: tag) == nil
            else { continue }
            var halves = try place(first, engine: engine, style: style, language: language, limits: limits, depth: depth + 1)
                + place(second, engine: engine, style: style, language: language, limits: limits, depth: depth + 1)
            let clean = halves.allSatisfy { half in
                half.layout.fit == .fits && half.layout.fontSize >= layout.fontSize - 1e-9
                    && BoundaryCheck.boundBreak(half.layout.lines.map(\.text), table: table, language: tag) == nil
            }
            guard clean else { continue }
            halves[0].caption.changes.append(
                CaptionChange(.split, "split in two at a phrase boundary: as one caption its lines would part \"\(bound.boundWord ?? "")\" from its phrase"))
            return halves
        }
        return nil
    }
}
