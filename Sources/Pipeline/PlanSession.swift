import Foundation
import Media

/// The plans of one video for a caller that plans it again and again from captions that
/// change (the review page, a live stage): the video is probed once, and its speech envelope
/// (for the timing fix), its shot changes and its layout engine (the fonts) are made when
/// first needed and kept (`PlanSources`). Each plan reads the captions from bytes in memory,
/// chunks, times and lays them out; a picture decodes only its own frame. Not thread-safe:
/// one caller at a time.
public final class PlanSession {
    private let sources: PlanSources
    /// The video, as probed when the session opened.
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

    /// The plan of `request` with its caption file's bytes as `captions` (what `Burner.plan`
    /// gives of the request's file holding them), on the kept sources.
    public func plan(_ request: BurnRequest, captions: Data) throws -> SessionPlan {
        do {
            guard request.input.path == info.path else {
                throw BurnError.usage("a session plans one video: \(info.path), not \(request.input.name)")
            }
            let transcript = try CaptionPlanner.read(request, data: captions)
            return SessionPlan(prepared: try BurnPlanner.prepare(request, sources: sources, transcript: transcript, events: { _ in }))
        } catch {
            throw BurnError.wrap(error)
        }
    }

    /// The frame at `time` seconds with the captions of `plan` drawn, as PNG (what
    /// `Burner.stillPicture` draws); the picture without captions is kept in `backgrounds`
    /// for the next frame at that time.
    public func picture(of plan: SessionPlan, at time: Double, backgrounds: StillBackgrounds) throws -> [UInt8] {
        do {
            return try Burner.picture(of: plan.prepared, at: time, backgrounds: backgrounds)
        } catch {
            throw BurnError.wrap(error)
        }
    }
}

/// One plan of a `PlanSession`: the final captions with their layout, times and findings.
public struct SessionPlan {
    let prepared: PreparedBurn

    /// The plan as `burn-captions plan` writes it: captions, lines, boxes and findings.
    public var document: PlanDocument { prepared.document }
}
