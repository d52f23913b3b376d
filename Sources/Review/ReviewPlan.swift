import Files
import Foundation
import Media
import Pipeline

/// The plan of a review page, for the whole session: a `PlanSession` of its video (probed
/// once; its speech envelope, shot changes and fonts kept), and the last plan, made again only
/// when what it is planned from changes (an edit, another preset or look, a reload, a file it
/// names changed on disk). A frame or a lint after the first probes and decodes nothing but
/// the frame's own picture, and reads no file.
///
/// Thread-safe: the server's connection threads share it, one at a time. Everything it
/// keeps (the session's demuxer, layout engine and its FreeType and HarfBuzz faces, the
/// envelope, the cuts, the last plan) is touched only under `lock`, for the whole of a frame
/// (plan, decode, captions drawn) or a lint.
public final class ReviewPlan: @unchecked Sendable {
    /// What a plan is made from, all that changes it but the video and the fonts file
    /// (`PlanSession` keeps what they give): the request (preset, look, every option), the
    /// bytes of its caption file as edited, and the signatures of the other files it names as
    /// they are now (size, modification time, inode: a frame reads none of them).
    private struct Key: Equatable {
        var request: BurnRequest
        var captions: Data
        var files: [FileSignature?]  // the preset and look files, script, emphasis list, second captions, shot-change list

        init(_ request: BurnRequest, captions: Data) {
            self.request = request
            self.captions = captions
            files = request.inputFiles.filter { $0 != request.input.path && $0 != request.captions.file && $0 != request.fontsConf }
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

    /// Probes `input`; a missing or unreadable file is named first, as a burn names it.
    public init(input: String) throws { session = try PlanSession(input: input) }

    /// The frame at `time` seconds with the captions of `request` drawn, as PNG (what
    /// `Burner.stillPicture` draws of the request's file holding `captions`); the picture
    /// without captions is kept in `backgrounds` for the next frame at that time.
    public func picture(_ request: BurnRequest, captions: Data, at time: Double, backgrounds: StillBackgrounds) throws
        -> [UInt8]
    {
        try lock.withLock { try session.picture(of: try plan(request, captions: captions), at: time, backgrounds: backgrounds) }
    }

    /// The final captions of `request` with their layout and findings (what `Burner.plan`
    /// gives of the request's file holding `captions`): the page's lint.
    public func document(_ request: BurnRequest, captions: Data) throws -> PlanDocument {
        try lock.withLock { try plan(request, captions: captions).document }
    }

    /// The plan of `request` with `captions`: the one kept when it was made from the same,
    /// else a new one. Under `lock`.
    private func plan(_ request: BurnRequest, captions: Data) throws -> SessionPlan {
        let key = Key(request, captions: captions)
        if let kept, kept.key == key { return kept.plan }
        kept = nil  // the old plan goes before the new one is made (and a plan that fails keeps none)
        let plan = try session.plan(request, captions: captions)
        kept = (key, plan)
        return plan
    }
}
