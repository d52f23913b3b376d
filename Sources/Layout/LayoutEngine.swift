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
    private var chains: [String: FontChain] = [:]
    private var emojiCandidate: FontCandidate??

    /// Shrinking steps from the style's size towards its minimum size.
    static let shrinkStep = 0.95
    /// Text is never set smaller than this, even past the style's minimum. // pixels
    static let smallestSize = 4.0

    public init(fontsConf: URL) throws {
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
        let setting = Setting(
            bytes: bytes, runs: captionRuns, fonts: fonts, cache: faces, shaper: shaper, language: tag?.harfBuzzLanguage,
            style: style)
        let wordBreaks = Self.breakCandidates(text, language: tag?.bcp47)
        let allBreaks = (wordBreaks + Self.graphemeCandidates(text)).sorted { $0.offset < $1.offset }

        var size = style.size
        while true {
            if let lines = try setting.fit(size: size, breaks: wordBreaks) {
                return try setting.build(lines, size: size, fit: .fits, caption: caption, tag: tag)
            }
            if size <= style.minimumSize { break }
            size = max(style.minimumSize, size * Self.shrinkStep)
        }
        // A single word wider than the line is broken between graphemes; more words are left
        // for the caller to split in time (they are set smaller meanwhile).
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
        if let chain = chains[key] { return chain }
        if emojiCandidate == nil {
            emojiCandidate = .some(try? selector.fallbacks(family: "emoji", weight: 400, language: nil, limit: 1).first)
        }
        let chain = FontChain(
            candidates: try selector.fallbacks(family: family, weight: weight, language: language?.fontconfigLanguage),
            emoji: emojiCandidate ?? nil)
        chains[key] = chain
        return chain
    }

    /// Word-boundary breaks with their preference: a sentence end is worth some imbalance
    /// between the two lines, a comma a little less.
    static func breakCandidates(_ text: String, language: String?) -> [BreakCandidate] {
        LineBreaker.breaks(in: text, language: language).map { BreakCandidate(offset: $0.offset, bonus: bonus($0.priority)) }
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
        case .grapheme: return -0.5
        }
    }
}

/// One caption being set: its text, runs and fonts, tried at several sizes.
private struct Setting {
    let bytes: [UInt8]
    let runs: [TextRun]
    let fonts: [FontFile]
    let cache: FaceCache
    let shaper: Shaper
    let language: String?
    let style: TextStyle

    /// The lines at `size`, or nil when they do not fit the safe area (outline included) or `maxWidth`.
    func fit(size: Double, breaks: [BreakCandidate], maxWidth limit: Double? = nil) throws -> [Range<Int>]? {
        let faces = try faces(at: size)
        let outline = style.paintMargin * size
        let maxWidth = limit ?? style.safeArea.width - 2 * outline
        let glyphs = try runs.flatMap { try shape($0.range, run: $0, faces: faces) }
        let prefix = LineFitter.prefix(glyphs, count: bytes.count)
        var candidates = breaks
        while true {
            guard
                let lines = LineFitter.choose(
                    bytes: bytes, prefix: prefix, breaks: candidates, maxWidth: maxWidth, maxLines: style.maximumLines)
            else { return nil }
            // The prefix measures the text shaped whole; a line set on its own loses the kerning
            // across its break (`-S` after a hyphen), so broken lines are measured as `build`
            // sets them, and a break whose lines are too wide after all is not tried again.
            if limit == nil, lines.count > 1 || lines.first != 0..<bytes.count,
                try lines.contains(where: { try width(of: $0, faces: faces) > maxWidth })
            {
                guard lines.count > 1 else { return nil }
                candidates.removeAll { (lines[0].upperBound...lines[1].lowerBound).contains($0.offset) }
                continue
            }
            let metrics = faces[0].metrics
            let height = blockHeight(lines: lines.count, metrics: metrics)
            return height <= style.safeArea.height - 2 * outline || limit != nil ? lines : nil
        }
    }

    /// The width of the line `range` as `build` sets it: each run's part shaped on its own. // pixels
    private func width(of range: Range<Int>, faces: [SizedFace]) throws -> Double {
        try runs.reduce(0) { total, run in
            let part = run.range.clamped(to: range)
            return part.isEmpty ? total : try total + shape(part, run: run, faces: faces).reduce(0) { $0 + $1.xAdvance }
        }
    }

