import Captions
import Foundation
import Imaging

/// One caption being set (`LayoutEngine` tries it at several sizes): its runs shaped with
/// HarfBuzz at a size, fitted into lines, reordered for bidi, the block kept inside the safe
/// area, and each word's place found for the word looks.
struct LineSetter {
    let bytes: [UInt8]
    let runs: [TextRun]
    let fonts: [FontFile]
    let cache: FaceCache
    let shaper: Shaper
    let language: String?
    let style: TextStyle
    /// Pixels past a glyph's ink box and outline that anti-aliasing may touch.
    static let antialiasing = 2.0
    /// The caption's words found in its text, in order: index into `Caption.words` and bytes.
    let words: [(index: Int, range: Range<Int>)]

    /// Where each of `words` is in `bytes`: searched in order, a word not found is left out.
    static func wordRanges(_ words: [Word], in bytes: [UInt8]) -> [(index: Int, range: Range<Int>)] {
        var result: [(index: Int, range: Range<Int>)] = []
        var cursor = 0
        for (index, word) in words.enumerated() {
            let needle = Array(word.text.utf8)
            guard !needle.isEmpty, let start = bytes.firstIndex(of: needle, from: cursor) else { continue }
            result.append((index, start..<(start + needle.count)))
            cursor = start + needle.count
        }
        return result
    }

    /// The lines at `size`, or nil when they do not fit the safe area (outline included) or `maxWidth`.
    func fit(size: Double, breaks: [BreakCandidate], maxWidth limit: Double? = nil) throws -> [Range<Int>]? {
        let faces = try faces(at: size)
        let outline = style.paintMargin * size
        let maxWidth = limit ?? style.safeArea.width - 2 * outline
        let (rooms, widest) = try rooms(faces)
        let glyphs = try runs.flatMap { try shape($0.range, run: $0, faces: faces, rooms: rooms) }
        let prefix = LineFitter.prefix(glyphs, count: bytes.count)
        var candidates = breaks
        while true {
            guard
                let lines = LineFitter.choose(
                    bytes: bytes, prefix: prefix, breaks: candidates, maxWidth: maxWidth, maxLines: style.maximumLines,
                    maxCharacters: style.charactersPerLine)
            else { return nil }
            // The prefix measures the text shaped whole; a line set on its own loses the kerning
            // across its break (`-S` after a hyphen), so broken lines are measured as `build`
            // sets them, and a break whose lines are too wide after all is not tried again.
            if limit == nil, lines.count > 1 || lines.first != 0..<bytes.count,
                try lines.contains(where: { try width(of: $0, faces: faces, rooms: rooms) > maxWidth })
            {
                guard lines.count > 1 else { return nil }
                candidates.removeAll { (lines[0].upperBound...lines[1].lowerBound).contains($0.offset) }
                continue
            }
            let metrics = faces[0].metrics
            let height = blockHeight(lines: lines.count, metrics: metrics, size: size, widest: widest)
            return height <= style.safeArea.height - 2 * outline || limit != nil ? lines : nil
        }
    }

    /// The width of the line `range` as `build` sets it: each run's part shaped on its own. // pixels
    private func width(of range: Range<Int>, faces: [SizedFace], rooms: [Double]) throws -> Double {
        try runs.reduce(0) { total, run in
            let part = run.range.clamped(to: range)
            return part.isEmpty ? total : try total + shape(part, run: run, faces: faces, rooms: rooms).reduce(0) { $0 + $1.xAdvance }
        }
    }

