import Media

extension Burner {
    /// The plan of a split render of `request`: its captions with their layout and findings,
    /// the settings its parts render with (`PlanDocument.Render`), and one segment from each
    /// of the seconds `starts` picks in the probed input of the given duration (seconds), the
    /// first at 0; named by its content hash (`PlanDocument.plan`). No video is decoded here.
    public static func splitPlan(
        _ request: BurnRequest, events: (BurnEvent) -> Void, starts: (MediaInput, Double) throws -> [Double]
    ) throws -> PlanDocument {
        // A part is cut on the source's keyframes, and the join takes the input's audio whole.
        if request.cuts != .off {
            throw BurnError.usage("\(request.input.name): a split render does not cut yet: render the cut in one piece, or cut first (--edit-list)")
        }
        let prepared = try BurnPlanner.prepare(request, events: events)
        var document = PlanDocument(
            prepared.planned, width: prepared.info.width, height: prepared.info.height, safeArea: prepared.style.safeArea,
            findings: Lint.findings(prepared))
        guard let duration = prepared.info.duration else {
            throw BurnError.input("\(request.input.name): the file does not say how long it is, so it cannot be cut in segments")
        }
        let starts = try starts(prepared.input, duration)
        document.segments = starts.enumerated().map { index, start in
            PlanDocument.Segment(index: index, start: start, end: index + 1 < starts.count ? starts[index + 1] : nil)
        }
        document.render = PlanDocument.Render(request, inputIdentity: try InputIdentity(prepared.info), duration: duration)
        document.plan = try document.contentHash()
        return document
    }
}
