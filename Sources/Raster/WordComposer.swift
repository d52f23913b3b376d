import Imaging
import Layout

/// Draws layers in their appearances onto a canvas whose top-left pixel is at `origin`
/// (frame pixels), the whole canvas or only inside an area of it: the spoken word's box under
/// everything, then each layer's paint (its fill over its outline, with its colour glyphs).
/// Words do not touch but by their outlines, so painting word by word is painting every
/// outline, then every fill.
struct WordComposer {
    let layers: WordLayers
    let layout: LaidOutCaption
    let look: WordLook
    /// What each appearance is drawn from (`WordStates.subjects`).
    let subjects: [LayerSubject]
    /// Frame pixels of the canvas's top-left pixel.
    let origin: (x: Int, y: Int)

    /// The appearances drawn onto an empty canvas of `width` x `height` pixels. A layer that
    /// covers the empty canvas whole, alone, is the canvas (source-over onto transparent
    /// pixels copies): a look with one state allocates nothing more than its layer.
    func canvas(_ appearances: [WordAppearance?], width: Int, height: Int) throws -> ColorLayer {
        if appearances.count == 1, let appearance = appearances[0], appearance.sweep == WordLook.steps,
            !(appearance.isActive && look.activeBox != nil),
            let placed = try layers.layer(appearance.image(subjects[0]), paint: appearance.paint),
            placed.x == origin.x, placed.y == origin.y, placed.layer.width == width, placed.layer.height == height
        {
            return placed.layer
        }
        var canvas = ColorLayer(width: width, height: height)
        try compose(appearances, into: &canvas, area: nil)
        return canvas
    }

    /// The appearances drawn over `canvas`, only inside `area` when given.
    func compose(_ appearances: [WordAppearance?], into canvas: inout ColorLayer, area: LayerArea?) throws {
        let placed = appearances.enumerated().compactMap { entry, appearance in
            appearance.map { (image: $0.image(subjects[entry]), appearance: $0) }
        }
        for item in placed where item.appearance.isActive {
            if let box = look.activeBox { draw(layers.boxLayer(box, image: item.image), into: &canvas, area: area) }
        }
        for item in placed {
            if let area, case .word(let entry) = item.image.subject,
                !intersects(layout.reservedBox(of: layout.words[entry]), area)
            {
                continue
            }
            let paint = item.appearance.paint
            if item.appearance.sweep < WordLook.steps {
                // Not yet swept: the upcoming paint, then the spoken word's up to the sweep.
                if let upcoming = try layers.layer(item.image, paint: look.upcoming) { draw(upcoming, into: &canvas, area: area) }
                if let swept = try layers.layer(item.image, paint: paint) {
                    let columns = sweptColumns(width: swept.layer.width, sweep: item.appearance.sweep)
                    draw(swept, into: &canvas, columns: columns, area: area)
                }
            } else if let layer = try layers.layer(item.image, paint: paint) {
                draw(layer, into: &canvas, area: area)
            }
        }
    }

    /// Where the layer of `subject` draws in `appearance` (canvas columns and rows): its
    /// paint and, when spoken, its box; nil when it draws nothing.
    func extent(of subject: LayerSubject, _ appearance: WordAppearance) throws -> LayerArea? {
        var area: LayerArea?
        if let placed = try layers.layer(appearance.image(subject), paint: appearance.paint) {
            area = canvasArea(placed)
        }
        if appearance.isActive, let box = look.activeBox {
            area = Self.union(area, canvasArea(layers.boxLayer(box, image: appearance.image(subject))))
        }
        return area
    }

    /// The smallest area holding both.
    static func union(_ a: LayerArea?, _ b: LayerArea?) -> LayerArea? {
        guard let a else { return b }
        guard let b else { return a }
        return (
            min(a.columns.lowerBound, b.columns.lowerBound)..<max(a.columns.upperBound, b.columns.upperBound),
            min(a.rows.lowerBound, b.rows.lowerBound)..<max(a.rows.upperBound, b.rows.upperBound)
        )
    }

    /// The canvas columns and rows `placed` covers.
    private func canvasArea(_ placed: WordLayers.Placed) -> LayerArea {
        let x = placed.x - origin.x
        let y = placed.y - origin.y
        return (x..<(x + placed.layer.width), y..<(y + placed.layer.height))
    }

    /// Whether `box` (frame pixels) reaches into `area` (canvas columns and rows).
    private func intersects(_ box: Rect, _ area: LayerArea) -> Bool {
        box.maxX > Double(area.columns.lowerBound + origin.x) && box.x < Double(area.columns.upperBound + origin.x)
            && box.maxY > Double(area.rows.lowerBound + origin.y) && box.y < Double(area.rows.upperBound + origin.y)
    }

    private func draw(_ placed: WordLayers.Placed, into canvas: inout ColorLayer, columns: Range<Int>? = nil, area: LayerArea?) {
        canvas.draw(placed.layer, x: placed.x - origin.x, y: placed.y - origin.y, columns: columns, area: area)
    }

    /// The columns of the sprite's layers the karaoke sweep has reached: from the left in a
    /// left-to-right caption, from the right in a right-to-left one.
    private func sweptColumns(width: Int, sweep: Int) -> Range<Int> {
        let reached = width * sweep / WordLook.steps
        return layout.language?.isRightToLeft == true ? (width - reached)..<width : 0..<reached
    }
}
