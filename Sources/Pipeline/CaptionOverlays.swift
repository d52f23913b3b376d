import Captions
import Imaging
import Layout
import Media
import Raster

/// Answers "which caption bitmap covers this frame?": the captions on screen at that time
/// (several when lanes share the screen), each rasterized once, when its first frame comes,
/// and kept only while it is on screen; drawn together into one overlay when the set changes.
final class CaptionOverlays {
    private let planned: [PlannedCaption]  // sorted by start
    private let preset: Preset
    private let faces: FaceCache
    private var next = 0  // the first caption that has not started yet
    private var onScreen: [Int] = []  // indices into `planned`, in order
    private var bitmaps: [Int: CaptionBitmap?] = [:]  // of the captions on screen
    private var current: (captions: [Int], overlay: FrameOverlay?)?
    private var lastTime = -Double.infinity
    private var sets = 0  // overlay ids: one per set of captions on screen
    private(set) var rasterized = 0

    init(_ planned: [PlannedCaption], preset: Preset, faces: FaceCache) {
        self.planned = planned
        self.preset = preset
        self.faces = faces
    }

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
            bitmaps[index] = nil
            return true
        }
        guard !onScreen.isEmpty else { return nil }
        if let current, current.captions == onScreen { return current.overlay }
        for index in onScreen where bitmaps[index] == nil {
            let layout = planned[index].layout
            bitmaps[index] = .some(try Rasterizer.render(layout, style: preset.rasterStyle(fontSize: layout.fontSize), faces: faces))
            rasterized += 1
        }
        sets += 1
        let overlay = CaptionBitmap.layered(onScreen.compactMap { bitmaps[$0] ?? nil }).map {
            FrameOverlay(id: sets, bitmap: $0)
        }
        current = (onScreen, overlay)
        return overlay
    }
}
