import Imaging
import Layout

/// Draws one caption in the states of a word-by-word look, from word layers each made once
/// (`WordLayers`); a pop entrance resamples the whole caption. A state is those word layers
/// drawn into the caption's box: the spoken word's box, every visible word's outline, then
/// every fill and colour glyph. Nothing is shaped or laid out again: the
/// layout kept room for every state, so a word's state changes only its reserved box.
public final class StatePainter {
    private let layout: LaidOutCaption
    private let look: WordLook
    private let style: RasterStyle
    private let layers: WordLayers
    private let emphasized: Set<Int>  // indices into the caption's words
    private let labels: Set<Int>  // indices of the speaker labels among the caption's words
    private let bounds: (x: Int, y: Int, width: Int, height: Int)  // frame pixels every state fits in
    /// Word layers rasterized so far (one per word and scale), for `--stats` and tests.
    public var rasterized: Int { layers.rasterized }
    /// What the last bitmap changed from the one before (frame pixels), when it is the same
    /// box with only these areas drawn again; nil when it was drawn whole.
    public private(set) var lastChange: [Rect]?
    private var lastWasSteady = false  // the last bitmap was drawn with no caption entrance

    /// A painter for `layout` in `look`, its outline (and any shadow or box of the whole
    /// caption) from `style`; `emphasized` holds the indices of the caption's words to emphasize.
    public init(_ layout: LaidOutCaption, look: WordLook, style: RasterStyle, faces: FaceCache, emphasized: Set<Int> = [], labels: Set<Int> = []) {
        self.layout = layout
        self.look = look
        self.style = style
        layers = WordLayers(layout, look: look, style: style, faces: faces)
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

    /// The caption in `state`, or nil when nothing of it is visible. Only where the words
    /// whose appearance changed drew before and draw now (inside their reserved boxes) is
    /// drawn again.
    public func bitmap(_ state: WordState) throws -> CaptionBitmap? {
        let (entranceScale, opacity) = look.entranceEffect(in: state)
        let appearances = appearances(in: state)
        lastChange = nil
        guard opacity > 0, appearances.contains(where: { $0 != nil }) else {
            lastWasSteady = false
            return nil
        }
        layers.startState()
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

    /// How each word entry looks in `state` (nil: not visible): its paint, and for the active
    /// word its scale, sweep, arrival drop and opacity, and tilt.
    private func appearances(in state: WordState) -> [Appearance?] {
        let arrival = look.arrival(in: state)
        return layout.words.map { word -> Appearance? in
            let paint = look.paint(
                of: word.index, in: state, emphasized: emphasized.contains(word.index), isLabel: labels.contains(word.index))
            guard paint.visible else { return nil }
            guard word.index == state.active else { return Appearance(paint: paint, scale: 1, isActive: false, sweep: WordLook.steps) }
            return Appearance(
                paint: paint, scale: look.scale(in: state) * arrival.scale, isActive: true,
                sweep: look.karaoke ? state.sweep : WordLook.steps, drop: Int((arrival.drop * layout.fontSize).rounded()),
                opacity: Int((arrival.opacity * Double(WordLook.steps)).rounded()), tilt: look.tilt(in: state))
        }
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
                draw(layers.boxLayer(box, image: item.image), into: &canvas, area: area)
            }
        }
        for item in placed {
            if let area, !intersects(layout.reservedBox(of: layout.words[item.image.entry]), area) { continue }
            let paint = item.appearance.paint
            if item.appearance.sweep < WordLook.steps {
                // Not yet swept: the upcoming paint, then the spoken word's up to the sweep.
                if let upcoming = try layers.layer(item.image, paint: look.upcoming) { draw(upcoming, into: &canvas, area: area) }
                if let swept = try layers.layer(item.image, paint: paint) {
                    draw(
                        swept, into: &canvas, columns: sweptColumns(width: swept.layer.width, sweep: item.appearance.sweep),
                        area: area)
                }
            } else if let layer = try layers.layer(item.image, paint: paint) {
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
        if let placed = try layers.layer(appearance.image(entry), paint: appearance.paint) {
            let x = placed.x - bounds.x
            let y = placed.y - bounds.y
            area = (x..<(x + placed.layer.width), y..<(y + placed.layer.height))
        }
        if appearance.isActive, let box = look.activeBox {
            let placed = layers.boxLayer(box, image: appearance.image(entry))
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
    private func draw(_ placed: WordLayers.Placed, into canvas: inout ColorLayer, columns: Range<Int>? = nil, area: Area?) {
        canvas.draw(placed.layer, x: placed.x - bounds.x, y: placed.y - bounds.y, columns: columns, area: area)
    }

    /// The columns of the sprite's layers the karaoke sweep has reached: from the left in a
    /// left-to-right caption, from the right in a right-to-left one.
    private func sweptColumns(width: Int, sweep: Int) -> Range<Int> {
        let reached = width * sweep / WordLook.steps
        return layout.language?.isRightToLeft == true ? (width - reached)..<width : 0..<reached
    }
}
