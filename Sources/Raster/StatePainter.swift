import Imaging
import Layout

/// Draws one caption in the states of a word-by-word look. Each word is rasterized once per
/// scale (glyph coverage and its dilated outline) and tinted once per paint; a state is those
/// word layers drawn into the caption's box: the spoken word's box, every visible word's
/// outline, then every fill. Nothing is shaped or laid out again: the layout kept room for
/// every state, so a word's state changes only the pixels of its own cell.
public final class StatePainter {
    private let layout: LaidOutCaption
    private let look: WordLook
    private let style: RasterStyle
    private let faces: FaceCache
    private let emphasized: Set<Int>  // indices into the caption's words
    private let bounds: (x: Int, y: Int, width: Int, height: Int)  // frame pixels every state fits in
    private var sprites: [SpriteKey: Sprite?] = [:]
    private var tinted: [TintKey: ColorLayer] = [:]
    /// Word layers rasterized so far (one per word and scale), for `--stats` and tests.
    public private(set) var rasterized = 0

    private struct SpriteKey: Hashable {
        var word: Int  // index into `layout.words`
        var scale: Int  // thousandths
    }
    private struct TintKey: Hashable {
        var sprite: SpriteKey
        var color: RGBAColor
        var isOutline: Bool
    }
    /// One word at one scale: fill coverage, outline coverage and colour glyphs, placed.
    private struct Sprite {
        var layers: GlyphLayers
        var outline: CoverageMask
    }

    /// A painter for `layout` in `look`, its outline (and any shadow or box of the whole
    /// caption) from `style`; `emphasized` holds the indices of the caption's words to emphasize.
    public init(_ layout: LaidOutCaption, look: WordLook, style: RasterStyle, faces: FaceCache, emphasized: Set<Int> = []) {
        self.layout = layout
        self.look = look
        self.style = style
        self.faces = faces
        self.emphasized = emphasized
        let reach = Int((style.outlineRadius * look.largestScale).rounded(.up)) + 2
        let x = Int(layout.box.x.rounded(.down)) - reach
        let y = Int(layout.box.y.rounded(.down)) - reach
        bounds = (
            x, y, Int(layout.box.maxX.rounded(.up)) + reach - x, Int(layout.box.maxY.rounded(.up)) + reach - y
        )
    }

    /// The caption in `state`, or nil when nothing of it is visible.
    public func bitmap(_ state: WordState) throws -> CaptionBitmap? {
        let (entranceScale, opacity) = look.entranceEffect(in: state)
        guard opacity > 0 else { return nil }
        var canvas = ColorLayer(width: bounds.width, height: bounds.height)
        let blockX = layout.frame.midX
        let blockY = layout.frame.midY
        // Each word entry: its paint, the scale it is drawn at and where its centre goes.
        var placed: [(key: SpriteKey, paint: WordPaint, dx: Int, dy: Int, active: Bool)] = []
        for (entry, word) in layout.words.enumerated() {
            let paint = look.paint(of: word.index, in: state, emphasized: emphasized.contains(word.index))
            guard paint.visible else { continue }
            let isActive = word.index == state.active
            let wordScale = isActive ? look.scale(in: state) : 1
            let cell = layout.cell(of: word)
            // The whole caption scales about the block's centre (a pop entrance), each word about its own.
            let dx = Int(((blockX + (cell.midX - blockX) * entranceScale) - cell.midX).rounded())
            let dy = Int(((blockY + (cell.midY - blockY) * entranceScale) - cell.midY).rounded())
            let key = SpriteKey(word: entry, scale: Int((wordScale * entranceScale * 1000).rounded()))
            if isActive, let box = look.activeBox { drawBox(box, word: word, scale: Double(key.scale) / 1000, dx: dx, dy: dy, into: &canvas) }
            placed.append((key, paint, dx, dy, isActive))
        }
        for item in placed where style.outlineRadius > 0 {
            guard let sprite = try sprite(item.key) else { continue }
            draw(tint(sprite, key: item.key, color: item.paint.outline, isOutline: true), at: sprite, dx: item.dx, dy: item.dy, into: &canvas)
        }
        for item in placed {
            guard let sprite = try sprite(item.key) else { continue }
            var columns: Range<Int>?
            if item.active, look.karaoke, state.sweep < WordLook.steps {
                // Not yet swept: the upcoming fill, then the active fill up to the sweep.
                let upcoming = look.paint(of: -1, in: WordState(active: nil), emphasized: false)
                draw(tint(sprite, key: item.key, color: upcoming.fill, isOutline: false), at: sprite, dx: item.dx, dy: item.dy, into: &canvas)
                columns = sweptColumns(sprite, sweep: state.sweep)
            }
            draw(
                tint(sprite, key: item.key, color: item.paint.fill, isOutline: false), at: sprite, dx: item.dx,
                dy: item.dy, into: &canvas, columns: columns)
            if let color = sprite.layers.color {
                canvas.draw(color, x: sprite.layers.x + item.dx - bounds.x, y: sprite.layers.y + item.dy - bounds.y)
            }
        }
        if opacity < 1 { canvas.fade(opacity) }
        guard !canvas.isEmpty else { return nil }
        guard style.shadow != nil || style.box != nil else {
            return CaptionBitmap(x: bounds.x, y: bounds.y, width: canvas.width, height: canvas.height, pixels: canvas.pixels)
        }
        return Rasterizer.underlay(canvas, x: bounds.x, y: bounds.y, frame: layout.frame, style: style)
    }

