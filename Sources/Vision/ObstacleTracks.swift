import Imaging

/// What one sampled frame showed: its time and the boxes found in it.
public struct ObstacleSample: Sendable, Equatable {
    public var time: Double  // seconds from the timeline start
    public var boxes: [(kind: Obstacle.Kind, box: Rect)]

    public init(time: Double, boxes: [(kind: Obstacle.Kind, box: Rect)]) {
        self.time = time
        self.boxes = boxes
    }

    public static func == (a: ObstacleSample, b: ObstacleSample) -> Bool {
        a.time == b.time && a.boxes.count == b.boxes.count
            && zip(a.boxes, b.boxes).allSatisfy { $0.kind == $1.kind && $0.box == $1.box }
    }
}

/// Joins the boxes of sampled frames into obstacles: a box seen again at the next sample (or
/// the one after, when the detector missed it once), of the same kind and mostly in the same
/// place, is the same obstacle. An obstacle holds from the first sample that finds it to the
/// last, widened by one sample interval on each side, never across a shot change; one that
/// moves becomes a new obstacle where it no longer overlaps its first box by half.
public enum ObstacleTracks {
    /// The least overlap (shared area over the smaller box) that makes two boxes one obstacle.
    static let sameObstacle = 0.5
    /// Samples an obstacle may be missed by the detector and still go on. // samples
    static let missesAllowed = 1

    /// The obstacles of `samples` (in time order), taken `interval` seconds apart, with the
    /// shots' first frames at `cuts` (seconds, ascending); `end` is the video's end (seconds).
    public static func obstacles(from samples: [ObstacleSample], interval: Double, cuts: [Double], end: Double?) -> [Obstacle] {
        struct Track {
            var kind: Obstacle.Kind
            var first: Rect  // the box when it was first seen
            var box: Rect  // every box seen, joined
            var start: Double
            var last: Double
            var lastSample: Int
        }
        var open: [Track] = []
        var closed: [Track] = []
        for (index, sample) in samples.enumerated() {
            // A cut between the last sample and this one ends every track.
            if index > 0, cuts.contains(where: { $0 > samples[index - 1].time && $0 <= sample.time }) {
                closed += open
                open = []
            }
            var continued = Set<Int>()
            for (kind, box) in sample.boxes {
                let match = open.indices.filter { !continued.contains($0) && open[$0].kind == kind }
                    .map { ($0, overlap(open[$0].first, box)) }
                    .filter { $0.1 >= sameObstacle }
                    .max { $0.1 < $1.1 }
                if let (track, _) = match {
                    open[track].box = open[track].box.union(box)
                    open[track].last = sample.time
                    open[track].lastSample = index
                    continued.insert(track)
                } else {
                    open.append(Track(kind: kind, first: box, box: box, start: sample.time, last: sample.time, lastSample: index))
                    continued.insert(open.count - 1)
                }
            }
            let gone = open.indices.filter { index - open[$0].lastSample > missesAllowed }
            closed += gone.map { open[$0] }
            open = open.indices.filter { !gone.contains($0) }.map { open[$0] }
        }
        closed += open
        return closed.map { track in
            // The shot the track was seen in bounds the widening.
            let shotStart = cuts.last { $0 <= track.start } ?? 0
            let shotEnd = cuts.first { $0 > track.last } ?? end ?? .infinity
            return Obstacle(
                kind: track.kind, box: track.box, start: max(shotStart, track.start - interval),
                end: min(shotEnd, track.last + interval), origin: .detected)
        }
        .sorted { ($0.start, $0.kind, $0.box.y, $0.box.x) < ($1.start, $1.kind, $1.box.y, $1.box.x) }
    }

    /// The area two boxes share over the smaller one's (0...1).
    static func overlap(_ a: Rect, _ b: Rect) -> Double {
        let smaller = min(a.width * a.height, b.width * b.height)
        return smaller > 0 ? a.sharedArea(b) / smaller : 0
    }
}
