import Captions
import Layout
import Media
import Raster

/// Answers "which caption bitmap covers this frame?": lays out and rasterizes each caption
/// once, when its first frame comes, and keeps only the current one.
final class CaptionOverlays {
    private let captions: [Caption]
    private let engine: LayoutEngine
    private let preset: Preset
    private let style: TextStyle
    private let language: String?
    private var cursor = 0
    private var current: (index: Int, overlay: FrameOverlay?)?
    private(set) var rasterized = 0
    /// Captions that did not fit even at the minimum size.
    private(set) var overflowing: [Int] = []

    init(captions: [Caption], engine: LayoutEngine, preset: Preset, style: TextStyle, language: String?) {
        self.captions = captions
        self.engine = engine
        self.preset = preset
        self.style = style
        self.language = language
    }

    /// The overlay for the frame at `time` seconds, or nil when no caption covers it.
    func overlay(at time: Double) throws -> FrameOverlay? {
        guard let index = captionIndex(at: time) else { return nil }
        if let current, current.index == index { return current.overlay }
        let laidOut = try engine.layout(captions[index], style: style, language: language)
        if laidOut.overflows { overflowing.append(index) }
        let bitmap = try Rasterizer.render(laidOut, style: preset.rasterStyle(fontSize: laidOut.fontSize))
        rasterized += 1
        let overlay = bitmap.map { FrameOverlay(id: index, bitmap: $0) }
        current = (index, overlay)
        return overlay
    }

    /// Frames come in time order, so a cursor moving forward finds the caption; a jump back
    /// (never in a normal render) falls back to a binary search. Captions are sorted and do
    /// not overlap, so their ends are sorted too.
    private func captionIndex(at time: Double) -> Int? {
        if cursor > 0, captions[cursor - 1].end > time { cursor = firstEnding(after: time) }
        while cursor < captions.count, captions[cursor].end <= time { cursor += 1 }
        guard cursor < captions.count, captions[cursor].covers(time) else { return nil }
        return cursor
    }

    private func firstEnding(after time: Double) -> Int {
        var low = 0
        var high = captions.count
        while low < high {
            let mid = (low + high) / 2
            if captions[mid].end <= time { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
