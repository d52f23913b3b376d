import Imaging
import Layout

/// Draws one caption in the states of a look, in three stages called in order: the state's
/// appearances (`WordStates`, pure), the layers they are drawn from (`WordLayers`, bounded
/// caches), and the canvas drawn again only where they changed, over the shadows and box
/// (`DamageCompositor`). Nothing is shaped or laid out again: the layout kept room for every
/// state, so a word's state changes only its reserved box. A look with one state (a static
/// look, `Rasterizer.render`) is one layer, the whole caption, on a canvas just its size.
public final class StatePainter {
    private let layout: LaidOutCaption
    private let look: WordLook
    private let style: RasterStyle
    private let states: WordStates
    private let layers: WordLayers
    /// Made with the first visible state (a one-state look's canvas is its layer's box).
    private var compositor: DamageCompositor?
    /// Layers rasterized so far (one per subject and scale), for `--stats` and tests.
    public var rasterized: Int { layers.rasterized }
    /// What the last bitmap changed from the one before (frame pixels), when it is the same
    /// box with only these areas drawn again; nil when it was drawn whole.
    public var lastChange: [Rect]? { compositor?.lastChange }

    /// A painter for `layout` in `look`, its outline (and any shadow or box of the whole
    /// caption) from `style`; `emphasized` holds the indices of the caption's words to
    /// emphasize, `labels` those of its speaker labels.
    public init(
        _ layout: LaidOutCaption, look: WordLook, style: RasterStyle, faces: FaceCache, emphasized: Set<Int> = [],
        labels: Set<Int> = []
    ) {
        self.layout = layout
        self.look = look
        self.style = style
        states = WordStates(layout, look: look, emphasized: emphasized, labels: labels)
        layers = WordLayers(layout, look: look, style: style, faces: faces)
    }

    /// The caption in `state`, or nil when nothing of it is visible. Only where the layers
    /// whose appearance changed drew before and draw now is drawn again.
    public func bitmap(_ state: WordState) throws -> CaptionBitmap? {
        let appearances = states.appearances(in: state)
        guard appearances.contains(where: { $0 != nil }), let compositor = try preparedCompositor() else { return nil }
        let entrance = look.entranceEffect(in: state)
        return try compositor.bitmap(appearances, entranceScale: entrance.scale, opacity: entrance.opacity)
    }

    /// The compositor, made once: its canvas holds every state, the layers' reach around the
    /// block for a word look, the caption's layer for a look with one state (nil when that
    /// draws nothing).
    private func preparedCompositor() throws -> DamageCompositor? {
        if let compositor { return compositor }
        let bounds: (x: Int, y: Int, width: Int, height: Int)
        if look.hasOneState {
            guard let placed = try layers.layer(WordImage(subject: .caption, scale: 1), paint: look.spoken) else { return nil }
            bounds = (placed.x, placed.y, placed.layer.width, placed.layer.height)
        } else {
            let reach = Int((style.outlineRadius * look.largestScale).rounded(.up)) + 2
            let x = Int(layout.box.x.rounded(.down)) - reach
            let y = Int(layout.box.y.rounded(.down)) - reach
            bounds = (x, y, Int(layout.box.maxX.rounded(.up)) + reach - x, Int(layout.box.maxY.rounded(.up)) + reach - y)
        }
        let composer = WordComposer(layers: layers, layout: layout, look: look, subjects: states.subjects, origin: (bounds.x, bounds.y))
        let made = DamageCompositor(bounds: bounds, composer: composer, style: style, frame: layout.frame)
        compositor = made
        return made
    }
}
