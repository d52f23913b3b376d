import Imaging
import Layout

/// A word entry at a scale and turned by `tilt` degrees about its cell's centre, moved down
/// `drop` pixels, at `opacity` of `WordLook.steps`.
struct WordImage: Equatable {
    var entry: Int  // index into `layout.words`
    var scale: Double
    var drop = 0
    var opacity = WordLook.steps
    var tilt = 0.0
}

/// The layers a caption's states are drawn from, each made once: every word entry
/// rasterized (glyph coverage and its dilated outline) at most twice, at its laid-out size and
/// at the spoken word's full scale; tinted once per paint; resampled from the full scale for
/// the scales, turns and fades a state passes through; and the spoken word's box.
final class WordLayers {
    private let layout: LaidOutCaption
    private let look: WordLook
    private let style: RasterStyle
    private let faces: FaceCache
    private var sprites: [SpriteKey: Sprite?] = [:]
    private var painted: [PaintKey: ColorLayer] = [:]
    /// Word paints resampled for the state being drawn (a grow's frame), made once per state.
    private var resampled: [ResampledKey: Placed] = [:]
    /// Word layers rasterized so far (one per word and scale).
    private(set) var rasterized = 0

    /// A layer and the frame pixel of its top-left corner.
    typealias Placed = (layer: ColorLayer, x: Int, y: Int)

    private struct SpriteKey: Hashable {
        var word: Int  // index into `layout.words`
        var scale: Int  // thousandths
    }
    private struct PaintKey: Hashable {
        var sprite: SpriteKey
        var fill: RGBAColor
        var outline: RGBAColor
    }
    private struct ResampledKey: Hashable {
        var entry: Int
        var scale: Double
        var fill: RGBAColor
        var outline: RGBAColor
        var opacity = WordLook.steps
        var tilt = 0.0
    }
    /// One word at one scale: fill coverage, outline coverage and colour glyphs, placed.
    private struct Sprite {
        var layers: GlyphLayers
        var outline: CoverageMask
    }

    init(_ layout: LaidOutCaption, look: WordLook, style: RasterStyle, faces: FaceCache) {
        self.layout = layout
        self.look = look
        self.style = style
        self.faces = faces
    }

    /// Forgets the resampled layers of the state drawn before.
    func startState() { resampled = [:] }

    /// A word image in `paint` (its fill over its outline, with its colour glyphs), placed in
    /// frame pixels: painted from the word's layers at scale 1 or at the look's full scale
    /// (each rasterized once, each paint made once), and resampled from the full scale for
    /// the scales a grow passes through; faded and moved down as the image says.
    func layer(_ image: WordImage, paint: WordPaint) throws -> Placed? {
        guard let placed = try scaledLayer(image, paint: paint) else { return nil }
        guard image.opacity < WordLook.steps || image.drop != 0 else { return placed }
        let memo = ResampledKey(
            entry: image.entry, scale: image.scale, fill: paint.fill, outline: paint.outline, opacity: image.opacity, tilt: image.tilt)
        var faded = resampled[memo]?.layer ?? placed.layer
        if resampled[memo] == nil {
            if image.opacity < WordLook.steps { faded.fade(Double(image.opacity) / Double(WordLook.steps)) }
            resampled[memo] = (faded, placed.x, placed.y)
        }
        return (faded, placed.x, placed.y + image.drop)
    }

    /// The spoken word's box as `image` draws it (around its cell without the room, scaled and
    /// turned with the word), placed in frame pixels.
    func boxLayer(_ box: RasterStyle.Box, image: WordImage) -> Placed {
        let word = layout.words[image.entry]
        let placement = boxPlacement(box, word: word, scale: image.scale)
        let (x, y) = (placement.area.columns.lowerBound, placement.area.rows.lowerBound)
        let layer = placement.box.layer(
            around: placement.inner, x: x, y: y, width: placement.area.columns.count, height: placement.area.rows.count)
        guard image.tilt != 0 else { return (layer, x, y) }
        let cell = layout.cell(of: word)
        return layer.turned(x: x, y: y, factor: 1, degrees: image.tilt, centreX: cell.midX, centreY: cell.midY)
    }

