import Foundation

/// What a cut plan decided for one input: the spans cut and flagged, in time order, and
/// what is kept between them, with the timeline a cut render plays them on.
public struct CutPlan: Sendable, Equatable {
    /// Every span, cut or only flagged, in time order.
    public var cuts: [Cut]
    /// The input's length. // seconds
    public var duration: Double

    public init(cuts: [Cut], duration: Double) {
        self.cuts = cuts.sorted { $0.start < $1.start }
        self.duration = duration
    }

    /// The spans taken out, in time order.
    public var taken: [Cut] { cuts.filter(\.isCut) }

    /// The spans flagged for a person to decide on.
    public var flagged: [Cut] { cuts.filter { !$0.isCut } }

    /// The input's parts a cut render plays, in order. // seconds of the input
    public var kept: [ClosedRange<Double>] {
        var ranges: [ClosedRange<Double>] = []
        var from = 0.0
        for cut in taken {
            if cut.start > from { ranges.append(from...cut.start) }
            from = max(from, cut.end)
        }
        if duration > from { ranges.append(from...duration) }
        return ranges
    }

    /// How long the cut render is. // seconds
    public var keptDuration: Double { kept.map { $0.upperBound - $0.lowerBound }.reduce(0, +) }

    /// The timeline the kept parts are played on.
    public var timeline: CutTimeline { CutTimeline(kept: kept) }

    /// One line for the run's summary: `cut 14 pauses, 6 fillers, 2 retakes: 62.4 s -> 41.9 s`.
    public var summary: String {
        let counts = CutReason.allCases.compactMap { reason -> String? in
            let count = taken.filter { $0.reason == reason }.count
            guard count > 0 else { return nil }
            return "\(count) \(reason.rawValue)\(count == 1 ? "" : "s")"
        }
        let flags = flagged.isEmpty ? "" : "; \(flagged.count) flagged, not cut"
        let what = counts.isEmpty ? "nothing" : counts.joined(separator: ", ")
        return "cut \(what): " + String(format: "%.1f s -> %.1f s", duration, keptDuration) + flags
    }
}
