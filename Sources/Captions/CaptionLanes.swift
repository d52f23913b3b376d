/// Which cues share the screen. Two cues on screen together for at least `sharedMinimum`
/// seconds, or for the whole of the shorter one, are meant to be seen together (a sign over
/// the dialogue, a narrator and a caption, the three places of an SDH file): they go to
/// different lanes and are shown as separate blocks. A smaller overlap is a timing slip: the
/// cues stay in one lane, where the earlier is trimmed (or joined) as before.
enum CaptionLanes {
    /// The least shared time that makes two cues simultaneous. // seconds
    static let sharedMinimum = 0.5
    /// The most blocks on screen at once: a file that asks for more (a hostile one, or a
    /// broken export with every cue at one time) has the extra cues trimmed as slips.
    static let maximumLanes = 4

    /// Whether `a` and `b` (start and end, seconds) are meant to be on screen together.
    static func shareTheScreen(_ a: (start: Double, end: Double), _ b: (start: Double, end: Double)) -> Bool {
        let shared = min(a.end, b.end) - max(a.start, b.start)
        let shorter = min(a.end - a.start, b.end - b.start)
        return shared > 0 && (shared >= sharedMinimum || (shorter > 0 && shared >= shorter))
    }

    /// The lane of each segment (0 for most): segments by start, then file order, each in the
    /// first lane whose last segment it does not share the screen with; when all
    /// `maximumLanes` are taken, the lane whose last segment ends first.
    static func lanes(_ segments: [Segment]) -> [Int] {
        var lanes = [Int](repeating: 0, count: segments.count)
        var last: [(start: Double, end: Double)] = []  // per lane
        let order = segments.indices.sorted { (segments[$0].start, $0) < (segments[$1].start, $1) }
        for index in order {
            let times = (start: segments[index].start, end: segments[index].end)
            let lane =
                last.firstIndex { !shareTheScreen($0, times) }
                ?? (last.count < maximumLanes ? last.count : last.indices.min { last[$0].end < last[$1].end }!)
            if lane == last.count { last.append(times) } else { last[lane] = times }
            lanes[index] = lane
        }
        return lanes
    }
}
