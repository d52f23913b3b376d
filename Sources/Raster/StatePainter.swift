import Imaging
import Layout

/// Draws one caption in the states of a word-by-word look. Each word is rasterized (glyph
/// coverage and its dilated outline) at most twice, at its laid-out size and at the spoken
/// word's full scale, and tinted once per paint; the scales a grow passes through are
/// resampled from the full one, and a pop entrance resamples the whole caption. A state is
/// those word layers drawn into the caption's box: the spoken word's box, every visible
/// word's outline, then every fill and colour glyph. Nothing is shaped or laid out again: the
/// layout kept room for every state, so a word's state changes only its reserved box.
public final class StatePainter {
    private let layout: LaidOutCaption
    private let look: WordLook
    private let style: RasterStyle
    private let faces: FaceCache
    private let emphasized: Set<Int>  // indices into the caption's words
    private let labels: Set<Int>  // indices of the speaker labels among the caption's words
    private let bounds: (x: Int, y: Int, width: Int, height: Int)  // frame pixels every state fits in
    private var sprites: [SpriteKey: Sprite?] = [:]
    private var painted: [PaintKey: ColorLayer] = [:]
    /// Word layers rasterized so far (one per word and scale), for `--stats` and tests.
    public private(set) var rasterized = 0
    /// What the last bitmap changed from the one before (frame pixels), when it is the same
    /// box with only these areas drawn again; nil when it was drawn whole.
    public private(set) var lastChange: [Rect]?
    private var lastWasSteady = false  // the last bitmap was drawn with no caption entrance

    private struct SpriteKey: Hashable {
        var word: Int  // index into `layout.words`
        var scale: Int  // thousandths
    }
    private struct PaintKey: Hashable {
        var sprite: SpriteKey
        var fill: RGBAColor
        var outline: RGBAColor
    }
    /// One word at one scale: fill coverage, outline coverage and colour glyphs, placed.
    private struct Sprite {
        var layers: GlyphLayers
        var outline: CoverageMask
    }

    /// A painter for `layout` in `look`, its outline (and any shadow or box of the whole
    /// caption) from `style`; `emphasized` holds the indices of the caption's words to emphasize.
    public init(_ layout: LaidOutCaption, look: WordLook, style: RasterStyle, faces: FaceCache, emphasized: Set<Int> = [], labels: Set<Int> = []) {
        self.layout = layout
        self.look = look
        self.style = style
        self.faces = faces
        self.emphasized = emphasized
        self.labels = labels
        let reach = Int((style.outlineRadius * look.largestScale).rounded(.up)) + 2
        let x = Int(layout.box.x.rounded(.down)) - reach
        let y = Int(layout.box.y.rounded(.down)) - reach
        bounds = (
            x, y, Int(layout.box.maxX.rounded(.up)) + reach - x, Int(layout.box.maxY.rounded(.up)) + reach - y
        )
    }

    /// What a word entry looks like in a state; equal appearances draw equal pixels.
    private struct Appearance: Equatable {
        var paint: WordPaint
        var scale: Double
        var isActive: Bool
        var sweep: Int  // the karaoke sweep of the spoken word; `WordLook.steps` otherwise
        var drop = 0  // pixels below its place (a word sliding in)
        var opacity = WordLook.steps  // of `WordLook.steps` (a word fading in)
        var tilt = 0.0  // degrees clockwise (the spoken word turning)

        /// The word image this appearance draws of word entry `entry`.
        func image(_ entry: Int) -> WordImage { WordImage(entry: entry, scale: scale, drop: drop, opacity: opacity, tilt: tilt) }
    }
    /// The last state drawn (before any entrance): each entry's appearance, and the canvas.
    private var composed: (appearances: [Appearance?], canvas: ColorLayer)?
    /// Canvas columns and rows.
    private typealias Area = LayerArea
    /// Where each visible word entry drew in the composed state (its paint and its box).
    private var extents: [Int: Area] = [:]
    /// Word paints resampled for the state being drawn (a grow's frame), made once per state.
    private var resampled: [ResampledKey: (layer: ColorLayer, x: Int, y: Int)] = [:]
    private struct ResampledKey: Hashable {
        var entry: Int
        var scale: Double
        var fill: RGBAColor
        var outline: RGBAColor
        var opacity = WordLook.steps
        var tilt = 0.0
    }