    /// The laid-out caption for chosen lines at `size`.
    func build(_ lines: [Range<Int>], size: Double, fit: LayoutFit, caption: Caption, tag: LanguageTag?) throws
        -> LaidOutCaption
    {
        let faces = try faces(at: size)
        let metrics = faces[0].metrics
        let lineHeight = metrics.lineHeight * style.lineSpacing
        var laidOut: [LaidOutLine] = []
        var glyphClusters: [[Int]] = []
        for (index, range) in lines.enumerated() {
            let pieces = runs.compactMap { run -> (run: TextRun, range: Range<Int>)? in
                let clipped = run.range.clamped(to: range)
                return clipped.isEmpty ? nil : (run, clipped)
            }
            let visual = VisualOrder.reorder(pieces, levels: pieces.map(\.run.level))
            var pen = 0.0
            var glyphs: [LaidOutGlyph] = []
            var clusters: [Int] = []
            var fonts: [String] = []
            let baseline = metrics.ascender + Double(index) * lineHeight
            for piece in visual {
                let family = self.fonts[piece.run.font].family
                if !fonts.contains(family) { fonts.append(family) }
                for glyph in try shape(piece.range, run: piece.run, faces: faces) {
                    glyphs.append(
                        LaidOutGlyph(
                            face: piece.run.font, glyph: glyph.glyph, x: pen + glyph.xOffset,
                            baseline: baseline - glyph.yOffset))
                    clusters.append(glyph.cluster)
                    pen += glyph.xAdvance
                }
            }
            laidOut.append(
                LaidOutLine(
                    text: String(decoding: bytes[range], as: UTF8.self), glyphs: glyphs, width: pen, fonts: fonts))
            glyphClusters.append(clusters)
        }
        let blockWidth = laidOut.map(\.width).max() ?? 0
        for i in laidOut.indices {
            let indent = (blockWidth - laidOut[i].width) / 2
            for j in laidOut[i].glyphs.indices { laidOut[i].glyphs[j].x += indent }
        }
        let outline = style.paintMargin * size
        let height = blockHeight(lines: laidOut.count, metrics: metrics)
        let area = style.safeArea
        let missing = missingCharacters(
            Set(zip(laidOut.flatMap(\.glyphs), glyphClusters.joined()).filter { $0.0.glyph == 0 }.map(\.1)))
        // Centred on the anchor, then moved so the block and its outline stay inside the safe area.
        let x = min(max(style.anchorX - blockWidth / 2, area.x + outline), max(area.x + outline, area.maxX - outline - blockWidth))
        let y = min(max(style.anchorY - height / 2, area.y + outline), max(area.y + outline, area.maxY - outline - height))
        let frame = Rect(x: x, y: y, width: blockWidth, height: height)
        return LaidOutCaption(
            lines: laidOut, fonts: fonts, fontSize: size, frame: frame,
            box: Rect(x: x - outline, y: y - outline, width: blockWidth + 2 * outline, height: height + 2 * outline),
            paintMargin: outline, words: words(caption.words, lines: lines, clusters: glyphClusters), language: tag,
            fit: fit, missingCharacters: missing)
    }

    /// The characters (each once, in text order) that hold one of `clusters`: the glyphs no
    /// face had, drawn as .notdef boxes.
    private func missingCharacters(_ clusters: Set<Int>) -> String {
        guard !clusters.isEmpty else { return "" }
        var result = ""
        var offset = 0
        for character in String(decoding: bytes, as: UTF8.self) {
            let length = character.utf8.count
            if (offset..<(offset + length)).contains(where: clusters.contains), !result.contains(character) {
                result.append(character)
            }
            offset += length
        }
        return result
    }

    /// Where each of the caption's words was drawn: the glyphs whose clusters fall in its text.
    private func words(_ words: [Word], lines: [Range<Int>], clusters: [[Int]]) -> [LaidOutWord] {
        var result: [LaidOutWord] = []
        var cursor = 0
        for word in words {
            let needle = Array(word.text.utf8)
            guard let start = bytes.firstIndex(of: needle, from: cursor) else { continue }
            let range = start..<(start + needle.count)
            cursor = range.upperBound
            for (line, lineClusters) in clusters.enumerated() where lines[line].overlaps(range) {
                let indices = lineClusters.indices.filter { range.contains(lineClusters[$0]) }
                if let first = indices.first, let last = indices.last {
                    result.append(LaidOutWord(text: word.text, line: line, glyphs: first..<(last + 1)))
                }
            }
        }
        return result
    }

    private func blockHeight(lines: Int, metrics: FontMetrics) -> Double {
        metrics.ascender + metrics.descender + Double(max(0, lines - 1)) * metrics.lineHeight * style.lineSpacing
    }

    /// The caption's fonts at `size` pixels, from the engine's cache.
    private func faces(at size: Double) throws -> [SizedFace] {
        try fonts.map { try cache.face($0, size: size) }
    }

    private func shape(_ range: Range<Int>, run: TextRun, faces: [SizedFace]) throws -> [ShapedGlyph] {
        try shaper.shape(
            bytes, range: range, face: faces[run.font], script: run.script, rightToLeft: run.isRightToLeft,
            language: language)
    }
}
