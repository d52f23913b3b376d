import Captions
import Files
import Foundation
import Imaging
import Media
import Pipeline

/// What a join wrote.
public struct JoinResult: Sendable {
    public var output: String
    public var parts: Int
    public var frames: Int
    public var copiedAudioStreams: Int
}

/// One long recording rendered as N parts, on as many machines, then joined: `plan
/// --segments N` fixes the captions, their layout and N time ranges cut at the input's
/// keyframes; each part renders its range from a seek to it, video only, its segment named in
/// its container; the join puts the parts' video one after the other, packet for packet, with
/// the input's audio copied once. A caption across a cut is drawn by both parts as one render
/// would draw it.
public enum SplitRender {
    /// The most segments one plan cuts.
    public static let maximumSegments = 10_000
    /// The extensions a part may be written with: MP4 and QuickTime write their tags with
    /// their index, after the last frame, so a part can record how many frames it holds.
    static let partContainers: Set<String> = ["mp4", "m4v", "mov"]

    /// `burn-captions plan --segments N`: the plan, with the render settings its parts use and
    /// the `count` segments, each starting at the keyframe nearest to its share of the video.
    public static func plan(_ request: BurnRequest, segments count: Int, events: (BurnEvent) -> Void = { _ in }) throws
        -> PlanDocument
    {
        guard (1...maximumSegments).contains(count) else {
            throw BurnError.usage("--segments: expected a whole number from 1 to \(maximumSegments), got \(count)")
        }
        if request.output.isOverlay { throw BurnError.usage("a split render draws captions into the video; --overlay-only cannot be split") }
        do {
            return try Burner.splitPlan(request, events: events) { input, duration in
                try segmentStarts(input, duration: duration, count: count)
            }
        } catch {
            throw BurnError.wrap(error)
        }
    }

    /// Where each segment starts (seconds): 0, then the keyframe nearest to each k/N of the video.
    private static func segmentStarts(_ input: MediaInput, duration: Double, count: Int) throws -> [Double] {
        let targets = (1..<count).map { duration * Double($0) / Double(count) }
        let cuts = try Keyframes.nearest(to: targets, in: input)
        if let short = cuts.firstIndex(where: { $0 == nil }) {
            throw BurnError.input(
                "\(input.info.path): too few keyframes to cut \(count) segments (at most \(short + 1) here): ask for fewer, "
                    + "or re-encode it with a keyframe every few seconds")
        }
        return [0] + cuts.map { $0! }
    }

    /// Renders segment `index` of `count` of the plan at `planPath` from `input` into `output`
    /// (video only, labelled for the join), with `encoder`; its captions and their settings
    /// come from the plan. Fails when the plan was edited since it was made, when `input` is
    /// not the file planned, or when this machine lays the captions out otherwise than the
    /// planning one did.
    public static func renderPart(
        input: String, plan planPath: String, segment index: Int, of count: Int, output: String,
        encoder: EncoderSettings = EncoderSettings(), cancellation: Cancellation = Cancellation(),
        events: (BurnEvent) -> Void = { _ in }
    ) throws -> BurnResult {
        try renderPart(
            input: input, plan: planPath, segment: index, of: count, output: output, encoder: encoder, claim: nil,
            cancellation: cancellation, events: events)
    }

    /// `renderPart`, with the output already claimed (a batch's split job).
    static func renderPart(
        input: String, plan planPath: String, segment index: Int, of count: Int, output: String, encoder: EncoderSettings,
        claim: OutputLock?, cancellation: Cancellation, events: (BurnEvent) -> Void
    ) throws -> BurnResult {
        guard partContainers.contains(URL(fileURLWithPath: output).pathExtension.lowercased()) else {
            throw BurnError.usage(
                "-o \(output): a part of a split render is written as .mp4 or .mov, which record its frame count "
                    + "when it is complete (the join writes any container)")
        }
        let plan = try PlanDocument.read(planPath)
        guard let render = plan.render, let segments = plan.segments, let identity = plan.plan else {
            throw BurnError.input("\(planPath): a plan without segments (make one with plan --segments N -o FILE)")
        }
        guard count == segments.count, (0..<count).contains(index) else {
            throw BurnError.usage(
                "--segment \(index)/\(count): the plan has \(segments.count) segments, 0/\(segments.count) to \(segments.count - 1)/\(segments.count)")
        }
        var request = BurnRequest(
            input: .file(input), captions: CaptionInput(file: render.captions, language: render.language), preset: render.preset,
            output: .file(output), encoder: encoder, fontsConf: render.fontsConf, timingFix: false, look: render.look)
        request.secondCaptions = render.secondCaptions
        request.secondLanguage = render.secondLanguage
        let segment = segments[index]
        let kept = try plan.keptRanges()
        // A cut part's first frame lies on the cut timeline: the join puts it there.
        let label = SegmentLabel(
            index: index, count: count, plan: identity, start: kept?.keptSeconds(before: segment.start) ?? segment.start,
            input: render.inputIdentity, kept: kept)
        let part = SplitPart(
            segment: SegmentRange(start: segment.start, end: segment.end, label: label), plan: plan, planPath: planPath,
            input: render.inputIdentity, kept: kept)
        request.output = .part(part, file: output)
        return try Burner.run(request, claim: claim, cancellation: cancellation, events: events)
    }