    /// The laid-out caption for chosen lines at `size`.
    func build(_ lines: [Range<Int>], size: Double, fit: LayoutFit, caption: Caption, tag: LanguageTag?) throws
        -> LaidOutCaption
    {
        let faces = try faces(at: size)
        let (rooms, widest) = try rooms(faces)
        let metrics = faces[0].metrics
        let roomY = roomY(metrics, size: size, widest: widest)
        let pitch = metrics.lineHeight * style.lineSpacing + 2 * roomY
        var laidOut: [LaidOutLine] = []
        var glyphClusters: [[Int]] = []
        var glyphPens: [[(before: Double, after: Double)]] = []
        var glyphInks: [[Rect]] = []
        for (index, range) in lines.enumerated() {
            let pieces = runs.compactMap { run -> (run: TextRun, range: Range<Int>)? in
                let clipped = run.range.clamped(to: range)
                return clipped.isEmpty ? nil : (run, clipped)
            }
            let visual = VisualOrder.reorder(pieces, levels: pieces.map(\.run.level))
            var pen = 0.0
            var glyphs: [LaidOutGlyph] = []
            var clusters: [Int] = []
            var pens: [(before: Double, after: Double)] = []
            var inks: [Rect] = []
            var fonts: [String] = []
            let baseline = roomY + metrics.ascender + Double(index) * pitch
            for piece in visual {
                let family = self.fonts[piece.run.font].family
                if !fonts.contains(family) { fonts.append(family) }
                for glyph in try shape(piece.range, run: piece.run, faces: faces, rooms: rooms) {
                    glyphs.append(
                        LaidOutGlyph(
                            face: piece.run.font, glyph: glyph.glyph, x: pen + glyph.xOffset,
                            baseline: baseline - glyph.yOffset))
                    clusters.append(glyph.cluster)
                    pens.append((pen, pen + glyph.xAdvance))
                    // Ink boxes only for word-by-word looks: loading every glyph costs time.
                    if style.wordRoom != nil {
                        let ink = try faces[piece.run.font].inkBox(of: glyph.glyph)
                        inks.append(
                            Rect(x: ink.x + pen + glyph.xOffset, y: ink.y + baseline - glyph.yOffset, width: ink.width, height: ink.height))
                    }
                    pen += glyph.xAdvance
                }
            }
            laidOut.append(
                LaidOutLine(
                    text: String(decoding: bytes[range], as: UTF8.self), glyphs: glyphs, width: pen, fonts: fonts))
            glyphClusters.append(clusters)
            glyphPens.append(pens)
            glyphInks.append(inks)
        }
        let blockWidth = laidOut.map(\.width).max() ?? 0
        for i in laidOut.indices {
            let indent = (blockWidth - laidOut[i].width) / 2
            for j in laidOut[i].glyphs.indices { laidOut[i].glyphs[j].x += indent }
            glyphPens[i] = glyphPens[i].map { ($0.before + indent, $0.after + indent) }
            glyphInks[i] = glyphInks[i].map { Rect(x: $0.x + indent, y: $0.y, width: $0.width, height: $0.height) }
        }
        let outline = style.paintMargin * size
        let height = blockHeight(lines: laidOut.count, metrics: metrics, size: size, widest: widest)
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
            paintMargin: outline,
            words: laidOutWords(
                caption.words, lines: lines, clusters: glyphClusters, pens: glyphPens, inks: glyphInks,
                vertical: (metrics: metrics, roomY: roomY, pitch: pitch), rooms: rooms, margin: outline),
            language: tag,
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

    /// Where each of the caption's words was drawn: the glyphs whose clusters fall in its text,
    /// and its cell (pens, line metrics and room).
    private func laidOutWords(
        _ captionWords: [Word], lines: [Range<Int>], clusters: [[Int]], pens: [[(before: Double, after: Double)]],
        inks: [[Rect]], vertical: (metrics: FontMetrics, roomY: Double, pitch: Double), rooms: [Double], margin: Double
    ) -> [LaidOutWord] {
        let scale = style.wordRoom?.scale ?? 1
        let tilt = style.wordRoom?.tilt ?? 0
        // The paint margin, and the pixels anti-aliasing and the outline's rounding touch past it.
        let reach = margin + Self.antialiasing
        var result: [LaidOutWord] = []
        for (entry, word) in words.enumerated() {
            for (line, lineClusters) in clusters.enumerated() where lines[line].overlaps(word.range) {
                let indices = lineClusters.indices.filter { word.range.contains(lineClusters[$0]) }
                guard let first = indices.first, let last = indices.last else { continue }
                let left = indices.map { pens[line][$0].before }.min() ?? 0
                let right = indices.map { pens[line][$0].after }.max() ?? 0
                let top = Double(line) * vertical.pitch
                let height = vertical.metrics.ascender + vertical.metrics.descender + 2 * vertical.roomY
                let cell = Rect(x: left, y: top, width: right - left, height: height)
                // The ink at the largest scale, about the cell's centre, joined to the cell.
                var reserved = cell
                for ink in indices.compactMap({ inks[line].indices.contains($0) ? inks[line][$0] : nil })
                where ink.width > 0 && ink.height > 0 {
                    let x = cell.midX + (ink.x - cell.midX) * scale
                    let y = cell.midY + (ink.y - cell.midY) * scale
                    let scaled = Rect(x: x, y: y, width: ink.width * scale, height: ink.height * scale)
                    reserved = reserved.union(scaled)
                    // Turned either way, and half way (the arc a corner takes bulges a little).
                    for angle in tilt > 0 ? [tilt, -tilt, tilt / 2, -tilt / 2] : [] {
                        reserved = reserved.union(Self.turned(scaled, degrees: angle, aboutX: cell.midX, aboutY: cell.midY))
                    }
                }
                result.append(
                    LaidOutWord(
                        text: captionWords[word.index].text, index: word.index, line: line, glyphs: first..<(last + 1),
                        cell: cell, roomX: rooms.isEmpty ? 0 : rooms[entry], roomY: vertical.roomY,
                        reserved: Rect(
                            x: reserved.x - reach, y: reserved.y - reach, width: reserved.width + 2 * reach,
                            height: reserved.height + 2 * reach)))
            }
        }
        return result
    }

    /// The box around `rect` turned by `degrees` clockwise about (`aboutX`, `aboutY`). // pixels
    static func turned(_ rect: Rect, degrees: Double, aboutX: Double, aboutY: Double) -> Rect {
        let angle = degrees * .pi / 180
        let (c, s) = (cos(angle), sin(angle))
        let corners = [(rect.x, rect.y), (rect.maxX, rect.y), (rect.x, rect.maxY), (rect.maxX, rect.maxY)].map { x, y in
            (aboutX + (x - aboutX) * c - (y - aboutY) * s, aboutY + (x - aboutX) * s + (y - aboutY) * c)
        }
        let xs = corners.map(\.0)
        let ys = corners.map(\.1)
        let left = xs.min()!
        let top = ys.min()!
        return Rect(x: left, y: top, width: xs.max()! - left, height: ys.max()! - top)
    }

    /// Room above and below each line at `size`, where the widest word is `widest` pixels. // pixels
    private func roomY(_ metrics: FontMetrics, size: Double, widest: Double) -> Double {
        style.wordRoom?.vertical(extent: metrics.ascender + metrics.descender, size: size, widest: widest) ?? 0
    }

    /// The height of `lines` lines at `size`, with the room above and below each. // pixels
    private func blockHeight(lines: Int, metrics: FontMetrics, size: Double, widest: Double) -> Double {
        let roomY = roomY(metrics, size: size, widest: widest)
        return metrics.ascender + metrics.descender + 2 * roomY
            + Double(max(0, lines - 1)) * (metrics.lineHeight * style.lineSpacing + 2 * roomY)
    }

    /// The caption's fonts at `size` pixels, from the engine's cache.
    private func faces(at size: Double) throws -> [SizedFace] {
        try fonts.map { try cache.face($0, size: size) }
    }

    /// The glyphs of `range` in `run`, with the words' room (`rooms`, one per word) added.
    private func shape(_ range: Range<Int>, run: TextRun, faces: [SizedFace], rooms: [Double] = []) throws
        -> [ShapedGlyph]
    {
        var glyphs = try shaper.shape(
            bytes, range: range, face: faces[run.font], script: run.script, rightToLeft: run.isRightToLeft,
            language: language)
        if !rooms.isEmpty { addRoom(rooms, to: &glyphs, range: range, rightToLeft: run.isRightToLeft) }
        return glyphs
    }

    /// The room each word needs on either side at the size of `faces`, from its advance, and
    /// the widest word's advance: none without `style.wordRoom`. // pixels
    private func rooms(_ faces: [SizedFace]) throws -> (rooms: [Double], widest: Double) {
        guard let room = style.wordRoom, !room.isNone else { return ([], 0) }
        let glyphs = try runs.flatMap { try shape($0.range, run: $0, faces: faces) }
        let advances = words.map { word in glyphs.filter { word.range.contains($0.cluster) }.reduce(0) { $0 + $1.xAdvance } }
        let extent = faces[0].metrics.ascender + faces[0].metrics.descender
        return (advances.map { room.horizontal(advance: $0, extent: extent, size: faces[0].size) }, advances.max() ?? 0)
    }

    /// Room on both sides of each word: before its first character and after its last, in
    /// reading order, so a word shaped in several runs (Han and kana) gets it only at its
    /// ends. Only one word at a time takes its largest state, so two words with only spaces
    /// between them share their room: the spaces give back the smaller of the two (never more
    /// than their own width). At a line break the spaces go, and each word keeps its whole room.
    private func addRoom(_ rooms: [Double], to glyphs: inout [ShapedGlyph], range: Range<Int>, rightToLeft: Bool) {
        for (index, word) in words.enumerated() {
            let inWord = glyphs.indices.filter { word.range.contains(glyphs[$0].cluster) }
            guard let last = inWord.map({ glyphs[$0].cluster }).max() else { continue }
            let room = rooms[index]
            // The glyphs (in visual order) of the word's first cluster, and of its last when
            // this run holds the word's last character.
            let opening = inWord.filter { glyphs[$0].cluster == word.range.lowerBound }
            let closing = range.contains(word.range.upperBound - 1) ? inWord.filter { glyphs[$0].cluster == last } : []
            // Visually, the start of the reading order is on the left in a left-to-right run.
            if let glyph = rightToLeft ? opening.last : opening.first {
                if !rightToLeft { glyphs[glyph].xOffset += room }
                glyphs[glyph].xAdvance += room
            }
            if let glyph = rightToLeft ? closing.first : closing.last {
                if rightToLeft { glyphs[glyph].xOffset += room }
                glyphs[glyph].xAdvance += room
            }
        }
        for (index, pair) in zip(words, words.dropFirst()).enumerated() {
            let gap = pair.0.range.upperBound..<pair.1.range.lowerBound
            guard !gap.isEmpty, bytes[gap].allSatisfy({ $0 == UInt8(ascii: " ") }) else { continue }
            var shared = min(rooms[index], rooms[index + 1])
            for i in glyphs.indices where gap.contains(glyphs[i].cluster) && shared > 0 {
                let taken = min(shared, glyphs[i].xAdvance)
                glyphs[i].xAdvance -= taken
                shared -= taken
            }
        }
    }
}
