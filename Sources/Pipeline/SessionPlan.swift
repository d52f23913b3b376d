import Captions
import Imaging
import Layout
import Media

/// A planned burn (of a `PlanSession`, or `Burner.prepare`): the final captions with their
/// layout, times and findings, and the probed input, from which a still, a contact sheet and
/// `lint` are made. Nothing is decoded until a frame is asked for.
public struct SessionPlan {
    let prepared: PreparedBurn
    private let worked: Worked

    /// What is worked out of the plan once, when first asked for: a still or a sheet asks for
    /// neither, `lint` for the findings alone, the review for both.
    private final class Worked {
        let prepared: PreparedBurn
        init(_ prepared: PreparedBurn) { self.prepared = prepared }
        lazy var findings: [[LintFinding]] = Lint.findings(prepared)
        lazy var document: PlanDocument = prepared.document(findings: findings)
    }

    init(prepared: PreparedBurn) {
        self.prepared = prepared
        worked = Worked(prepared)
    }

    /// The plan as `burn-captions plan` writes it: captions, lines, boxes and findings.
    public var document: PlanDocument { worked.document }

    /// The input as probed (or the preset's reference frame), to decode frames from.
    public var input: MediaInput { prepared.input }
    /// The input's size, frame rate and duration.
    public var info: InputInfo { prepared.info }
    /// The preset's text style as the captions were laid out in (its safe area, anchor, size).
    public var style: TextStyle { prepared.style }
    /// Lays out labels (a sheet's) with the faces the captions were drawn with.
    public var labelEngine: LayoutEngine { prepared.engine }
    /// Every planned caption, both tracks, in the order they are drawn.
    public var captions: [Caption] { prepared.planned.map(\.caption) }

    /// Every caption on screen at `time` seconds, in its state then, drawn together (as a
    /// render draws them); nil when none shows.
    public func bitmap(at time: Double) throws -> CaptionBitmap? { try Burner.captionBitmap(at: time, prepared) }

    /// Outlines what `guides` ask for (obstacles on screen at `time` seconds, the safe area) on `canvas`.
    public func draw(_ guides: StillGuides, at time: Double, on canvas: Canvas) { Burner.drawGuides(guides, at: time, prepared, on: canvas) }

    /// The reading rules the captions break and what chunking changed, and of recognized
    /// speech the segments dropped and the unsure words, and of a cut take its cuts
    /// (`burn-captions lint`).
    public var findings: [LintFinding] {
        worked.findings.flatMap { $0 } + Lint.speechNotes(prepared) + Lint.cutNotes(prepared)
    }

    /// The first track's captions as shown, each with the cue it came from (its place in the
    /// file, or its id among captions given as a value) and the reading rules it breaks.
    public var shown: [ShownCaption] {
        zip(prepared.planned, document.captions).filter { $0.0.track == 1 }.map { item, entry in
            ShownCaption(
                text: entry.text, start: entry.start, end: entry.end, source: item.caption.source,
                findings: (entry.findings ?? []).map { "\($0.rule) (\($0.level)): \($0.message)" })
        }
    }

    /// A caption as shown, with the cue it came from and the reading rules it breaks
    /// (`rule (level): message`).
    public struct ShownCaption: Sendable, Equatable {
        public var text: String
        public var start: Double  // seconds
        public var end: Double  // seconds
        public var source: SourceLocation?
        public var findings: [String]
    }
}

extension Burner {
    /// Plans `request` as a render plans it, decoding nothing: what a still, a contact sheet
    /// and `lint` are made from. `frame`: the input to plan on instead of the request's (the
    /// preset's reference frame, for `lint` without a video).
    public static func prepare(_ request: BurnRequest, frame: MediaInput? = nil, events: (BurnEvent) -> Void = { _ in }) throws
        -> SessionPlan
    {
        do {
            return SessionPlan(prepared: try BurnPlanner.prepare([request], frame: frame, events: events)[0])
        } catch {
            throw BurnError.wrap(error)
        }
    }
}
