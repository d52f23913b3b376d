import Captions
import Imaging
import Layout
import Raster
import Settings

/// How a burn paints its captions: the preset's colours and outline, the look's word states,
/// the faces the layout used.
struct CaptionPainting {
    let preset: Preset
    let look: Look
    let faces: FaceCache

    /// A painter for one planned caption.
    func painter(for planned: PlannedCaption) -> CaptionPainter {
        CaptionPainter(planned, painting: self)
    }
}

extension PreparedBurn {
    var painting: CaptionPainting { CaptionPainting(preset: preset, look: look, faces: engine.faces) }
}

/// Draws one planned caption at any instant it is on screen, in the look's word state at that
/// instant (`WordLook.state`), each state drawn by one `StatePainter` from layers it
/// rasterized once. A static look is the look with one state (`WordLook.still`): drawn once.
final class CaptionPainter {
    private let planned: PlannedCaption
    private let style: RasterStyle
    private let faces: FaceCache
    private let wordLook: WordLook?
    private lazy var painter = StatePainter(
        planned.layout, look: wordLook ?? .still(style), style: style, faces: faces,
        emphasized: Set(planned.caption.words.indices.filter { planned.caption.words[$0].emphasis }),
        labels: Set(planned.caption.words.indices.filter { planned.caption.words[$0].isLabel }))
    private var last: (state: WordState?, bitmap: CaptionBitmap?)?
    /// What the last new bitmap changed from the one before it (frame pixels), when only
    /// parts were drawn again; nil when it was drawn whole.
    private(set) var lastChange: [Rect]?
    /// From this time on every word is drawn as spoken and none as the spoken one (a live
    /// row that later words have left behind); nil: the look's state at every instant. // seconds
    var handedOver: Double?

    init(_ planned: PlannedCaption, painting: CaptionPainting) {
        self.planned = planned
        let fontSize = planned.layout.fontSize
        // A speaker's or the second track's colours stand for the preset's wherever the look uses them.
        var preset = painting.preset
        if let fill = planned.fill { preset.fill = fill }
        if let outline = planned.outline { preset.outline.color = outline }
        style = preset.rasterStyle(fontSize: fontSize, look: painting.look)
        faces = painting.faces
        wordLook = painting.look.wordLook(preset: preset, fontSize: fontSize)
    }

    /// The state at `time` seconds; nil for a static look (the same at every instant).
    func state(at time: Double) -> WordState? {
        guard let wordLook else { return nil }
        if let handedOver, time >= handedOver { return WordState(active: planned.caption.words.count) }
        return wordLook.state(at: time, words: planned.caption.words, start: planned.caption.start)
    }

    /// The caption at `time` seconds, or nil when nothing of it shows.
    func bitmap(at time: Double) throws -> CaptionBitmap? {
        let state = state(at: time)
        if let last, last.state == state { return last.bitmap }
        last = nil  // let go, so that the painter can draw the new state over its pixels
        let bitmap = try painter.bitmap(state ?? .still)
        lastChange = painter.lastChange
        last = (state, bitmap)
        return bitmap
    }

    /// Layers rasterized: the caption once for a static look, else one per word and scale.
    var rasterized: Int { painter.rasterized }
}
