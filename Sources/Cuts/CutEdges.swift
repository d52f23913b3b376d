import Speech

/// Places a span's edges where a cut is clean: on a frame boundary (so picture and sound are
/// cut at one instant and never drift apart), at the quietest of the boundaries within
/// `reach` of where the words put it, on the side of what is taken out (from half a frame
/// short of it: the nearest boundary may lie either side; a kept word's tail
/// can sink under the bed, and the quiet there is that tail's), when it is 3 dB quieter
/// than the nearest one (else the nearest: in steady noise the pause keeps its length), and never nearer than `clearance`
/// to kept sound (a kept word, or sound next to it that no word accounts for).
struct CutEdges {
    let envelope: EnergyEnvelope?
    /// The input's frame duration; frame boundaries are its multiples. // seconds
    let frameDuration: Double
    /// The input's length. // seconds
    let duration: Double

    /// How far an edge may move to a quieter place. // seconds
    static let reach = 0.06
    /// The least distance between an edge and a kept word. // seconds
    static let clearance = 0.02
    /// The stretch about a boundary whose energy says how quiet it is. // seconds
    static let listen = 0.02
    /// A boundary further from the words' edge is taken when it is this much quieter than the
    /// nearest (3 dB). // ratio of RMS
    static let quieter: Float = 0.708

    /// The span's cut with its edges placed; nil when no frame boundary fits between its kept words.
    func placed(_ span: CutSpans.Span) -> Cut? {
        let lower = span.keptUntil + Self.clearance
        let upper = span.keptFrom - Self.clearance
        var cut = span.cut
        if span.before == nil {
            cut.start = 0
        } else if let start = boundary(
            near: cut.start, from: span.silenceOnly ? lower : max(lower, cut.start - frameDuration / 2), to: upper,
            listening: !span.silenceOnly)
        {
            cut.start = start
        } else {
            return nil
        }
        if span.after == nil {
            cut.end = duration
        } else if let end = boundary(
            near: cut.end, from: lower, to: span.silenceOnly ? upper : min(upper, cut.end + frameDuration / 2),
            listening: !span.silenceOnly)
        {
            cut.end = end
        } else {
            return nil
        }
        return cut.end - cut.start >= frameDuration * 0.99 ? cut : nil
    }

    /// The quietest frame boundary within `reach` of `time` and inside `from...to`, else the
    /// boundary inside it nearest `time`; nil when none is. Without `listening`, the nearest:
    /// a shortened pause's edges lie in its silence, half the kept pause from the words, and
    /// keep the pause's length.
    private func boundary(near time: Double, from: Double, to: Double, listening: Bool) -> Double? {
        let low = Int((max(from, time - Self.reach) / frameDuration).rounded(.up))
        let high = Int((min(to, time + Self.reach) / frameDuration).rounded(.down))
        if low <= high {
            let candidates = (low...high).map { Double($0) * frameDuration }
            let nearest = candidates.min { abs($0 - time) < abs($1 - time) }!
            guard listening else { return nearest }
            let quietest = candidates.min { loudness(at: $0) < loudness(at: $1) }!
            // Steady room noise or a music bed is as quiet a frame further on: the edge stays.
            return loudness(at: quietest) < loudness(at: nearest) * Self.quieter ? quietest : nearest
        }
        let nearest = (time / frameDuration).rounded() * frameDuration
        let inside = [nearest, nearest - frameDuration, nearest + frameDuration].filter { $0 >= from && $0 <= to && $0 >= 0 }
        return inside.min { abs($0 - time) < abs($1 - time) }
    }

    /// The mean energy of the `listen` seconds about `time`. // RMS, linear
    private func loudness(at time: Double) -> Float {
        guard let envelope else { return 0 }
        let windows = envelope.indices(from: time - Self.listen / 2, to: time + Self.listen / 2)
        guard !windows.isEmpty else { return envelope.value(at: time) }
        return windows.map { envelope.values[$0] }.reduce(0, +) / Float(windows.count)
    }
}
