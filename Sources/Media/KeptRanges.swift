/// The parts of the input a cut render keeps (issue 60: long pauses, fillers and retakes
/// cut out of a raw take), in seconds on the input's timeline (0 = the timeline start, the
/// clock captions and `SegmentRange` use). The ranges are ascending and disjoint; the caller
/// snaps their edges to frame boundaries. The cut timeline is the kept ranges end to end:
/// a kept instant's time there is its source time less the time cut before it.
///
/// The audio is joined with a crossfade of `crossfade` seconds at each join (`AudioSplice`),
/// centred on the join, so the cut timeline's length is exactly the sum of the ranges.
public struct KeptRanges: Sendable, Equatable {
    /// A kept range. // seconds on the input's timeline
    public struct Range: Sendable, Equatable {
        public var start: Double
        public var end: Double
    }

    /// The kept ranges, ascending and disjoint.
    public let ranges: [Range]
    /// The length of each audio join's crossfade. // seconds
    public let crossfade: Double

    /// 10 ms, equal-power (`AudioSplice`): longer than a click's step (a step over one sample
    /// is heard as a click; spread over 480 samples at 48 kHz it is not), shorter than a
    /// syllable (about 100 ms, so no word is heard twice or faded), and the planner keeps cut
    /// edges 20 ms or more from kept speech, so the fade's 5 ms on either side of a join
    /// touch only the pause around it.
    public static let defaultCrossfade = 0.010

    /// `ranges` (seconds on the input's timeline) must be ascending and disjoint, each longer
    /// than nothing; a join's crossfade is `crossfade` seconds (shorter where a cut or a range
    /// is shorter than it).
    public init(_ ranges: [ClosedRange<Double>], crossfade: Double = KeptRanges.defaultCrossfade) throws {
        self.ranges = ranges.map { Range(start: $0.lowerBound, end: $0.upperBound) }
        self.crossfade = max(0, crossfade)
        for (index, range) in self.ranges.enumerated() {
            let previous = index > 0 ? self.ranges[index - 1].end : -Double.infinity
            guard range.start.isFinite, range.end.isFinite, range.start >= 0, range.end > range.start,
                range.start >= previous
            else {
                throw MediaError.unsupported(
                    file: nil,
                    message: "kept range \(index + 1) (\(range.start)-\(range.end) s) is not after the one before it, "
                        + "or is empty")
            }
        }
        guard !ranges.isEmpty else { throw MediaError.unsupported(file: nil, message: "a cut render keeps no range") }
    }

    /// The seconds kept: the cut timeline's length.
    public var duration: Double { ranges.reduce(0) { $0 + ($1.end - $1.start) } }

    /// The cut timeline's time of the source instant `sourceTime` (seconds), nil inside a cut.
    public func outputTime(_ sourceTime: Double) -> Double? {
        var before = 0.0  // seconds kept before the range
        for range in ranges {
            if sourceTime < range.start { return nil }
            if sourceTime <= range.end { return before + sourceTime - range.start }
            before += range.end - range.start
        }
        return nil
    }

    /// The cut timeline's time of the first kept instant at or after the source instant
    /// `sourceTime` (seconds): the seconds kept before it. Where a split render's part
    /// starts on the cut timeline (its segment's start, or the next kept range's start when
    /// that lies in a cut).
    public func keptSeconds(before sourceTime: Double) -> Double {
        ranges.reduce(0) { $0 + max(0, min($1.end, sourceTime) - $1.start) }
    }

    /// The source instant (seconds on the input's timeline) played at `outputTime` (seconds
    /// on the cut timeline): a join's instant is its range's start; past the end, the last
    /// range's end.
    public func sourceTime(ofOutput outputTime: Double) -> Double {
        var before = 0.0  // seconds kept before the range
        for range in ranges {
            let length = range.end - range.start
            if outputTime < before + length { return range.start + max(0, outputTime - before) }
            before += length
        }
        return ranges[ranges.count - 1].end
    }

    /// The seconds kept of the source range from `start` to `end` (seconds; nil: the input's
    /// end): a part's length on the cut timeline.
    public func keptSeconds(from start: Double, to end: Double?) -> Double {
        keptSeconds(before: end ?? .infinity) - keptSeconds(before: start)
    }

    /// The ranges as a container tag holds them (a split render's parts carry them to the
    /// join): `start:end` pairs in seconds, apart by spaces, each number written so that it
    /// reads back exactly.
    public var tagValue: String {
        ranges.map { "\($0.start):\($0.end)" }.joined(separator: " ")
    }

    /// The ranges in `tagValue` (a part's tag), with the default crossfade; nil when it is
    /// not such a list or its ranges are not ascending and disjoint.
    public init?(tagValue: String) {
        var ranges: [ClosedRange<Double>] = []
        for pair in tagValue.split(separator: " ") {
            let edges = pair.split(separator: ":")
            guard edges.count == 2, let start = Double(edges[0]), let end = Double(edges[1]), start < end else { return nil }
            ranges.append(start...end)
        }
        guard let kept = try? KeptRanges(ranges) else { return nil }
        self = kept
    }

    /// The index of the range that holds the frame at `time` (seconds), with half a frame
    /// (`frameDuration` seconds) of tolerance as `SegmentRange.holds`: from half a frame
    /// before its start to half a frame before its end.
    func index(holding time: Double, frameDuration: Double) -> Int? {
        let margin = frameDuration / 2
        // Binary search: the last range starting at or before the time (with the margin).
        var low = 0
        var high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].start - margin <= time { low = middle + 1 } else { high = middle }
        }
        guard low > 0, time < ranges[low - 1].end - margin else { return nil }
        return low - 1
    }

    /// The first range starting after `time` (seconds), if any.
    func next(after time: Double) -> Int? {
        ranges.firstIndex { $0.start > time }
    }

    /// The crossfade at the join before range `index` (seconds): the crossfade, or the cut
    /// or either range when it is shorter; 0 before the first.
    func fade(before index: Int) -> Double {
        guard index > 0 && index < ranges.count else { return 0 }
        let before = ranges[index - 1]
        let after = ranges[index]
        return min(crossfade, after.start - before.end, before.end - before.start, after.end - after.start)
    }
}
