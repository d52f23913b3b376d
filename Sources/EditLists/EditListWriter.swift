/// Writes an `EditTimeline` as an edit list: one clip per kept range, back to back from the
/// record start, with a linked audio clip for each where the format keeps audio apart.
public enum EditListWriter {
    /// The edit list's text in `format`; an `EditListError` naming the field when the timeline
    /// is not one an edit list can state (`EditTimeline.check`).
    public static func write(_ timeline: EditTimeline, as format: EditListFormat) throws -> String {
        try timeline.check()
        switch format {
        case .otio: return OTIOWriter.text(timeline)
        case .fcpxml: return FCPXMLWriter.text(timeline)
        case .fcp7: return FCP7Writer.text(timeline)
        case .edl: return try EDLWriter.text(timeline)
        }
    }
}
