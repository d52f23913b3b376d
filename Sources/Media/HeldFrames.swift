/// Decoded frames held back, in order, until the decoder stops referencing them, so a
/// caption is blended into the decoded picture itself instead of into a copy of the whole
/// frame. A decoder keeps reference pictures for the frames after them (and, with frame
/// threads, for each thread), which must never be drawn on; most are let go a few frames
/// later. A frame without a caption leaves as soon as it is first in line; a captioned one
/// still referenced when `depth` frames wait behind it leaves anyway and is copied.
final class HeldFrames {
    /// How many frames may wait: at 1080x1920, 8, which lets every captioned frame of H.264
    /// from x264 (up to 3 reference frames) and of HEVC be blended in place; larger pictures
    /// get fewer, so that waiting frames hold at most about 24 MiB (docs/PERFORMANCE.md).
    static func depth(width: Int, height: Int, bytesPerSample: Int) -> Int {
        let picture = width * height * 3 / 2 * bytesPerSample  // bytes, 4:2:0
        return max(2, min(16, (24 << 20) / max(1, picture)))
    }

    struct Entry {
        var frame: Frame
        var time: Double  // seconds
        var captions: [YUVOverlay?]  // one per output of the render
        var hasCaption: Bool { captions.contains { $0 != nil } }
    }

    let depth: Int
    private var waiting: [Entry] = []
    private var first = 0  // index of the oldest waiting entry
    /// Frames waiting.
    var count: Int { waiting.count - first }
    /// Captioned frames that left while still referenced (the caller copies them).
    private(set) var copied = 0

    init(depth: Int) {
        self.depth = depth
    }

    /// Holds `frame` until `next` lets it go; the caller gives it up until then.
    func push(_ frame: Frame, time: Double, captions: [YUVOverlay?]) {
        if first >= 32 {
            waiting.removeFirst(first)
            first = 0
        }
        waiting.append(Entry(frame: frame, time: time, captions: captions))
    }

    /// The oldest frame when it may leave: no output captions it, the decoder let it go, too
    /// many wait behind it, or `all` (the decoder is drained).
    func next(all: Bool) -> Entry? {
        guard first < waiting.count else { return nil }
        let entry = waiting[first]
        let free = !entry.hasCaption || entry.frame.isWritable
        guard free || all || waiting.count - first > depth else { return nil }
        if !free { copied += 1 }
        // A left entry stays in `waiting` until the next compaction: it must not keep its
        // overlays alive (a word-by-word look makes one per frame while a word grows).
        waiting[first].captions = []
        first += 1
        return entry
    }
}
