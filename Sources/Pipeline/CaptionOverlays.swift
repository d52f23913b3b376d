import Captions
import Layout
import Media
import Raster

/// Answers "which caption bitmap covers this frame?": rasterizes each planned caption once,
/// when its first frame comes, and keeps only the current one.
final class CaptionOverlays {
    private let planned: [PlannedCaption]
    private let preset: Preset
    private var cursor = 0
    private var current: (index: Int, overlay: FrameOverlay?)?
    private(set) var rasterized = 0

    init(_ planned: [PlannedCaption], preset: Preset) {
        self.planned = planned
        self.preset = preset
    }

    /// The overlay for the frame at `time` seconds, or nil when no caption covers it.
    func overlay(at time: Double) throws -> FrameOverlay? {
        guard let index = captionIndex(at: time) else { return nil }
        if let current, current.index == index { return current.overlay }
        let layout = planned[index].layout
        let bitmap = try Rasterizer.render(layout, style: preset.rasterStyle(fontSize: layout.fontSize))
        rasterized += 1
        let overlay = bitmap.map { FrameOverlay(id: index, bitmap: $0) }
        current = (index, overlay)
        return overlay
    }

    /// Frames come in time order, so a cursor moving forward finds the caption; a jump back
    /// (never in a normal render) falls back to a binary search. Captions are sorted and do
    /// not overlap, so their ends are sorted too.
    private func captionIndex(at time: Double) -> Int? {
        if cursor > 0, planned[cursor - 1].caption.end > time { cursor = firstEnding(after: time) }
        while cursor < planned.count, planned[cursor].caption.end <= time { cursor += 1 }
        guard cursor < planned.count, planned[cursor].caption.covers(time) else { return nil }
        return cursor
    }

    private func firstEnding(after time: Double) -> Int {
        var low = 0
        var high = planned.count
        while low < high {
            let mid = (low + high) / 2
            if planned[mid].caption.end <= time { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
