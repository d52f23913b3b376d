import Caching
import Imaging
import Layout

/// A layer's subject at a scale, turned by `tiltDegrees` about its cell's centre, moved down
/// `dropPixels`, at `opacity` of `WordLook.steps`.
struct WordImage: Equatable, Sendable {
    var subject: LayerSubject
    var scale: Double
    var dropPixels = 0
    var opacity = WordLook.steps
    var tiltDegrees = 0.0
}

/// The second stage of painting: the layers a caption's states are drawn from, in three
/// bounded caches (`BoundedCache`), each keyed by all its value depends on. Every subject is
/// rasterized (glyph coverage and its dilated outline) at most twice, at its laid-out size
/// and at the spoken word's full scale (by subject and scale); tinted once per paint (by
/// layer and paint); resampled from the full scale for the scales, turns and fades a state
/// passes through (by layer and transform). A dropped value is made again, the same.
final class WordLayers {
    /// The most rasterized subjects held: a caption's words at two scales, and room to spare.
    static let spriteLimit = 256
    /// The most painted layers held: each sprite in the few paints of a look.
    static let paintLimit = 512
    /// The most resampled layers held: the spoken word's frames of a grow, turn or fade.
    static let transformLimit = 64

    private let layout: LaidOutCaption
    private let look: WordLook
    private let style: RasterStyle
    private let faces: FaceCache
    private var sprites = BoundedCache<SpriteKey, Sprite?>(limit: spriteLimit)
    private var painted = BoundedCache<PaintKey, ColorLayer>(limit: paintLimit)
    private var transformed = BoundedCache<TransformKey, Placed>(limit: transformLimit)
    /// Subjects rasterized so far (one per subject and scale, made again after a drop).
    private(set) var rasterized = 0

    /// A layer and the frame pixel of its top-left corner.
    typealias Placed = (layer: ColorLayer, x: Int, y: Int)

    /// A subject rasterized at a scale.
    struct SpriteKey: Hashable {
        var subject: LayerSubject
        var scaleThousandths: Int
    }
    /// A sprite in a paint.
    struct PaintKey: Hashable {
        var sprite: SpriteKey
        var fill: RGBAColor
        var outline: RGBAColor
    }
    /// A painted subject resampled to a scale, turned, faded.
    struct TransformKey: Hashable {
        var subject: LayerSubject
        var scale: Double
        var fill: RGBAColor
        var outline: RGBAColor
        var opacity = WordLook.steps
        var tiltDegrees = 0.0
    }
    /// One subject at one scale: fill coverage, outline coverage and colour glyphs, placed.
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

    /// The sprite `image` is drawn from when the look's spoken word grows to `fullScale`, and
    /// whether it is drawn as rasterized (at scale 1 or the full scale, unturned) rather than
    /// resampled from the full scale.
    static func spriteKey(for image: WordImage, fullScale: Double) -> (key: SpriteKey, asRasterized: Bool) {
        let asRasterized = (image.scale == 1 || image.scale == fullScale) && image.tiltDegrees == 0
        let scale = asRasterized ? image.scale : fullScale
        return (SpriteKey(subject: image.subject, scaleThousandths: Int((scale * 1000).rounded())), asRasterized)
    }

    /// A word image in `paint` (its fill over its outline, with its colour glyphs), placed in
    /// frame pixels: painted from the subject's sprite at scale 1 or at the look's full scale,
    /// and resampled from the full scale for the scales a grow passes through; faded and
    /// moved down as the image says.
    func layer(_ image: WordImage, paint: WordPaint) throws -> Placed? {
        guard let placed = try scaledLayer(image, paint: paint) else { return nil }
        guard image.opacity < WordLook.steps || image.dropPixels != 0 else { return placed }
        let key = TransformKey(
            subject: image.subject, scale: image.scale, fill: paint.fill, outline: paint.outline, opacity: image.opacity,
            tiltDegrees: image.tiltDegrees)
        let faded = transformed.value(for: key) {
            var faded = placed.layer
            if image.opacity < WordLook.steps { faded.fade(Double(image.opacity) / Double(WordLook.steps)) }
            return (faded, placed.x, placed.y)
        }
        return (faded.layer, placed.x, placed.y + image.dropPixels)
    }

    /// The spoken word's box as `image` draws it (around its cell without the room, scaled and
    /// turned with the word), placed in frame pixels.
    func boxLayer(_ box: RasterStyle.Box, image: WordImage) -> Placed {
        guard case .word(let entry) = image.subject else { preconditionFailure("a box goes under a word") }
        let word = layout.words[entry]
        let placement = boxPlacement(box, word: word, scale: image.scale)
        let (x, y) = (placement.area.columns.lowerBound, placement.area.rows.lowerBound)
        let layer = placement.box.layer(
            around: placement.inner, x: x, y: y, width: placement.area.columns.count, height: placement.area.rows.count)
        guard image.tiltDegrees != 0 else { return (layer, x, y) }
        let cell = layout.cell(of: word)
        return layer.turned(x: x, y: y, factor: 1, degrees: image.tiltDegrees, centreX: cell.midX, centreY: cell.midY)
    }

