import Foundation

/// One of the time ranges of a split render (`--segment I/N`): the frames from `start` (a
/// keyframe's time) until `end`, encoded alone as video only, with `label` in the container
/// so that the join can put the parts in order.
public struct SegmentRange: Sendable, Equatable {
    public var start: Double  // seconds from the timeline start; 0 for the first segment
    public var end: Double?  // seconds; nil: to the end of the video
    public var label: SegmentLabel

    public init(start: Double, end: Double?, label: SegmentLabel) {
        self.start = start
        self.end = end
        self.label = label
    }

    /// Whether the frame at `time` (seconds) is this segment's: from `start` until `end`,
    /// with half a frame (`frameDuration` seconds) of tolerance for rounding, so that each
    /// frame belongs to exactly one segment.
    public func holds(_ time: Double, frameDuration: Double) -> Bool {
        let margin = frameDuration / 2
        return (label.index == 0 || time >= start - margin) && (end.map { time < $0 - margin } ?? true)
    }
}

/// What a part of a split render carries in its container's metadata: which segment of how
/// many it is, the plan it was rendered from (its content's hash), where it starts, and the
/// identity of the input it was rendered from; in a split cut render, the kept ranges (the
/// join splices the input's audio over them). Its frame count is recorded beside it when the
/// part is complete (`framesKey`).
public struct SegmentLabel: Sendable, Equatable {
    public var index: Int  // 0-based
    public var count: Int
    public var plan: String  // the plan's hash (`PlanDocument.plan`)
    /// Where the part's first frame lies: its segment's start, or in a cut render the cut
    /// timeline's time of its first kept frame. // seconds from the timeline start
    public var start: Double
    public var input: InputIdentity?  // nil in a part an older burn-captions rendered
    /// The kept ranges of a cut render (seconds on the input's timeline); nil: not cut.
    public var kept: KeptRanges?

    public init(index: Int, count: Int, plan: String, start: Double, input: InputIdentity?, kept: KeptRanges? = nil) {
        self.index = index
        self.count = count
        self.plan = plan
        self.start = start
        self.input = input
        self.kept = kept
    }

    static let segmentKey = "burn_captions_segment"
    static let planKey = "burn_captions_plan"
    static let startKey = "burn_captions_start"
    static let inputKey = "burn_captions_input"
    /// The kept ranges of a cut render (`KeptRanges.tagValue`).
    static let keptKey = "burn_captions_kept"
    /// The frames the part holds, written when it is complete.
    static let framesKey = "burn_captions_frames"

    /// The container tags that hold the label.
    var tags: [(key: String, value: String)] {
        [(Self.segmentKey, "\(index)/\(count)"), (Self.planKey, plan), (Self.startKey, "\(start)")]
            + (input.map { [(Self.inputKey, $0.tagValue)] } ?? []) + (kept.map { [(Self.keptKey, $0.tagValue)] } ?? [])
    }

    /// The label in `tags` (a part's container metadata); nil when it holds none.
    init?(tags: [String: String]) {
        guard let segment = tags[Self.segmentKey], let plan = tags[Self.planKey],
            let start = tags[Self.startKey].flatMap(Double.init)
        else { return nil }
        let fields = segment.split(separator: "/")
        guard fields.count == 2, let index = Int(fields[0]), let count = Int(fields[1]), (0..<count).contains(index) else {
            return nil
        }
        self.init(
            index: index, count: count, plan: plan, start: start, input: tags[Self.inputKey].flatMap(InputIdentity.init(tagValue:)),
            kept: tags[Self.keptKey].flatMap(KeptRanges.init(tagValue:)))
    }
}