    /// The caption in `state`, or nil when nothing of it is visible. Only where the words
    /// whose appearance changed drew before and draw now (inside their reserved boxes) is
    /// drawn again.
    public func bitmap(_ state: WordState) throws -> CaptionBitmap? {
        let (entranceScale, opacity) = look.entranceEffect(in: state)
        let arrival = look.arrival(in: state)
        let appearances = layout.words.map { word -> Appearance? in
            let paint = look.paint(
                of: word.index, in: state, emphasized: emphasized.contains(word.index), isLabel: labels.contains(word.index))
            guard paint.visible else { return nil }
            let isActive = word.index == state.active
            guard isActive else { return Appearance(paint: paint, scale: 1, isActive: false, sweep: WordLook.steps) }
            return Appearance(
                paint: paint, scale: look.scale(in: state) * arrival.scale, isActive: true,
                sweep: look.karaoke ? state.sweep : WordLook.steps, drop: Int((arrival.drop * layout.fontSize).rounded()),
                opacity: Int((arrival.opacity * Double(WordLook.steps)).rounded()), tilt: look.tilt(in: state))
        }
        lastChange = nil
        guard opacity > 0, appearances.contains(where: { $0 != nil }) else {
            lastWasSteady = false
            return nil
        }
        resampled = [:]
        var canvas: ColorLayer
        var areas: [Area?] = [nil]
        var reshaped: [Bool] = [true]  // per area: whether the text's alpha changed there
        if let before = composed?.appearances {
            // Taken out, so that it is drawn on in place once the last bitmap is let go.
            canvas = composed!.canvas
            composed = nil
            areas = []
            reshaped = []
            for entry in appearances.indices where appearances[entry] != before[entry] {
                let extentBefore = extents[entry]
                let now = try appearances[entry].flatMap { try extent(entry, $0) }
                extents[entry] = now
                if let area = Self.union(extentBefore, now) {
                    areas.append(area)
                    reshaped.append(before[entry].map { shape(of: $0) } != appearances[entry].map { shape(of: $0) })
                }
            }
        } else {
            canvas = ColorLayer(width: bounds.width, height: bounds.height)
            extents = [:]
            for (entry, appearance) in appearances.enumerated() {
                if let appearance { extents[entry] = try extent(entry, appearance) }
            }
        }
        for area in areas {
            if let area { canvas.clear(columns: area.columns, rows: area.rows) }
            try compose(appearances, into: &canvas, area: area)
        }
        composed = (appearances, canvas)
        // Drawn in parts when the state before was drawn with no entrance either: the text
        // layer (and the underlay) then changed only in `areas`.
        let steady = entranceScale == 1 && opacity == 1
        let inParts = steady && lastWasSteady && !areas.contains(where: { $0 == nil })
        lastWasSteady = steady
        if entranceScale != 1 {
            // The whole caption scales about the block's centre (a pop entrance).
            let centreX = layout.frame.midX - Double(bounds.x)
            let centreY = layout.frame.midY - Double(bounds.y)
            canvas = canvas.scaled(
                by: entranceScale, offsetX: centreX * (1 - entranceScale), offsetY: centreY * (1 - entranceScale),
                width: canvas.width, height: canvas.height)
        }
        if opacity < 1 { canvas.fade(opacity) }
        guard !style.shadows.isEmpty || style.box != nil else {
            if inParts { lastChange = areas.compactMap { $0 }.map { framed($0, x: bounds.x, y: bounds.y) } }
            return CaptionBitmap(x: bounds.x, y: bounds.y, width: canvas.width, height: canvas.height, pixels: canvas.pixels)
        }
        // Taken out, so that it is drawn on in place once the last bitmap is let go.
        var underlay =
            self.underlay
            ?? Underlay(textX: bounds.x, textY: bounds.y, width: bounds.width, height: bounds.height, frame: layout.frame, style: style)
        self.underlay = nil
        if inParts {
            var drawn: [Rect] = []
            for (area, reshaped) in zip(areas, reshaped) {
                guard let area else { continue }
                drawn.append(framed(underlay.update(from: canvas, area: area, reshaped: reshaped), x: underlay.x, y: underlay.y))
            }
            lastChange = drawn
        } else {
            underlay.redraw(from: canvas)
        }
        self.underlay = underlay
        return underlay.captionBitmap
    }

