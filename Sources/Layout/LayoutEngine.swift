import Caching
import Captions
import Foundation
import Imaging

/// Sets captions in lines: picks faces through fontconfig for the caption's language (with
/// per-cluster fallback), itemizes by face, script and direction, shapes with HarfBuzz,
/// breaks at word boundaries, balances two lines, and shrinks the text rather than use more
/// lines than the style allows. The block and its outline stay inside the safe area.
public final class LayoutEngine {
    private let selector: FontSelector
    /// The faces at their sizes, for layout and for rasterizing what it laid out.
    public let faces: FaceCache
    private let shaper: Shaper
    /// The closed-class tables by which lines end at phrase boundaries.
    public let phrases: PhraseTables
    /// By family, weight and fontconfig language: a handful per run, many only for a file of many languages.
    private var chains = BoundedCache<String, FontChain>(limit: 64)
    private var emojiCandidate: FontCandidate??

    /// Shrinking steps from the style's size towards its minimum size.
    static let shrinkStep = 0.95
    /// Text is never set smaller than this, even past the style's minimum. // pixels
    static let smallestSize = 4.0

    public init(fontsConf: URL, phrases: PhraseTables) throws {
        self.phrases = phrases
        selector = try FontSelector(configFile: fontsConf)
        faces = try FaceCache()
        shaper = try Shaper()
    }

    /// The font file fontconfig picks first for a family, weight and language.
    public func font(family: String, weight: Int, language: LanguageTag?) throws -> FontFile {
        try chain(family: family, weight: weight, language: language).file(0)
    }

    /// The family used instead of `family` when no face of that name is installed where
    /// the fontconfig file looks, or nil when it is installed.
    public func substitute(for family: String, weight: Int) throws -> String? {
        guard !selector.hasFamily(family) else { return nil }
        return try selector.match(family: family, weight: weight, language: nil).family
    }

    /// Lays out `caption` in `style`; `language` is used when the caption names none.
    public func layout(_ caption: Caption, style: TextStyle, language: String? = nil) throws -> LaidOutCaption {
        let named = [caption.language, language].compactMap { $0 }.first { !$0.isEmpty && $0.lowercased() != "und" }
        let tag = named.map(LanguageTag.init) ?? LanguageTag.guess(from: caption.text)
        let chain = try chain(family: style.family, weight: style.weight, language: tag)
        // One space for any run of white space (a newline or tab would shape as a missing glyph);
        // a no-break space stays, and keeps its words on one line.
        let text = caption.text.split(whereSeparator: \.isBreakingSpace).joined(separator: " ")
        let bytes = Array(text.utf8)
        // The style's faces, then a last resort for each character none of them covers, in the
        // order this caption needs them: the same caption gets the same faces whatever came before.
        let offered = Array(0..<chain.base) + lastResorts(for: text, chain: chain, weight: style.weight)
        let offeredRuns = Itemizer.runs(
            text, coverage: offered.map { chain.candidates[$0].coverage }, emoji: chain.emoji,
            rightToLeft: tag?.isRightToLeft ?? false)
        let runs = offeredRuns.map { run -> TextRun in
            var mapped = run
            mapped.font = offered[run.font]
            return mapped
        }
        // Caption faces: the language's face first (it sets the line metrics), then those the runs use.
        var chainIndices = [0]
        for run in runs where !chainIndices.contains(run.font) { chainIndices.append(run.font) }
        let fonts = chainIndices.map(chain.file)
        let captionRuns = runs.map { run -> TextRun in
            var mapped = run
            mapped.font = chainIndices.firstIndex(of: run.font) ?? 0
            return mapped
        }
        let setting = LineSetter(
            bytes: bytes, runs: captionRuns, fonts: fonts, cache: faces, shaper: shaper, language: tag?.harfBuzzLanguage,
            style: style, words: LineSetter.wordRanges(caption.words, in: bytes))
        let wordBreaks = Self.breakCandidates(text, language: tag?.bcp47, phrases: phrases.table(for: tag?.bcp47))
        let allBreaks = (wordBreaks + Self.graphemeCandidates(text)).sorted { $0.offset < $1.offset }

        var size = style.size
        while true {
            if let lines = try setting.fit(size: size, breaks: wordBreaks) {
                return try setting.build(lines, size: size, fit: .fits, caption: caption, tag: tag)
            }
            if size <= style.minimumSize { break }
            size = max(style.minimumSize, size * Self.shrinkStep)
        }
        // A single word wider than the line is broken between graphemes; more words are set
        // smaller (segmentation divides a caption that fits no lines before it is laid out).
        if wordBreaks.isEmpty, let lines = try setting.fit(size: size, breaks: allBreaks) {
            return try setting.build(lines, size: size, fit: .brokeInsideWord, caption: caption, tag: tag)
        }
        let breaks = wordBreaks.isEmpty ? allBreaks : wordBreaks
        while size * Self.shrinkStep >= Self.smallestSize {
            size *= Self.shrinkStep
            if let lines = try setting.fit(size: size, breaks: breaks) {
                return try setting.build(lines, size: size, fit: .overflows, caption: caption, tag: tag)
            }
        }
        // Nothing fits even at the smallest size: the most balanced two lines, flagged.
        let lines = try setting.fit(size: size, breaks: allBreaks, maxWidth: .infinity) ?? [LineFitter.trimmed(0..<bytes.count, bytes)]
        return try setting.build(lines, size: size, fit: .overflows, caption: caption, tag: tag)
    }

