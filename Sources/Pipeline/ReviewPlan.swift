import Captions
import Files
import Foundation
import Media

/// The plan of a review page, for the whole session: its video probed once, and its speech
/// envelope (for the timing fix), its shot changes (with `--shot-changes auto`) and its layout
/// engine (the fonts) made when first needed and kept (`PlanSources`). The captions are
/// planned again only when what they are planned from changes (an edit, another preset or
/// look, a reload): read from the edited bytes in memory, chunked, timed against the kept
/// envelope and laid out with the kept engine. A frame or a lint after the first probes and
/// decodes nothing but the frame's own picture.
///
/// Thread-safe: the server's connection threads share it, one at a time. Everything it
/// keeps (the probe's demuxer, the layout engine and its FreeType and HarfBuzz faces, the
/// envelope, the cuts, the last plan) is touched only under `lock`, for the whole of a frame
/// (plan, decode, captions drawn) or a lint.
public final class ReviewPlan: @unchecked Sendable {
    /// What a plan is made from, all that changes it but the video and the fonts file
    /// (`PlanSources` keeps what they give): the request (preset, look, every option), the
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
    private let sources: PlanSources
    /// The last plan, by what it was planned from: one is kept (the frame and the lint after
    /// an edit share it; the next edit replaces it).
    private var kept: (key: Key, prepared: PreparedBurn)?
    /// The video, as probed when the review opened.
    public let info: InputInfo

    /// Probes `input`; a missing or unreadable file is named first, as a burn names it.
    public init(input: String) throws {
        do {
            try Burner.checkInput(input)
            let media = try MediaInput(path: input)
            sources = try PlanSources(input: media)
            info = media.info
        } catch {
            throw BurnError.wrap(error)
        }
    }

    /// The frame at `time` seconds with the captions of `request` drawn, as PNG (what
    /// `Burner.stillPicture` draws of the request's file holding `captions`); the picture
    /// without captions is kept in `backgrounds` for the next frame at that time.
    public func picture(_ request: BurnRequest, captions: Data, at time: Double, backgrounds: StillBackgrounds) throws
        -> [UInt8]
    {
        try lock.withLock {
            do {
                return try Burner.picture(of: try prepared(request, captions: captions), at: time, backgrounds: backgrounds)
            } catch {
                throw BurnError.wrap(error)
            }
        }
    }

    /// The final captions of `request` with their layout and findings (what `Burner.plan`
    /// gives of the request's file holding `captions`): the page's lint.
    public func document(_ request: BurnRequest, captions: Data) throws -> PlanDocument {
        try lock.withLock {
            do {
                return try prepared(request, captions: captions).document
            } catch {
                throw BurnError.wrap(error)
            }
        }
    }

    /// The plan of `request` with `captions`: the one kept when it was made from the same,
    /// else a new one on the kept sources. Under `lock`.
    private func prepared(_ request: BurnRequest, captions: Data) throws -> PreparedBurn {
        let key = Key(request, captions: captions)
        if let kept, kept.key == key { return kept.prepared }
        guard request.input.path == info.path else {
            throw BurnError.usage("a review plans one video: \(info.path), not \(request.input.name)")
        }
        kept = nil  // the old plan goes before the new one is made (and a plan that fails keeps none)
        let transcript = try CaptionPlanner.read(request, data: captions)
        let prepared = try BurnPlanner.prepare(request, sources: sources, transcript: transcript, events: { _ in })
        kept = (key, prepared)
        return prepared
    }
}