    /// `area` (columns and rows of a layer whose top-left pixel is at `x`, `y`) in frame pixels.
    private func framed(_ area: Area, x: Int, y: Int) -> Rect {
        Rect(
            x: Double(area.columns.lowerBound + x), y: Double(area.rows.lowerBound + y), width: Double(area.columns.count),
            height: Double(area.rows.count))
    }

    /// What of a word entry's appearance its alpha follows (the shadows are made of it): where
    /// and how large it is drawn, how opaque, and whether the spoken word's box is under it.
    private struct Shape: Equatable {
        var scale: Double
        var drop: Int
        var opacity: Int
        var fillAlpha: UInt8
        var outlineAlpha: UInt8
        var sweep: Int
        var boxed: Bool
        var tilt: Double
    }
    private func shape(of appearance: Appearance) -> Shape {
        Shape(
            scale: appearance.scale, drop: appearance.drop, opacity: appearance.opacity, fillAlpha: appearance.paint.fill.alpha,
            outlineAlpha: appearance.paint.outline.alpha, sweep: appearance.sweep, boxed: appearance.isActive && look.activeBox != nil,
            tilt: appearance.tilt)
    }
    /// The shadows and box under the last state drawn, when the caption has any.
    private var underlay: Underlay?

    /// The words in their appearances drawn over `canvas`, only inside `area` when given: the
    /// spoken word's box under everything, then each word's paint (its fill over its outline,
    /// with its colour glyphs). Words do not touch but by their outlines, so painting word by
    /// word is painting every outline, then every fill.
    private func compose(
        _ appearances: [Appearance?], into canvas: inout ColorLayer, area: Area?
    ) throws {
        let placed = appearances.enumerated().compactMap { entry, appearance in
            appearance.map { (image: $0.image(entry), appearance: $0) }
        }
        for item in placed where item.appearance.isActive {
            if let box = look.activeBox {
                drawBox(box, word: layout.words[item.image.entry], image: item.image, into: &canvas, area: area)
            }
        }
        for item in placed {
            if let area, !intersects(layout.reservedBox(of: layout.words[item.image.entry]), area) { continue }
            let paint = item.appearance.paint
            if item.appearance.sweep < WordLook.steps {
                // Not yet swept: the upcoming paint, then the spoken word's up to the sweep.
                if let upcoming = try layer(item.image, paint: look.upcoming) { draw(upcoming, into: &canvas, area: area) }
                if let swept = try layer(item.image, paint: paint) {
                    draw(
                        swept, into: &canvas, columns: sweptColumns(width: swept.layer.width, sweep: item.appearance.sweep),
                        area: area)
                }
            } else if let layer = try layer(item.image, paint: paint) {
                draw(layer, into: &canvas, area: area)
            }
        }
    }

    /// Whether `box` (frame pixels) reaches into `area` (canvas columns and rows).
    private func intersects(_ box: Rect, _ area: Area) -> Bool {
        box.maxX > Double(area.columns.lowerBound + bounds.x) && box.x < Double(area.columns.upperBound + bounds.x)
            && box.maxY > Double(area.rows.lowerBound + bounds.y) && box.y < Double(area.rows.upperBound + bounds.y)
    }