    /// The columns of the sprite's layers the karaoke sweep has reached: from the left in a
    /// left-to-right caption, from the right in a right-to-left one.
    private func sweptColumns(_ sprite: Sprite, sweep: Int) -> Range<Int> {
        let width = sprite.layers.text.width
        let reached = width * sweep / WordLook.steps
        return layout.language?.isRightToLeft == true ? (width - reached)..<width : 0..<reached
    }

    /// Word entry `key.word` rasterized at `key.scale`, about its cell's centre; made once.
    private func sprite(_ key: SpriteKey) throws -> Sprite? {
        if let sprite = sprites[key] { return sprite }
        let word = layout.words[key.word]
        let cell = layout.cell(of: word)
        let scale = Double(key.scale) / 1000
        let line = layout.lines[word.line]
        let glyphs = line.glyphs[word.glyphs].map { glyph in
            PlacedGlyph(
                face: glyph.face, glyph: glyph.glyph,
                penX: cell.midX + (layout.frame.x + glyph.x - cell.midX) * scale,
                penY: cell.midY + (layout.frame.y + glyph.baseline - cell.midY) * scale)
        }
        let radius = style.outlineRadius * scale
        let padding = Int((radius + 0.5).rounded(.up)) + 1
        var sprite: Sprite?
        if let layers = try GlyphRenderer.layers(
            glyphs, fonts: layout.fonts, size: layout.fontSize * scale, padding: padding, faces: faces)
        {
            let outline = radius > 0 ? Dilation.dilate(layers.shape, radius: radius) : CoverageMask(width: 0, height: 0)
            sprite = Sprite(layers: layers, outline: outline)
            rasterized += 1
        }
        sprites[key] = .some(sprite)
        return sprite
    }

    /// The sprite's outline or fill coverage in `color`; made once per colour.
    private func tint(_ sprite: Sprite, key: SpriteKey, color: RGBAColor, isOutline: Bool) -> ColorLayer {
        let tintKey = TintKey(sprite: key, color: color, isOutline: isOutline)
        if let layer = tinted[tintKey] { return layer }
        let layer = Tint.layer(isOutline ? sprite.outline : sprite.layers.text, color: color)
        tinted[tintKey] = layer
        return layer
    }

    private func draw(
        _ layer: ColorLayer, at sprite: Sprite, dx: Int, dy: Int, into canvas: inout ColorLayer, columns: Range<Int>? = nil
    ) {
        canvas.draw(
            layer, x: sprite.layers.x + dx - bounds.x, y: sprite.layers.y + dy - bounds.y, columns: columns)
    }

    /// The spoken word's box: around its cell without the room, scaled with the word.
    private func drawBox(
        _ box: RasterStyle.Box, word: LaidOutWord, scale: Double, dx: Int, dy: Int, into canvas: inout ColorLayer
    ) {
        let cell = layout.cell(of: word)
        let inner = Rect(
            x: cell.midX - (cell.width / 2 - word.roomX) * scale + Double(dx),
            y: cell.midY - (cell.height / 2 - word.roomY) * scale + Double(dy),
            width: (cell.width - 2 * word.roomX) * scale, height: (cell.height - 2 * word.roomY) * scale)
        var scaled = box
        scaled.padding *= scale
        scaled.cornerRadius *= scale
        let outer = scaled.rect(around: inner)
        let x = Int(outer.x.rounded(.down))
        let y = Int(outer.y.rounded(.down))
        let layer = scaled.layer(
            around: inner, x: x, y: y, width: Int(outer.maxX.rounded(.up)) - x, height: Int(outer.maxY.rounded(.up)) - y)
        canvas.draw(layer, x: x - bounds.x, y: y - bounds.y)
    }
}
