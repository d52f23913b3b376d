import Captions
import Cuts
import EditLists
import Files
import Foundation
import Media
import Settings
import Speech
import Vision

/// The cut plan of a request, before its captions are planned: made from the words and the
/// audio (`--cuts`), or read from a cut file (`--cuts-file`), with its edges on frame
/// boundaries, and told in one line (`cut 14 pauses, 6 fillers, 2 retakes: 62.4 s -> 41.9 s`).
enum CutStep {
    /// A cut plan and the words its captions are planned from: `transcript` with the words
    /// the plan heard elsewhere moved there (`CutPlanner.Outcome.transcript`).
    typealias Planned = (plan: CutPlan, words: Transcript)

    /// The plan of `request` for the input of `sources`, the words taken from `transcript`
    /// (its first track's captions); nil when it cuts nothing (`.off`).
    static func plan(
        _ request: BurnRequest, transcript: Transcript, sources: PlanSources, cancellation: Cancellation,
        events: (BurnEvent) -> Void
    ) throws -> Planned? {
        let info = sources.input.info
        let path = info.path
        switch request.cuts {
        case .off:
            return nil
        case .file(let file):
            let plan = frameAligned(try CutFile.read(path: file, duration: try duration(info)), frameDuration: info.frameDuration)
            events(.notice("\(path): \(plan.summary) (\(file))"))
            return (plan, transcript)
        case .planned(let settings):
            if let known = sources.cutPlans[key(request)] { return known }
            let script = try request.captions.script.map { (text: try CaptionPlanner.readScript($0), file: $0) }
            let material = CutMaterial(
                transcript: transcript, envelope: try sources.speech(), duration: try duration(info),
                frameDuration: info.frameDuration, script: script, language: request.captions.language)
            let outcome = try CutPlanner.plan(material, settings: settings, fillers: try sources.fillerWords()) { spans in
                let moving = try PictureMotion.moving(sources.input, spans: spans, going: { !cancellation.isCancelled })
                if cancellation.isCancelled { throw BurnError.cancelled(signal: cancellation.signal) }
                return moving
            }
            for notice in outcome.notices { events(.notice(notice.wording(input: path))) }
            events(.notice("\(path): \(outcome.plan.summary)"))
            for cut in outcome.plan.flagged { events(.warning(flagged(cut, path: path))) }
            if request.captions.origin.path != nil || request.captions.origin == .recognized {
                sources.cutPlans[key(request)] = (outcome.plan, outcome.transcript)
            }
            return (outcome.plan, outcome.transcript)
        }
    }

    /// The warning of a flagged span: where, what, and why it is not cut.
    static func flagged(_ cut: Cut, path: String) -> String {
        let why =
            cut.flag == .reworded
            ? "said again in other words: which wording stays is yours to choose"
            : "longer than \(Int(CutSettings(kinds: []).longCut)) s: too much to take out unseen"
        let said = cut.text.map { " (\"\($0)\")" } ?? ""
        return "\(path) " + String(format: "%.2f–%.2f s", cut.start, cut.end)
            + ": \(cut.label)\(said) \(why); flagged, not cut (edit the cut file of `burn-captions cuts` to cut it)"
    }

    /// What a plan is kept under for a run's other outputs: the cuts asked for, the captions and the script.
    private static func key(_ request: BurnRequest) -> String {
        "\(request.cuts)|\(request.captions.file)|\(request.captions.script ?? "")|\(request.recognitionSettings)"
    }

    private static func duration(_ info: InputInfo) throws -> Double {
        guard let duration = info.duration, duration > 0 else {
            throw BurnError.input("\(info.path): its length is unknown, so it cannot be cut")
        }
        return duration
    }

    /// `plan` with every edge moved to the nearest frame boundary (a cut file's times are a
    /// person's), and the last frame's end to the input's end.
    static func frameAligned(_ plan: CutPlan, frameDuration: Double) -> CutPlan {
        func aligned(_ time: Double) -> Double {
            plan.duration - time < frameDuration / 2 ? plan.duration : (time / frameDuration).rounded() * frameDuration
        }
        let cuts = plan.cuts.compactMap { cut -> Cut? in
            var cut = cut
            (cut.start, cut.end) = (aligned(cut.start), aligned(cut.end))
            return cut.end > cut.start ? cut : nil
        }
        return CutPlan(cuts: cuts, duration: plan.duration)
    }

