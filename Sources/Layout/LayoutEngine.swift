import Captions
import Foundation

/// Sets captions in lines: picks the font for the caption's language, shapes with
/// HarfBuzz, breaks at ICU line-break opportunities and shrinks the text rather than
/// use more lines than the style allows (past the style's minimum size if it must).
public final class LayoutEngine {
    private let selector: FontSelector
    private let library: FontLibrary
    private var faces: [FontFile: FontFace] = [:]

    /// Shrinking steps from the style's size towards its minimum size.
    static let shrinkStep = 0.95
    /// Text is never set smaller than this, even past the style's minimum. // pixels
    static let smallestSize = 4.0

    public init(fontsConf: URL) throws {
        selector = try FontSelector(configFile: fontsConf)
        library = try FontLibrary()
    }

    /// The face fontconfig picks for a family, weight and language.
    public func face(family: String, weight: Int, language: LanguageTag?) throws -> FontFace {
        let file = try selector.match(family: family, weight: weight, language: language?.fontconfigLanguage)
        if let face = faces[file] { return face }
        let face = try FontFace(file: file, library: library)
        faces[file] = face
        return face
    }

    /// Lays out `caption` in `style`; `language` is used when the caption names none.
    public func layout(_ caption: Caption, style: TextStyle, language: String? = nil) throws -> LaidOutCaption {
        let tag = (caption.language ?? language).map(LanguageTag.init) ?? LanguageTag.guess(from: caption.text)
        let face = try face(family: style.family, weight: style.weight, language: tag)
        let text = caption.text
        let breaks = LineBreaker.breakOpportunities(in: text, language: tag?.bcp47)
        let bytes = Array(text.utf8)
        let maxWidth = style.safeArea.width

        var size = style.size
        var lines: [Range<Int>] = []
        var overflows = false
        while true {
            try face.setSize(size)
            let glyphs = Shaper.shape(text, face: face, language: tag?.harfBuzzLanguage)
            lines = Self.greedyLines(bytes: bytes, glyphs: glyphs, breaks: breaks, maxWidth: maxWidth)
            let widest = lines.map { Self.width(of: $0, bytes: bytes, glyphs: glyphs) }.max() ?? 0
            if lines.count <= style.maximumLines && widest <= maxWidth { break }
            // Down to the style's minimum first; past it (flagged) rather than use another line.
            var next = size * Self.shrinkStep
            if size > style.minimumSize {
                next = max(next, style.minimumSize)
            } else {
                overflows = true
            }
            if next < Self.smallestSize { break }
            size = next
        }

        let metrics = face.metrics
        let lineHeight = metrics.lineHeight * style.lineSpacing
        var laidOut = lines.map { range in
            Self.line(String(decoding: bytes[range], as: UTF8.self), face: face, tag: tag)
        }
        let blockWidth = laidOut.map(\.width).max() ?? 0
        for i in laidOut.indices {
            let indent = (blockWidth - laidOut[i].width) / 2
            let baseline = metrics.ascender + Double(i) * lineHeight
            for j in laidOut[i].glyphs.indices {
                laidOut[i].glyphs[j].x += indent
                laidOut[i].glyphs[j].baseline += baseline
            }
        }
        let blockHeight = metrics.ascender + metrics.descender + Double(max(0, laidOut.count - 1)) * lineHeight
        let area = style.safeArea
        let x = min(max(style.anchorX - blockWidth / 2, area.x), max(area.x, area.maxX - blockWidth))
        let y = min(max(style.anchorY - blockHeight / 2, area.y), max(area.y, area.maxY - blockHeight))
        return LaidOutCaption(
            lines: laidOut, face: face, fontSize: size,
            frame: Rect(x: x, y: y, width: blockWidth, height: blockHeight), language: tag, overflows: overflows)
    }

    /// One line shaped on its own, glyph pens from x = 0 and baseline 0.
    private static func line(_ text: String, face: FontFace, tag: LanguageTag?) -> LaidOutLine {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        var pen = 0.0
        let glyphs = Shaper.shape(trimmed, face: face, language: tag?.harfBuzzLanguage).map { glyph in
            defer { pen += glyph.xAdvance }
            return LaidOutGlyph(glyph: glyph.glyph, x: pen + glyph.xOffset, baseline: -glyph.yOffset)
        }
        return LaidOutLine(text: trimmed, glyphs: glyphs, width: pen)
    }

    /// Lines (UTF-8 byte ranges) filled greedily: each takes as many break-separated pieces as fit.
    static func greedyLines(bytes: [UInt8], glyphs: [ShapedGlyph], breaks: [Int], maxWidth: Double) -> [Range<Int>] {
        var lines: [Range<Int>] = []
        var start = 0
        var lastFit: Int?
        for end in breaks {
            if width(of: start..<end, bytes: bytes, glyphs: glyphs) <= maxWidth {
                lastFit = end
                continue
            }
            if let fit = lastFit {
                lines.append(start..<fit)
                start = fit
                lastFit = width(of: start..<end, bytes: bytes, glyphs: glyphs) <= maxWidth ? end : nil
            }
            if lastFit == nil {
                // A piece wider than the line on its own: it gets a line to itself.
                lines.append(start..<end)
                start = end
            }
        }
        if let fit = lastFit, fit > start { lines.append(start..<fit) }
        return lines
    }

    /// Advance width of the glyphs whose clusters fall in `range`, trailing spaces excluded. // pixels
    static func width(of range: Range<Int>, bytes: [UInt8], glyphs: [ShapedGlyph]) -> Double {
        var end = range.upperBound
        while end > range.lowerBound, bytes[end - 1] == UInt8(ascii: " ") { end -= 1 }
        return glyphs.reduce(0) { sum, glyph in
            (range.lowerBound..<end).contains(glyph.cluster) ? sum + glyph.xAdvance : sum
        }
    }
}
