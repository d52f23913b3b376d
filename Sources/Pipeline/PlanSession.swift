import Captions
import Cuts
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
    /// How many plans the session has begun (a test's count of the work an edit costs).
    public private(set) var plansMade = 0

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

    /// A session on `input`, already probed (or the preset's reference frame: `InputInfo(frameOf:)`),
    /// whose requests may name no video (`VideoInput.referenceFrame`).
    public init(_ input: MediaInput) throws {
        do {
            sources = try PlanSources(input: input)
            info = input.info
        } catch {
            throw BurnError.wrap(error)
        }
    }

    /// The plan of `request` (what `Burner.plan` gives of it), on the kept sources: captions
    /// given as a value (`CaptionOrigin.given`) are planned with no file read. Its warnings
    /// and notices go to `events`.
    public func plan(_ request: BurnRequest, events: (BurnEvent) -> Void = { _ in }) throws -> SessionPlan {
        do {
            guard request.input.path ?? info.path == info.path else {
                throw BurnError.usage("a session plans one video: \(info.path), not \(request.input.name)")
            }
            let transcript = try CaptionPlanner.read(request)
            plansMade += 1
            return SessionPlan(prepared: try BurnPlanner.prepare(request, sources: sources, transcript: transcript, events: events))
        } catch {
            throw BurnError.wrap(error)
        }
    }

    /// The cut plan of `request` as `burn-captions cuts` makes it (`Burner.cutPlan`: its
    /// captions read, the plan its `cuts` ask for), on the kept sources: the speech envelope
    /// it measures serves the timing fix of every plan after it.
    public func cutPlan(_ request: BurnRequest, cancellation: Cancellation, events: (BurnEvent) -> Void = { _ in }) throws
        -> CutPlan
    {
        do {
            guard request.input.path ?? info.path == info.path else {
                throw BurnError.usage("a session plans one video: \(info.path), not \(request.input.name)")
            }
            return try Burner.cutPlan(request, sources: sources, cancellation: cancellation, events: events)
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