    /// Where word entry `entry` draws in `appearance`: its paint and, when spoken, its box.
    private func extent(_ entry: Int, _ appearance: Appearance) throws -> Area? {
        var area: Area?
        if let placed = try layer(appearance.image(entry), paint: appearance.paint) {
            let x = placed.x - bounds.x
            let y = placed.y - bounds.y
            area = (x..<(x + placed.layer.width), y..<(y + placed.layer.height))
        }
        if appearance.isActive, let box = look.activeBox {
            let placed = boxLayer(box, word: layout.words[entry], image: appearance.image(entry))
            let box: Area = (
                (placed.x - bounds.x)..<(placed.x + placed.layer.width - bounds.x), (placed.y - bounds.y)..<(placed.y + placed.layer.height - bounds.y)
            )
            area = Self.union(area, box)
        }
        return area
    }

    /// The smallest area holding both.
    private static func union(_ a: Area?, _ b: Area?) -> Area? {
        guard let a else { return b }
        guard let b else { return a }
        return (
            min(a.columns.lowerBound, b.columns.lowerBound)..<max(a.columns.upperBound, b.columns.upperBound),
            min(a.rows.lowerBound, b.rows.lowerBound)..<max(a.rows.upperBound, b.rows.upperBound)
        )
    }

    /// A word entry at a scale and turned by `tilt` degrees about its cell's centre, moved
    /// down `drop` pixels, at `opacity` of `WordLook.steps`.
    private struct WordImage {
        var entry: Int  // index into `layout.words`
        var scale: Double
        var drop = 0
        var opacity = WordLook.steps
        var tilt = 0.0
    }
    /// A word image in `paint` (its fill over its outline, with its colour glyphs), placed in
    /// frame pixels: painted from the word's layers at scale 1 or at the look's full scale
    /// (each rasterized once, each paint made once), and resampled from the full scale for
    /// the scales a grow passes through; faded and moved down as the image says.
    private func layer(_ image: WordImage, paint: WordPaint) throws -> (layer: ColorLayer, x: Int, y: Int)? {
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

    /// `layer`'s image before it is faded or moved: at its scale.
    private func scaledLayer(_ image: WordImage, paint: WordPaint) throws -> (layer: ColorLayer, x: Int, y: Int)? {
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

    private func draw(
        _ placed: (layer: ColorLayer, x: Int, y: Int), into canvas: inout ColorLayer, columns: Range<Int>? = nil,
        area: Area?
    ) {
        canvas.draw(placed.layer, x: placed.x - bounds.x, y: placed.y - bounds.y, columns: columns, area: area)
    }

    /// The columns of the sprite's layers the karaoke sweep has reached: from the left in a
    /// left-to-right caption, from the right in a right-to-left one.
    private func sweptColumns(width: Int, sweep: Int) -> Range<Int> {
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
        -> (box: RasterStyle.Box, inner: Rect, area: Area)
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

    /// The spoken word's box: around its cell without the room, scaled and turned with the word.
    private func drawBox(_ box: RasterStyle.Box, word: LaidOutWord, image: WordImage, into canvas: inout ColorLayer, area: Area?) {
        let placed = boxLayer(box, word: word, image: image)
        canvas.draw(placed.layer, x: placed.x - bounds.x, y: placed.y - bounds.y, area: area)
    }

    /// The spoken word's box as `image` draws it, placed in frame pixels.
    private func boxLayer(_ box: RasterStyle.Box, word: LaidOutWord, image: WordImage) -> (layer: ColorLayer, x: Int, y: Int) {
        let placement = boxPlacement(box, word: word, scale: image.scale)
        let (x, y) = (placement.area.columns.lowerBound, placement.area.rows.lowerBound)
        let layer = placement.box.layer(
            around: placement.inner, x: x, y: y, width: placement.area.columns.count, height: placement.area.rows.count)
        guard image.tilt != 0 else { return (layer, x, y) }
        let cell = layout.cell(of: word)
        return layer.turned(x: x, y: y, factor: 1, degrees: image.tilt, centreX: cell.midX, centreY: cell.midY)
    }
}
