import Captions
import Imaging
import Layout
import Media
import Raster

/// Answers "which caption bitmap covers this frame?": the captions on screen at that time
/// (several when lanes share the screen), each with a `CaptionPainter` made when its first
/// frame comes and kept only while it is on screen; drawn together into one overlay when the
/// set of captions or the state of one of them (the spoken word, an animation) changes.
final class CaptionOverlays {
    private let planned: [PlannedCaption]  // sorted by start
    private let painting: CaptionPainting
    private var next = 0  // the first caption that has not started yet
    private var onScreen: [Int] = []  // indices into `planned`, in order
    private var painters: [Int: CaptionPainter] = [:]  // of the captions on screen
    private var current: (key: [Shown], overlay: FrameOverlay?)?
    private var lastTime = -Double.infinity
    private var sets = 0  // overlay ids: one per distinct overlay
    private var rasterizedBefore = 0  // by painters of captions that have left the screen

    /// A caption on screen and its state.
    private struct Shown: Equatable {
        var index: Int
        var state: WordState?
    }

    init(_ planned: [PlannedCaption], painting: CaptionPainting) {
        self.planned = planned
        self.painting = painting
    }

    /// Caption bitmaps rasterized so far (whole captions, or words of word-by-word looks).
    var rasterized: Int { rasterizedBefore + painters.values.reduce(0) { $0 + $1.rasterized } }

    /// The overlay for the frame at `time` seconds, or nil when no caption covers it.
    func overlay(at time: Double) throws -> FrameOverlay? {
        // Frames come in time order; a jump back (never in a normal render) starts over.
        if time < lastTime {
            next = 0
            onScreen = []
        }
        lastTime = time
        while next < planned.count, planned[next].caption.start <= time {
            onScreen.append(next)
            next += 1
        }
        onScreen.removeAll { index in
            guard !planned[index].caption.covers(time) else { return false }
            rasterizedBefore += painters.removeValue(forKey: index)?.rasterized ?? 0
            return true
        }
        guard !onScreen.isEmpty else { return nil }
        for index in onScreen where painters[index] == nil { painters[index] = painting.painter(for: planned[index]) }
        let key = onScreen.map { Shown(index: $0, state: painters[$0]!.state(at: time)) }
        if let current, current.key == key { return current.overlay }
        // The overlay before, let go before painting, so that a painter draws in place.
        let before = current.map { current in
            (key: current.key, overlay: current.overlay.map { (id: $0.id, box: Self.box(of: $0.bitmap)) })
        }
        current = nil
        let bitmaps = try onScreen.compactMap { try painters[$0]!.bitmap(at: time) }
        sets += 1
        let overlay = CaptionBitmap.layered(bitmaps).map { bitmap in
            FrameOverlay(id: sets, bitmap: bitmap, change: before.flatMap { change(from: $0, to: key, bitmap: bitmap) })
        }
        current = (key, overlay)
        return overlay
    }

    private typealias Box = (x: Int, y: Int, width: Int, height: Int)
    private static func box(of bitmap: CaptionBitmap) -> Box { (bitmap.x, bitmap.y, bitmap.width, bitmap.height) }

    /// The overlay `before` and the areas that changed, when `bitmap` (for `key`) is that
    /// overlay with only some words drawn again: the same captions in the same box, each one
    /// whose state changed redrawn in parts.
    private func change(
        from before: (key: [Shown], overlay: (id: Int, box: Box)?), to key: [Shown], bitmap: CaptionBitmap
    ) -> (previous: Int, areas: [Rect])? {
        guard let previous = before.overlay, before.key.map(\.index) == key.map(\.index), previous.box == Self.box(of: bitmap)
        else { return nil }
        var areas: [Rect] = []
        for (old, new) in zip(before.key, key) where old.state != new.state {
            guard let changed = painters[new.index]?.lastChange else { return nil }
            areas += changed
        }
        return (previous.id, areas)
    }
}
