import Files
import Media

extension Burner {
    /// The plan of a split render of `request`: its captions with their layout and findings,
    /// the settings its parts render with (`PlanDocument.Render`), and one segment from each
    /// of the seconds `starts` picks in the probed input of the given duration (seconds), the
    /// first at 0; named by its content hash (`PlanDocument.plan`). No video is decoded here.
    /// With cuts, the cut plan is made here, once, as a one-piece render makes it: the
    /// captions are planned on the cut timeline and the kept ranges stored (`kept`), while
    /// the segments stay on the input's timeline, at its keyframes. `--edit-list` is written here.
    public static func splitPlan(
        _ request: BurnRequest, events: (BurnEvent) -> Void, starts: (MediaInput, Double) throws -> [Double]
    ) throws -> PlanDocument {
        let prepared = try BurnPlanner.prepare(request, events: events)
        var document = PlanDocument(
            prepared.planned, width: prepared.info.width, height: prepared.info.height, safeArea: prepared.style.safeArea,
            findings: Lint.findings(prepared), cuts: prepared.cuts)
        guard let duration = prepared.info.duration else {
            throw BurnError.input("\(request.input.name): the file does not say how long it is, so it cannot be cut in segments")
        }
        let starts = try starts(prepared.input, duration)
        document.segments = starts.enumerated().map { index, start in
            PlanDocument.Segment(index: index, start: start, end: index + 1 < starts.count ? starts[index + 1] : nil)
        }
        // Kept ranges exactly as a one-piece render keeps them (none when nothing is cut).
        document.kept = prepared.cuts.flatMap { $0.taken.isEmpty ? nil : $0.kept.map { PlanDocument.KeptEntry(start: $0.lowerBound, end: $0.upperBound) } }
        document.render = PlanDocument.Render(request, inputIdentity: try InputIdentity(prepared.info), duration: duration)
        document.plan = try document.contentHash()
        if let list = request.editList, let cuts = prepared.cuts {
            try writeEditList(cuts, info: prepared.info, to: try OutputFile(output: list, inputs: request.inputFiles))
        }
        return document
    }
}