    /// `image` before it is faded or moved: at its scale.
    private func scaledLayer(_ image: WordImage, paint: WordPaint) throws -> Placed? {
        let full = look.activeScale
        let (key, asRasterized) = Self.spriteKey(for: image, fullScale: full)
        guard let sprite = try sprite(key) else { return nil }
        let tinted = self.paint(sprite, key: key, fill: paint.fill, outline: paint.outline)
        guard !asRasterized else { return (tinted, sprite.layers.x, sprite.layers.y) }
        guard case .word(let entry) = image.subject else { preconditionFailure("only a word is resampled") }
        let transform = TransformKey(
            subject: image.subject, scale: image.scale, fill: paint.fill, outline: paint.outline, tiltDegrees: image.tiltDegrees)
        return transformed.value(for: transform) {
            let cell = layout.cell(of: layout.words[entry])
            let factor = image.scale / full
            if image.tiltDegrees != 0 {
                // Scaled and turned from the full-size layer about the cell's centre.
                return tinted.turned(
                    x: sprite.layers.x, y: sprite.layers.y, factor: factor, degrees: image.tiltDegrees, centreX: cell.midX,
                    centreY: cell.midY)
            }
            // Scaled from the full-size layer about the cell's centre, onto whole pixels.
            let left = cell.midX + (Double(sprite.layers.x) - cell.midX) * factor
            let top = cell.midY + (Double(sprite.layers.y) - cell.midY) * factor
            let x = Int(left.rounded(.down))
            let y = Int(top.rounded(.down))
            let width = Int((Double(tinted.width) * factor + left - Double(x)).rounded(.up))
            let height = Int((Double(tinted.height) * factor + top - Double(y)).rounded(.up))
            return (tinted.scaled(by: factor, offsetX: left - Double(x), offsetY: top - Double(y), width: width, height: height), x, y)
        }
    }

    /// `key.subject` rasterized at `key.scaleThousandths`: the whole caption as laid out, a
    /// word about its cell's centre.
    private func sprite(_ key: SpriteKey) throws -> Sprite? {
        try sprites.value(for: key) {
            let scale = Double(key.scaleThousandths) / 1000
            let radius = style.outlineRadius * scale
            let padding = Int((radius + 0.5).rounded(.up)) + 1
            let rendered: GlyphLayers?
            switch key.subject {
            case .caption:
                precondition(key.scaleThousandths == 1000, "the caption is drawn as laid out")
                rendered = try GlyphRenderer.layers(for: layout, padding: padding, faces: faces)
            case .word(let entry):
                rendered = try GlyphRenderer.layers(
                    glyphs(of: layout.words[entry], scale: scale), fonts: layout.fonts, size: layout.fontSize * scale,
                    padding: padding, faces: faces)
            }
            guard let layers = rendered else { return nil }
            // No outline: an empty mask, not the fill's own (that would darken the anti-aliased
            // edges). The outline goes around the text and the colour glyphs alike.
            let outline =
                radius > 0
                ? Dilation.dilate(layers.shape, radius: radius) : CoverageMask(width: layers.text.width, height: layers.text.height)
            rasterized += 1
            return Sprite(layers: layers, outline: outline)
        }
    }

    /// `word`'s glyphs scaled by `scale` about its cell's centre, pens in frame pixels.
    private func glyphs(of word: LaidOutWord, scale: Double) -> [PlacedGlyph] {
        let cell = layout.cell(of: word)
        return layout.lines[word.line].glyphs[word.glyphs].map { glyph in
            PlacedGlyph(
                face: glyph.face, glyph: glyph.glyph, penX: cell.midX + (layout.frame.x + glyph.x - cell.midX) * scale,
                penY: cell.midY + (layout.frame.y + glyph.baseline - cell.midY) * scale)
        }
    }

    /// The sprite's fill over its outline, with its colour glyphs on top; made once per paint.
    private func paint(_ sprite: Sprite, key: SpriteKey, fill: RGBAColor, outline: RGBAColor) -> ColorLayer {
        painted.value(for: PaintKey(sprite: key, fill: fill, outline: outline)) {
            var layer = ColorLayer(
                width: sprite.layers.text.width, height: sprite.layers.text.height,
                pixels: FillOverOutline.pixels(fill: sprite.layers.text, outline: sprite.outline, fillColor: fill, outlineColor: outline))
            if let color = sprite.layers.color { layer.draw(color, x: 0, y: 0) }
            return layer
        }
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
