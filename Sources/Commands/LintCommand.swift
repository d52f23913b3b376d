import Media
import Pipeline

extension Burner {
    /// The reading rules the final captions of `request` break (`burn-captions lint`): the
    /// captions are planned as a render plans them; nothing is decoded. Without a video
    /// (`VideoInput.referenceFrame`) they are planned on the preset's reference frame at `frameRate`
    /// (default 30 fps), without the timing fix.
    public static func lint(_ request: BurnRequest, frameRate: Double? = nil, events: (BurnEvent) -> Void = { _ in })
        throws -> [LintFinding]
    {
        do {
            var request = request
            var frame: MediaInput?
            if request.input == .referenceFrame {
                if request.shotChanges == .auto { throw BurnError.usage("--shot-changes auto needs the video") }
                if let avoid = request.avoid, !avoid.isOff { throw BurnError.usage("--avoid \(avoid.argument) needs the video") }
                frame = try ReferenceFrame.input(request, frameRate: frameRate ?? 30)
                request.timingFix = false
            } else if frameRate != nil {
                throw BurnError.usage("--fps is for lint without a video (a video has its own frame rate)")
            }
            return try Burner.prepare(request, frame: frame, events: events).findings
        } catch {
            throw BurnError.wrap(error)
        }
    }
}
