import Imaging

/// The third stage of painting: the canvas a caption's states are drawn on, kept between
/// states, and the underlay (shadows, box) under it. From one state to the next only the
/// layers whose appearance changed are drawn again, inside the union of where they drew
/// before and draw now; the shadows are drawn again around them only where the text's alpha
/// changed (`WordShape`), and `lastChange` names the rectangles. Every bitmap equals the one
/// drawn whole from the same appearances (`PaintedInPartsTests`).
final class DamageCompositor {
    /// Frame pixels of the canvas's top-left pixel, and its size: every state fits in it.
    let bounds: (x: Int, y: Int, width: Int, height: Int)
    private let composer: WordComposer
    private let style: RasterStyle
    private let frame: Rect  // the caption's block, frame pixels
    /// What the last bitmap changed from the one before (frame pixels), when it is the same
    /// box with only these areas drawn again; nil when it was drawn whole.
    private(set) var lastChange: [Rect]?
    /// The last appearances drawn (before any entrance), and the canvas.
    private var composed: (appearances: [WordAppearance?], canvas: ColorLayer)?
    /// Where each visible layer drew in the composed state (canvas columns and rows).
    private var extents: [Int: LayerArea] = [:]
    /// The shadows and box under the last state drawn, when the caption has any.
    private var underlay: Underlay?
    private var lastWasSteady = false  // the last bitmap was drawn with no caption entrance

    /// A compositor drawing with `composer` on a canvas of `bounds`, under `style`'s shadows
    /// and its box around `frame`.
    init(bounds: (x: Int, y: Int, width: Int, height: Int), composer: WordComposer, style: RasterStyle, frame: Rect) {
        self.bounds = bounds
        self.composer = composer
        self.style = style
        self.frame = frame
    }

    /// The caption in `appearances`, the whole scaled by `entranceScale` about the block's
    /// centre and at `opacity` (0...1); nil when nothing of it is visible.
    func bitmap(_ appearances: [WordAppearance?], entranceScale: Double, opacity: Double) throws -> CaptionBitmap? {
        lastChange = nil
        guard opacity > 0, appearances.contains(where: { $0 != nil }) else {
            lastWasSteady = false
            return nil
        }
        var (canvas, areas) = try drawChanges(appearances)
        // Drawn in parts when the state before was drawn with no entrance either: the text
        // layer (and the underlay) then changed only in `areas`.
        let steady = entranceScale == 1 && opacity == 1
        let inParts = steady && lastWasSteady && areas != nil
        lastWasSteady = steady
        if entranceScale != 1 {
            // The whole caption scales about the block's centre (a pop entrance).
            let centreX = frame.midX - Double(bounds.x)
            let centreY = frame.midY - Double(bounds.y)
            canvas = canvas.scaled(
                by: entranceScale, offsetX: centreX * (1 - entranceScale), offsetY: centreY * (1 - entranceScale),
                width: canvas.width, height: canvas.height)
        }
        if opacity < 1 { canvas.fade(opacity) }
        return underlaid(canvas, changed: inParts ? areas : nil)
    }

    /// The canvas in `appearances`: drawn whole the first time, else drawn again only where a
    /// layer's appearance changed. The areas drawn again, each with whether the text's alpha
    /// changed there; nil when it was drawn whole.
    private func drawChanges(_ appearances: [WordAppearance?]) throws -> (ColorLayer, [(LayerArea, reshaped: Bool)]?) {
        guard let before = composed?.appearances else {
            extents = [:]
            for (entry, appearance) in appearances.enumerated() {
                if let appearance { extents[entry] = try composer.extent(of: composer.subjects[entry], appearance) }
            }
            let canvas = try composer.canvas(appearances, width: bounds.width, height: bounds.height)
            composed = (appearances, canvas)
            return (canvas, nil)
        }
        // Taken out, so that it is drawn on in place once the last bitmap is let go.
        var canvas = composed!.canvas
        composed = nil
        var areas: [(LayerArea, reshaped: Bool)] = []
        let boxed = composer.look.activeBox != nil
        for entry in appearances.indices where appearances[entry] != before[entry] {
            let extentBefore = extents[entry]
            let now = try appearances[entry].flatMap { try composer.extent(of: composer.subjects[entry], $0) }
            extents[entry] = now
            if let area = WordComposer.union(extentBefore, now) {
                areas.append((area, before[entry]?.shape(boxed: boxed) != appearances[entry]?.shape(boxed: boxed)))
            }
        }
        for (area, _) in areas {
            canvas.clear(columns: area.columns, rows: area.rows)
            try composer.compose(appearances, into: &canvas, area: area)
        }
        composed = (appearances, canvas)
        return (canvas, areas)
    }

    /// `canvas` over the shadows and box, when the style has any, with `lastChange` set when
    /// only the `changed` areas (canvas columns and rows) were drawn again.
    private func underlaid(_ canvas: ColorLayer, changed: [(LayerArea, reshaped: Bool)]?) -> CaptionBitmap {
        guard !style.shadows.isEmpty || style.box != nil else {
            lastChange = changed?.map { framed($0.0, x: bounds.x, y: bounds.y) }
            return CaptionBitmap(x: bounds.x, y: bounds.y, width: canvas.width, height: canvas.height, pixels: canvas.pixels)
        }
        // Taken out, so that it is drawn on in place once the last bitmap is let go.
        var underlay =
            self.underlay
            ?? Underlay(textX: bounds.x, textY: bounds.y, width: bounds.width, height: bounds.height, frame: frame, style: style)
        self.underlay = nil
        if let changed {
            lastChange = changed.map { area, reshaped in
                framed(underlay.update(from: canvas, area: area, reshaped: reshaped), x: underlay.x, y: underlay.y)
            }
        } else {
            underlay.redraw(from: canvas)
        }
        self.underlay = underlay
        return underlay.captionBitmap
    }

    /// `area` (columns and rows of a layer whose top-left pixel is at `x`, `y`) in frame pixels.
    private func framed(_ area: LayerArea, x: Int, y: Int) -> Rect {
        Rect(
            x: Double(area.columns.lowerBound + x), y: Double(area.rows.lowerBound + y), width: Double(area.columns.count),
            height: Double(area.rows.count))
    }
}
