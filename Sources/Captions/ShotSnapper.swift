/// Caption times moved to the video's shot changes, as broadcast guides ask (Netflix Timed
/// Text Style Guide, shot changes), in each lane on its own:
/// - a start within 12 frames of a cut moves onto the cut's first frame;
/// - an end within 12 frames of a cut moves to 2 frames before it;
/// - a caption that still spans a cut by less than 12 frames on a side (a move above would
///   have left it shorter than the shortest time) reaches 12 frames past it on that side,
///   where its neighbours leave room. (A split at the cut would leave a part that short too.)
/// No move makes a caption shorter than the shortest time (or than it was) or leaves less
/// than the minimum gap to its neighbours, and none moves a piece of a hand-timed cue out of
/// the cue's authored time (`Caption.cueTime`). The lane is gone through twice: a start moved onto
/// a cut can make room for the end before it. Each move is noted on the caption (`lint`).
public enum ShotSnapper {
    /// `captions` (sorted by start) with their times moved to `shots`, sorted by start.
    public static func snapped(_ captions: [Caption], to shots: ShotChanges, limits: ChunkingLimits) -> [Caption] {
        guard !shots.times.isEmpty else { return captions }
        let lanes = Dictionary(grouping: captions, by: \.lane).sorted { $0.key < $1.key }
        return lanes.flatMap { snappedLane($0.value, shots, limits) }.enumerated()
            .sorted { ($0.element.start, $0.element.lane, $0.offset) < ($1.element.start, $1.element.lane, $1.offset) }
            .map(\.element)
    }

    /// One lane's captions, in order, snapped.
    private static func snappedLane(_ captions: [Caption], _ shots: ShotChanges, _ limits: ChunkingLimits) -> [Caption] {
        var result = captions
        let frame = shots.frameDuration
        let window = Double(ShotChanges.window) * frame
        let slack = frame / 100
        for _ in 0..<2 {
            for i in result.indices {
                var caption = result[i]
                let previousEnd = i > 0 ? result[i - 1].end : -Double.infinity
                let nextStart = i + 1 < result.count ? result[i + 1].start : Double.infinity
                let shortest = min(limits.minDuration, caption.end - caption.start)
                // Where the caption may be: a piece of a hand-timed cue stays inside the cue.
                let earliest = caption.cueTime?.lowerBound ?? -Double.infinity
                let latest = caption.cueTime?.upperBound ?? Double.infinity
                // The start onto a cut near it.
                if let cut = shots.nearest(to: caption.start, within: ShotChanges.window), abs(cut - caption.start) > slack,
                    caption.end - cut >= shortest - slack, cut >= previousEnd + limits.minGap - slack, cut >= earliest
                {
                    caption.changes.append(
                        CaptionChange(.shotChange, "starts on the shot change at \(cut.seconds) instead of \(caption.start.seconds)"))
                    caption.start = cut
                }
                // The end 2 frames before a cut near it.
                if let cut = shots.nearest(to: caption.end, within: ShotChanges.window) {
                    let end = cut - Double(ShotChanges.endBefore) * frame
                    if abs(end - caption.end) > slack, end - caption.start >= shortest - slack, end <= nextStart - limits.minGap + slack,
                        end <= latest
                    {
                        caption.changes.append(
                            CaptionChange(
                                .shotChange,
                                "ends at \(end.seconds), \(ShotChanges.endBefore) frames before the shot change at \(cut.seconds), "
                                    + "instead of \(caption.end.seconds)"))
                        caption.end = end
                    }
                }
                // A cut it spans too closely on a side.
                for cut in shots.inside(caption.start, caption.end) {
                    let before = cut - caption.start
                    let after = caption.end - cut
                    guard before < window - slack || after < window - slack else { continue }
                    if after < window - slack, cut + window <= nextStart - limits.minGap + slack, cut + window <= latest {
                        caption.changes.append(
                            CaptionChange(.shotChange, "ends at \((cut + window).seconds), \(ShotChanges.window) frames past the shot change at \(cut.seconds), instead of \(caption.end.seconds)"))
                        caption.end = cut + window
                    }
                    if before < window - slack, cut - window >= previousEnd + limits.minGap - slack, cut - window >= earliest {
                        caption.changes.append(
                            CaptionChange(.shotChange, "starts at \((cut - window).seconds), \(ShotChanges.window) frames before the shot change at \(cut.seconds), instead of \(caption.start.seconds)"))
                        caption.start = cut - window
                    }
                }
                result[i] = CaptionChunker.clippingWords(caption)
            }
        }
        return result
    }
}