    /// `burn-captions join`: the `parts` of one split render, put in the order their labels
    /// give (not their names), their video one after the other and `input`'s audio copied once,
    /// into `output`. A missing, repeated, foreign, truncated or damaged part, and an `input`
    /// that is not the one the parts were rendered from, fail the join, all named together,
    /// before anything is written.
    public static func join(
        input: String, parts: [String], output: String, cancellation: Cancellation = Cancellation(),
        events: (BurnEvent) -> Void = { _ in }
    ) throws -> JoinResult {
        try join(input: input, parts: parts, output: output, claim: nil, cancellation: cancellation, events: events)
    }

    /// `join`, with the output already claimed (a batch's split job).
    static func join(
        input: String, parts: [String], output: String, claim: OutputLock?, cancellation: Cancellation,
        events: (BurnEvent) -> Void
    ) throws -> JoinResult {
        do {
            guard !parts.isEmpty else { throw BurnError.usage("join needs the parts to join") }
            let destination = try OutputFile(output: output, inputs: [input] + parts, claim: claim)
            // A part of a split cut render whose segment is all cut holds no frame: nothing of it is joined.
            let labels = try ordered(parts, input: input, cancellation: cancellation).filter { $0.frames > 0 }
            guard !labels.isEmpty else { throw BurnError.input("\(parts[0]): every part is empty: nothing to join") }
            let summary = try SegmentJoiner.join(
                parts: labels.map(\.path), labels: labels.map(\.label), input: input, path: destination.temporaryURL.path,
                finalPath: destination.finalURL.path, notice: { events(.notice("\(input): \($0.wording)")) },
                isCancelled: { cancellation.isCancelled })
            try destination.commit()
            return JoinResult(
                output: destination.finalURL.path, parts: parts.count, frames: summary.frames,
                copiedAudioStreams: summary.copiedAudioStreams)
        } catch MediaError.cancelled {
            throw BurnError.cancelled(signal: cancellation.signal)
        } catch {
            throw BurnError.wrap(error)
        }
    }

    /// The parts with their labels, in segment order, once every part has been read through;
    /// every problem (an unlabelled, unreadable, truncated or damaged part, one of another plan,
    /// a segment given twice or missing, an `input` the parts were not rendered from) reported
    /// together.
    private static func ordered(_ parts: [String], input: String, cancellation: Cancellation) throws
        -> [(path: String, label: SegmentLabel, frames: Int)]
    {
        var problems: [BurnError] = []
        var inputIdentity: InputIdentity?
        do {
            inputIdentity = try SegmentJoiner.identity(of: input)
        } catch {
            problems.append(BurnError.wrap(error))
        }
        var labelled: [(path: String, label: SegmentLabel, frames: Int)] = []
        for part in try SegmentJoiner.inspect(parts, isCancelled: { cancellation.isCancelled }) {
            guard let label = part.label else {
                problems += part.opened
                    ? [.input("\(part.path): not a part of a split render (no segment label in it)")]
                    : part.problems.map { .input("\(part.path): \($0)") }
                continue
            }
            problems += part.problems.map { .input("\(part.path): \($0)") }
            if let recorded = part.recordedFrames {
                if recorded != part.frames {
                    problems.append(
                        .input("\(part.path): holds \(part.frames) frames where it recorded \(recorded): cut short or damaged, render it again"))
                }
            } else {
                problems.append(.input("\(part.path): records no frame count (unfinished, or from an older burn-captions): render it again"))
            }
            if label.input == nil {
                problems.append(.input("\(part.path): records no input identity (from an older burn-captions): render it again"))
            }
            labelled.append((part.path, label, part.frames))
        }
        if let first = labelled.first {
            for other in labelled.dropFirst() where other.label.plan != first.label.plan || other.label.count != first.label.count {
                problems.append(.input("\(other.path): a part of another plan than \(first.path)"))
            }
            for other in labelled.dropFirst() where other.label.plan == first.label.plan && other.label.kept != first.label.kept {
                problems.append(.input("\(other.path): its kept ranges differ from \(first.path)'s, of the same plan: render it again"))
            }
            if let planned = first.label.input, let inputIdentity {
                let differences = inputIdentity.differences(from: planned)
                if !differences.isEmpty {
                    problems.append(
                        .input("\(input): not the input the parts were rendered from (\(differences.joined(separator: "; ")))"))
                }
            }
            let byIndex = Dictionary(grouping: labelled.filter { $0.label.plan == first.label.plan }, by: \.label.index)
            for (index, given) in byIndex.sorted(by: { $0.key < $1.key }) where given.count > 1 {
                problems.append(
                    .input("segment \(index) of \(first.label.count) given twice: \(given.map(\.path).joined(separator: " and "))"))
            }
            let missing = (0..<first.label.count).filter { byIndex[$0] == nil }
            if !missing.isEmpty {
                problems.append(
                    .input(
                        "segment\(missing.count == 1 ? "" : "s") \(missing.map(String.init).joined(separator: ", ")) of "
                            + "\(first.label.count) missing"))
            }
        }
        if problems.count == 1 { throw problems[0] }
        if !problems.isEmpty { throw BurnError.several(problems) }
        return labelled.sorted { $0.label.index < $1.label.index }
    }
}
