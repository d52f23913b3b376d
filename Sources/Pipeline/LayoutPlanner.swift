import Captions
import Imaging
import Layout
import Settings

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
/// author gave it, and `lint` reports it). It never cuts a caption in time: the captions
/// stage asked `fit` whether each would fit its lines (`CaptionSegmenter`), and a caption
/// that still does not is set smaller (the layout warns).
enum LayoutPlanner {
    /// `charactersPerLine` by language tag (lowercased, "" for none) as `ReadingRules` gives it.
    static func plan(
        _ captions: [Caption], engine: LayoutEngine, style: TextStyle, language: String?, charactersPerLine: [String: Int] = [:]
    ) throws -> [PlannedCaption] {
        try captions.map { caption in
            let layout = try engine.layout(
                caption, style: self.style(caption, style, language: language, charactersPerLine: charactersPerLine),
                language: language)
            return PlannedCaption(caption: caption, layout: layout)
        }
    }

    /// The layout's answer to the captions stage for a candidate caption set in `style`: too
    /// large when its lines do not fit at the minimum size (or, when a recognizer timed it,
    /// within its language's characters per line), parting a phrase when they fit only
    /// by ending a line on a word of the language's table bound to the next.
    static func fit(
        engine: LayoutEngine, style: TextStyle, language: String?, rules: ReadingRules
    ) -> CaptionFit {
        { caption in
            let tag = caption.language ?? language
            let captionStyle = self.style(caption, style, language: language, charactersPerLine: rules.charactersPerLine(for: [tag]))
            guard let layout = try? engine.layout(caption, style: captionStyle, language: language), layout.fit == .fits,
                captionStyle.charactersPerLine.map({ limit in layout.lines.allSatisfy { ReadingRules.characters($0.text) <= limit } }) ?? true
            else { return .tooLarge }
            guard let table = engine.phrases.table(for: tag),
                BoundaryCheck.boundBreak(layout.lines.map(\.text), table: table, language: tag) != nil
            else { return .fits }
            return .partsPhrase
        }
    }

    /// `style` with the characters per line of `caption`'s language when a recognizer timed it.
    private static func style(_ caption: Caption, _ style: TextStyle, language: String?, charactersPerLine: [String: Int]) -> TextStyle {
        var captionStyle = style
        if CaptionChunker.isRecognized(caption) {
            captionStyle.charactersPerLine = charactersPerLine[(caption.language ?? language ?? "").lowercased()]
        }
        return captionStyle
    }
}