    /// Chain indices of the last-resort faces for the characters of `text` that none of the
    /// style's faces covers, in order of first need.
    private func lastResorts(for text: String, chain: FontChain, weight: Int) -> [Int] {
        var indices: [Int] = []
        let styleFaces = chain.candidates.prefix(chain.base)
        for scalar in text.unicodeScalars where !Itemizer.needsNoGlyph(scalar) {
            guard !styleFaces.contains(where: { $0.coverage.covers(scalar) }),
                let candidate = selector.lastResort(for: scalar, weight: weight)
            else { continue }
            let index = chain.index(of: candidate)
            if !indices.contains(index) { indices.append(index) }
        }
        return indices
    }

    /// Fallback faces for a style and language, with the colour emoji face; cached.
    private func chain(family: String, weight: Int, language: LanguageTag?) throws -> FontChain {
        let key = "\(family)|\(weight)|\(language?.fontconfigLanguage ?? "")"
        if let chain = chains.value(for: key) { return chain }
        if emojiCandidate == nil {
            emojiCandidate = .some(try? selector.fallbacks(family: "emoji", weight: 400, language: nil, limit: 1).first)
        }
        let chain = FontChain(
            candidates: try selector.fallbacks(family: family, weight: weight, language: language?.fontconfigLanguage),
            emoji: emojiCandidate ?? nil)
        chains.insert(chain, for: key)
        return chain
    }

    /// Word-boundary breaks with their preference: a sentence end is worth some imbalance
    /// between the two lines, a comma a little less, a break before a conjunction or
    /// preposition less still; one after a bound word (an article, a preposition, ...) or
    /// before a particle costs more than any imbalance (`PhraseBoundary.cost`).
    static func breakCandidates(_ text: String, language: String?, phrases: PhraseTable? = nil) -> [BreakCandidate] {
        LineBreaker.breaks(in: text, language: language, phrases: phrases).map {
            BreakCandidate(offset: $0.offset, bonus: bonus($0.priority) - $0.phrase.cost)
        }
    }

    /// Between grapheme clusters: the last resort for a word wider than the line.
    static func graphemeCandidates(_ text: String) -> [BreakCandidate] {
        LineBreaker.graphemeBreaks(in: text).map { BreakCandidate(offset: $0, bonus: bonus(.grapheme)) }
    }

    /// Share of the line width a break of this kind is worth.
    private static func bonus(_ priority: LineBreak.Priority) -> Double {
        switch priority {
        case .mandatory: return 1
        case .sentence: return 0.3
        case .clause: return 0.2
        case .space, .word: return 0
        // Worse than any imbalance of the two lines and than a bound word: taken only when
        // nothing else fits.
        case .bound: return -2
        case .grapheme: return -3
        }
    }
}
