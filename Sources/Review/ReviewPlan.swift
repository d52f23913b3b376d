import Captions
import Cuts
import Files
import Foundation
import Media
import Pipeline

/// The plan of a review page, for the whole session: a `PlanSession` of its video (probed
/// once; its speech envelope, shot changes and fonts kept), and the last plan, made again only
/// when what it is planned from changes (an edit, another preset or look, a reload, a file it
/// names changed on disk). The captions come in the request as a value
/// (`CaptionOrigin.given`): a plan reads no caption file, and a frame or a lint after the
/// first probes and decodes nothing but the frame's own picture.
///
/// Thread-safe: the server's connection threads share it, one at a time. Everything it
/// keeps (the session's demuxer, layout engine and its FreeType and HarfBuzz faces, the
/// envelope, the cuts, the last plan) is touched only under `lock`, for the whole of a frame
/// (plan, decode, captions drawn) or a lint.
public final class ReviewPlan: @unchecked Sendable {
    /// What a plan is made from, all that changes it but the video and the fonts file
    /// (`PlanSession` keeps what they give): the request (preset, look, every option, the
    /// captions as edited), where each caption comes from (cue ids and file places, which
    /// captions' equality leaves out) and the signatures of the other files it names as they
    /// are now (size, modification time, inode: a frame reads none of them).
    private struct Key: Equatable {
        var request: BurnRequest
        var sources: [SourceLocation?]
        var files: [FileSignature?]  // the preset and look files, script, emphasis list, second captions, shot-change list

        init(_ request: BurnRequest) {
            self.request = request
            sources = []
            if case .given(_, let transcript) = request.captions.origin { sources = transcript.segments.map(\.source) }
            files = request.inputFiles.filter { $0 != request.input.path && $0 != request.captions.path && $0 != request.fontsConf }
                .map { try? FileSignature($0) }
        }
    }

    private let lock = NSLock()
    private let session: PlanSession
    /// The last plan, by what it was planned from: one is kept (the frame and the lint after
    /// an edit share it; the next edit replaces it).
    private var kept: (key: Key, plan: SessionPlan)?
    /// The video, as probed when the review opened.
    public var info: InputInfo { session.info }
    /// How many plans were made (a test's count: an edit costs one, a frame or lint after it none).
    var plansMade: Int { lock.withLock { session.plansMade } }

    /// Probes `input`; a missing or unreadable file is named first, as a burn names it.
    public init(input: String) throws { session = try PlanSession(input: input) }

    /// The frame at `time` seconds with the captions of `request` drawn, as PNG (what
    /// `Burner.stillPicture` draws of them); the picture without captions is kept in
    /// `backgrounds` for the next frame at that time.
    public func picture(_ request: BurnRequest, at time: Double, backgrounds: StillBackgrounds) throws -> [UInt8] {
        try lock.withLock { try session.picture(of: try plan(request), at: time, backgrounds: backgrounds) }
    }

    /// The final captions of `request` with their layout and findings (what `Burner.plan`
    /// gives of them).
    public func document(_ request: BurnRequest) throws -> PlanDocument {
        try lock.withLock { try plan(request).document }
    }

    /// The first track's captions of `request` as shown, each with the cue it came from and
    /// the reading rules it breaks: the page's lint.
    public func shown(_ request: BurnRequest) throws -> [SessionPlan.ShownCaption] {
        try lock.withLock { try plan(request).shown }
    }

    /// The cut plan of `request` as `burn-captions cuts` makes it (`PlanSession.cutPlan`),
    /// on the session's kept sources.
    public func cutPlan(_ request: BurnRequest, cancellation: Cancellation, events: (BurnEvent) -> Void) throws -> CutPlan {
        try lock.withLock { try session.cutPlan(request, cancellation: cancellation, events: events) }
    }

    /// The plan of `request`: the one kept when it was made from the same, else a new one.
    /// Under `lock`.
    private func plan(_ request: BurnRequest) throws -> SessionPlan {
        let key = Key(request)
        if let kept, kept.key == key { return kept.plan }
        kept = nil  // the old plan goes before the new one is made (and a plan that fails keeps none)
        let plan = try session.plan(request)
        kept = (key, plan)
        return plan
    }
}