    /// Shot changes on the cut `timeline`, every join among them (a jump cut is a shot
    /// change) when captions snap to shot changes; unchanged without a timeline.
    static func shotChanges(_ changes: ShotChanges?, on timeline: CutTimeline?, frameDuration: Double) -> ShotChanges? {
        // Snapping is asked for (`--shot-changes`), or a caption keeps its first word's time.
        guard let timeline, let changes else { return changes }
        return ShotChanges(times: timeline.retimed(shotChanges: changes.times), frameDuration: frameDuration)
    }

    /// Obstacles on the cut `timeline`; unchanged without one.
    static func obstacles(_ obstacles: [Obstacle], on timeline: CutTimeline?) -> [Obstacle] {
        guard let timeline else { return obstacles }
        return obstacles.map { obstacle in
            var moved = obstacle
            (moved.start, moved.end) = (timeline.nearestTime(obstacle.start), timeline.nearestTime(obstacle.end))
            return moved
        }
    }
}

extension Burner {
    /// The cut plan of `request` (`burn-captions cuts`): its input probed, its captions read
    /// or its speech recognized, and the plan its `cuts` ask for (pauses, fillers and
    /// retakes when off). Returns the plan and the input's frame rate (for an edit list).
    public static func cutPlan(_ request: BurnRequest, cancellation: Cancellation, events: (BurnEvent) -> Void) throws
        -> (plan: CutPlan, info: InputInfo)
    {
        do {
            guard case .file(let path) = request.input else { throw BurnError.usage("cuts needs an input video") }
            try checkInput(path)
            let sources = try PlanSources(input: try MediaInput(path: path))
            return (try cutPlan(request, sources: sources, cancellation: cancellation, events: events), sources.input.info)
        } catch {
            throw BurnError.wrap(error)
        }
    }

    /// The cut plan of `request` on `sources` (its input, probed): its captions read or its
    /// speech recognized, and the plan its `cuts` ask for (pauses, fillers and retakes when
    /// off). `cuts` and a review that plans its cut list (`PlanSession.cutPlan`) both make it here.
    static func cutPlan(_ request: BurnRequest, sources: PlanSources, cancellation: Cancellation, events: (BurnEvent) -> Void)
        throws -> CutPlan
    {
        var asked = request
        if asked.cuts == .off { asked.cuts = .planned(CutSettings(kinds: [.pauses, .fillers, .retakes])) }
        let transcript = try CaptionPlanner.read(asked) { settings in
            try sources.recognized(settings, cancellation: cancellation, events: events)
        }
        transcript.notes.forEach { events(.warning($0.description)) }
        return try CutStep.plan(asked, transcript: transcript, sources: sources, cancellation: cancellation, events: events)!.plan
    }
}

extension Burner {
    /// Writes the kept ranges of `plan` for an editor to `file`, in the format its extension
    /// names (`EditListFormat`): in frames of the input's rate, from its start timecode, with
    /// its first audio stream's channels.
    public static func writeEditList(_ plan: CutPlan, info: InputInfo, to file: OutputFile) throws {
        let path = file.finalURL.path
        guard let format = EditListFormat(path: path) else {
            throw BurnError.usage("\(path): edit lists are .otio, .fcpxml, .xml or .edl")
        }
        do {
            let rate = try EditRate(measuredNumerator: info.frameRateFraction.numerator, denominator: info.frameRateFraction.denominator)
            let start = try info.timecode.map { try Timecode($0, rate: rate).frames } ?? 0
            let frames = Int(((info.duration ?? plan.duration) * info.frameRate).rounded())
            let kept = plan.kept.map { range in
                Int((range.lowerBound * info.frameRate).rounded())..<min(frames, Int((range.upperBound * info.frameRate).rounded()))
            }.filter { !$0.isEmpty }
            let audio = info.streams.first { $0.kind == "audio" }
            let timeline = EditTimeline(
                name: URL(fileURLWithPath: info.path).deletingPathExtension().lastPathComponent + " (cut)",
                sourcePath: URL(fileURLWithPath: info.path).standardizedFileURL.path, rate: rate, sourceStartFrame: start,
                sourceFrames: frames, kept: kept, width: info.width, height: info.height, audioChannels: audio?.channels ?? 0,
                audioSampleRate: audio?.sampleRate ?? 0)
            try file.write(Data(try EditListWriter.write(timeline, as: format).utf8))
        } catch let error as EditListError {
            throw BurnError.input("\(path): cannot write the edit list of \(info.path): \(error.description)")
        }
    }
}