    /// `layer`'s image before it is faded or moved: at its scale.
    private func scaledLayer(_ image: WordImage, paint: WordPaint) throws -> Placed? {
        let full = look.activeScale
        let rasterized = (image.scale == 1 || image.scale == full) && image.tilt == 0
        let key = SpriteKey(word: image.entry, scale: Int(((rasterized ? image.scale : full) * 1000).rounded()))
        guard let sprite = try sprite(key) else { return nil }
        let tinted = self.paint(sprite, key: key, fill: paint.fill, outline: paint.outline)
        guard !rasterized else { return (tinted, sprite.layers.x, sprite.layers.y) }
        let memo = ResampledKey(entry: image.entry, scale: image.scale, fill: paint.fill, outline: paint.outline, tilt: image.tilt)
        if let made = resampled[memo] { return made }
        let cell = layout.cell(of: layout.words[image.entry])
        let factor = image.scale / full
        if image.tilt != 0 {
            // Scaled and turned from the full-size layer about the cell's centre.
            let turned = tinted.turned(
                x: sprite.layers.x, y: sprite.layers.y, factor: factor, degrees: image.tilt, centreX: cell.midX, centreY: cell.midY)
            resampled[memo] = turned
            return turned
        }
        // Scaled from the full-size layer about the cell's centre, onto whole pixels.
        let left = cell.midX + (Double(sprite.layers.x) - cell.midX) * factor
        let top = cell.midY + (Double(sprite.layers.y) - cell.midY) * factor
        let x = Int(left.rounded(.down))
        let y = Int(top.rounded(.down))
        let width = Int((Double(tinted.width) * factor + left - Double(x)).rounded(.up))
        let height = Int((Double(tinted.height) * factor + top - Double(y)).rounded(.up))
        let scaled = tinted.scaled(by: factor, offsetX: left - Double(x), offsetY: top - Double(y), width: width, height: height)
        resampled[memo] = (scaled, x, y)
        return (scaled, x, y)
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
            // No outline: an empty mask (as `Rasterizer.render` draws it).
            let outline =
                radius > 0
                ? Dilation.dilate(layers.shape, radius: radius) : CoverageMask(width: layers.text.width, height: layers.text.height)
            sprite = Sprite(layers: layers, outline: outline)
            rasterized += 1
        }
        sprites[key] = .some(sprite)
        return sprite
    }

    /// The sprite's fill over its outline, with its colour glyphs on top; made once per paint.
    private func paint(_ sprite: Sprite, key: SpriteKey, fill: RGBAColor, outline: RGBAColor) -> ColorLayer {
        let paintKey = PaintKey(sprite: key, fill: fill, outline: outline)
        if let layer = painted[paintKey] { return layer }
        var style = self.style
        style.fill = fill
        style.outline = outline
        var layer = ColorLayer(
            width: sprite.layers.text.width, height: sprite.layers.text.height,
            pixels: Rasterizer.compose(fill: sprite.layers.text, outline: sprite.outline, style: style))
        if let color = sprite.layers.color { layer.draw(color, x: 0, y: 0) }
        painted[paintKey] = layer
        return layer
    }

    /// The spoken word's box at `scale`: the box (scaled), the rectangle it goes around, and
    /// the frame pixels its layer covers.
    private func boxPlacement(_ box: RasterStyle.Box, word: LaidOutWord, scale: Double)
        -> (box: RasterStyle.Box, inner: Rect, area: LayerArea)
    {
        let cell = layout.cell(of: word)
        let inner = Rect(
            x: cell.midX - (cell.width / 2 - word.roomX) * scale,
            y: cell.midY - (cell.height / 2 - word.roomY) * scale,
            width: (cell.width - 2 * word.roomX) * scale, height: (cell.height - 2 * word.roomY) * scale)
        var scaled = box
        scaled.padding *= scale
        scaled.cornerRadius *= scale
        let outer = scaled.rect(around: inner)
        let x = Int(outer.x.rounded(.down))
        let y = Int(outer.y.rounded(.down))
        return (scaled, inner, (x..<Int(outer.maxX.rounded(.up)), y..<Int(outer.maxY.rounded(.up))))
    }
}
