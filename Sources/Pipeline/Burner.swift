import Captions
import CProcess
import Files
import Foundation
import Layout
import Media

/// Burns captions into a video in three phases: probe the input (`MediaInput`), plan the
/// captions and their layout (`BurnPlanner`, into `PreparedBurn`s), render the frames into the
/// destination. Its public calls map every error once, into a `BurnError`.
public enum Burner {
    /// Plans, renders (decode, composite the captions, encode) and moves the finished file
    /// into place, or drops the frames (`RenderDestination.discard`).
    public static func run(
        _ request: BurnRequest, cancellation: Cancellation = Cancellation(),
        events: (BurnEvent) -> Void = { _ in }
    ) throws -> BurnResult {
        try run(request, claim: nil, cancellation: cancellation, events: events)
    }

    /// `run`, with the output already claimed (a batch job holds its lock from before it
    /// looks at the stamp until after it writes it).
    public static func run(
        _ request: BurnRequest, claim: OutputLock?, cancellation: Cancellation, events: (BurnEvent) -> Void
    ) throws -> BurnResult {
        let outcomes = try run([request], claims: [claim], cancellation: cancellation, events: events)
        return try outcomes[0].result.get()
    }

    /// Renders every request, all of one input, from one decode per pass of at most
    /// `outputsPerPass` outputs. Every request is planned (captions read, checked and laid
    /// out) before the first frame is decoded: a problem with any of them fails the run, each
    /// named, and writes nothing. An output that fails while rendering (a full disk) leaves no
    /// file, and the others still complete: the outcomes say which.
    public static func run(
        _ requests: [BurnRequest], outputsPerPass: Int = defaultOutputsPerPass, cancellation: Cancellation = Cancellation(),
        events: (BurnEvent) -> Void = { _ in }
    ) throws -> [BurnOutcome] {
        try run(
            requests, claims: requests.map { _ in nil }, outputsPerPass: outputsPerPass, cancellation: cancellation,
            events: events)
    }

    /// Encoders a pass runs at once by default: each holds its own lookahead and reference
    /// pictures (docs/PERFORMANCE.md gives the memory per output).
    public static let defaultOutputsPerPass = 8

    /// `run` of several requests, with their outputs already claimed where `claims` says.
    public static func run(
        _ requests: [BurnRequest], claims: [OutputLock?], outputsPerPass: Int = defaultOutputsPerPass,
        cancellation: Cancellation, events: (BurnEvent) -> Void
    ) throws -> [BurnOutcome] {
        do {
            return try burn(
                requests, claims: claims, outputsPerPass: outputsPerPass, cancellation: cancellation, events: events)
        } catch MediaError.cancelled {
            throw BurnError.cancelled(signal: cancellation.signal)
        } catch {
            throw BurnError.wrap(error)
        }
    }

    private static func burn(
        _ requests: [BurnRequest], claims: [OutputLock?], outputsPerPass: Int, cancellation: Cancellation,
        events: (BurnEvent) -> Void
    ) throws -> [BurnOutcome] {
        precondition(!requests.isEmpty && claims.count == requests.count, "one claim (or nil) per request")
        try checkOutputs(requests)
        let destinations = try zip(requests, claims).map { try videoDestination($0, claim: $1) }
        let exports = try requests.map { request in
            try request.exportCaptions.map { path in
                try CaptionPlanner.exportOutput(path, inputs: request.inputFiles + [request.output.path].compactMap { $0 })
            }
        }
        let editLists = try requests.map { request in
            try request.editList.map { try OutputFile(output: $0, inputs: request.inputFiles + [request.output.path].compactMap { $0 }) }
        }
        let timer = StageTimer()
        let prepared = try BurnPlanner.prepare(requests, timer: timer, cancellation: cancellation, events: events)
        // What planning freed goes back to the system before the decoder and encoder take theirs.
        _ = burn_release_free_memory()
        var outcomes: [BurnOutcome] = []
        let passes = stride(from: 0, to: requests.count, by: max(1, outputsPerPass)).map {
            $0..<min(requests.count, $0 + max(1, outputsPerPass))
        }
        for (number, pass) in passes.enumerated() {
            // Progress runs over every pass: pass k of n covers its share of the whole.
            let progress = { (event: BurnEvent) in
                guard case .progress(var step) = event, passes.count > 1 else { return events(event) }
                let duration = step.duration ?? prepared[0].info.duration ?? 0
                step.time += Double(number) * duration
                step.duration = duration * Double(passes.count)
                step.frames += number * max(0, Int(duration / prepared[0].info.frameDuration))
                events(.progress(step))
            }
            let rendered = try render(
                Array(prepared[pass]), into: Array(destinations[pass]), timer: timer, cancellation: cancellation,
                events: progress)
            for (index, (result, rasterized)) in zip(pass, rendered) {
                outcomes.append(
                    BurnOutcome(
                        request: requests[index],
                        result: Result {
                            let summary = try result.get()
                            try destinations[index]?.commit()
                            // Only a finished render's captions are written.
                            if let export = exports[index] {
                                try CaptionPlanner.export(prepared[index].captions, to: export, style: prepared[index].assStyle)
                            }
                            if let list = editLists[index], let cuts = prepared[index].cuts {
                                try writeEditList(cuts, info: prepared[index].info, to: list)
                            }
                            return BurnResult(
                                output: destinations[index]?.finalURL.path, width: summary.width, height: summary.height,
                                frames: summary.frames, captionedFrames: summary.captionedFrames,
                                captions: prepared[index].planned.count, rasterized: rasterized,
                                copiedAudioStreams: summary.copiedStreams, copiedFrames: summary.copiedFrames,
                                stages: summary.stages)
                        }.mapError { error in
                            // A failed output's temporary file goes now, not when the run ends.
                            destinations[index]?.removeTemporary()
                            return BurnError.wrap(error)
                        }))
            }
        }
        return outcomes
    }

    /// All requests of one run read one input, and no two write one file.
    private static func checkOutputs(_ requests: [BurnRequest]) throws {
        if let other = requests.first(where: { $0.input != requests[0].input }) {
            throw BurnError.usage("one run reads one input: \(requests[0].input.name) and \(other.input.name)")
        }
        try checkDistinct(requests)
    }

    /// Two requests that write one file (by real path, through any symbolic link) are a
    /// usage error naming both combinations, and the options that name the file when they differ.
    public static func checkDistinct(_ requests: [BurnRequest]) throws {
        var writers: [String: (request: BurnRequest, option: String)] = [:]
        for request in requests {
            let written = [("-o", request.output.path), ("--export-captions", request.exportCaptions), ("--edit-list", request.editList)]
            for case let (option, path?) in written {
                let key = RealPath.resolve(path)
                if let first = writers[key] {
                    // The options are named when they differ (a video and an export).
                    let differ = first.option != option
                    let what = { (request: BurnRequest, option: String) in request.outputDescription + (differ ? " (\(option))" : "") }
                    let options = Set([first.option, option]).sorted().joined(separator: " and ")
                    throw BurnError.usage(
                        "\(path): two outputs would write it: \(what(first.request, first.option)) and \(what(request, option)) "
                            + "(name them apart with {lang}, {name}, {preset} or {look} in \(options))")
                }
                writers[key] = (request, option)
            }
        }
    }

    /// The final captions of `request` with their layout, without rendering: what
    /// `burn-captions plan` prints. No video is decoded.
    public static func plan(_ request: BurnRequest, events: (BurnEvent) -> Void = { _ in }) throws -> PlanDocument {
        do {
            return try BurnPlanner.prepare(request, events: events).document
        } catch {
            throw BurnError.wrap(error)
        }
    }

    /// Decodes the video of `prepared` (one input) once, composites each one's captions and
    /// encodes into its destination (nil: the frames are dropped). Returns, for each, what the
    /// render did or why it failed, and how many caption bitmaps it rasterized.
    private static func render(
        _ prepared: [PreparedBurn], into destinations: [OutputFile?], timer: StageTimer, cancellation: Cancellation,
        events: (BurnEvent) -> Void
    ) throws -> [(Result<TranscodeSummary, Error>, rasterized: Int)] {
        let first = prepared[0].request
        var kept = try keptRanges(prepared)
        let segment: SegmentRange?
        switch first.output {
        case .overlay: return try renderOverlays(prepared, into: destinations, cancellation: cancellation, events: events)
        case .part(let part, _): (segment, kept) = (part.segment, part.kept)
        case .file, .discard, .none: segment = nil
        }
        let toSDR = dynamicRangeChoice(first, info: prepared[0].info, events: events)
        if let encoder = first.encoder.encoder, !EncoderSettings.mapsQuality(of: encoder) {
            events(.notice("\(encoder): --crf and --encoder-preset are not mapped to this encoder; it runs with its own defaults"))
        }
        let transcoder = try Transcoder(
            input: prepared[0].input, encoding: destinations.contains { $0 != nil }, toSDR: toSDR, segment: segment, kept: kept)
        let overlays = prepared.map { CaptionOverlays($0.planned, painting: $0.painting) }
        let closedCaptions = try prepared.map(closedCaptionTrack)
        let outputs = zip(zip(prepared, destinations), zip(overlays, closedCaptions)).map { item, drawn in
            let (prepared, destination) = item
            return RenderOutput(
                target: destination.map {
                    RenderTarget.file(path: $0.temporaryURL.path, finalPath: $0.finalURL.path, settings: prepared.request.encoder)
                } ?? .discard,
                overlay: drawn.0.overlay(at:), closedCaptions: drawn.1.map { track in { track.data(at: $0) } })
        }
        let results = try transcoder.run(
            outputs: outputs, timer: timer, progress: { events(.progress($0)) },
            notice: { events(.notice("\(first.input.name): \($0.wording)")) },
            isCancelled: { cancellation.isCancelled })
        return zip(results, overlays).map { ($0, $1.rasterized) }
    }

    /// The CEA-608 closed captions of `prepared` (`--cea608`), nil when not asked for. Only
    /// H.264 encoders write them (libx264 and NVENC, from the frames' A/53 data).
    private static func closedCaptionTrack(_ prepared: PreparedBurn) throws -> ClosedCaptionTrack? {
        let request = prepared.request
        guard request.closedCaptions else { return nil }
        let encoder = request.encoder.encoderName
        guard request.encoder.codec == .h264, encoder == "libx264" || encoder.hasSuffix("_nvenc") else {
            throw BurnError.usage("--cea608: 608 captions are carried in H.264 by libx264 or NVENC, not by \(encoder)")
        }
        return try ClosedCaptionTrack(prepared.planned, framesPerSecond: prepared.info.frameRate, file: request.captions.file)
    }

    /// What a cut render of `prepared` keeps (nil: the input is not cut): one decode serves
    /// every output, so every output of a run cuts alike.
    private static func keptRanges(_ prepared: [PreparedBurn]) throws -> KeptRanges? {
        let plans = prepared.map { $0.cuts.flatMap { $0.taken.isEmpty ? nil : $0.kept } }
        guard let kept = plans[0] else {
            if plans.contains(where: { $0 != nil }) { throw differentCuts(prepared) }
            return nil
        }
        if plans.contains(where: { $0 != kept }) { throw differentCuts(prepared) }
        if case .overlay = prepared[0].request.output {
            throw BurnError.usage("\(prepared[0].request.input.name): --overlay-only does not cut; render the cut, or write it as an edit list")
        }
        return try KeptRanges(kept)
    }

    private static func differentCuts(_ prepared: [PreparedBurn]) -> BurnError {
        .usage(
            "\(prepared[0].request.input.name): the outputs of one run are cut alike (one decode), but these cut differently: "
                + "give each its own run, or one --cuts-file")
    }

    /// `render` for overlay-only outputs: the captions alone, transparent elsewhere, at the
    /// input's frame times (`OverlayRenderer`).
    private static func renderOverlays(
        _ prepared: [PreparedBurn], into destinations: [OutputFile?], cancellation: Cancellation, events: (BurnEvent) -> Void
    ) throws -> [(Result<TranscodeSummary, Error>, rasterized: Int)] {
        let renderer = try OverlayRenderer(input: prepared[0].input)
        let overlays = prepared.map { CaptionOverlays($0.planned, painting: $0.painting) }
        let outputs = try zip(zip(prepared, destinations), overlays).map { item, overlays -> RenderOutput<OverlayTarget> in
            let (prepared, optional) = item
            let destination = optional!  // an overlay render always writes a file
            let target: OverlayTarget
            if destination.sequence {
                // The pattern was checked when the output was claimed (`videoDestination`).
                let names = try SheetPageNames(destination.finalURL.path)
                target = .pictures(
                    folder: destination.temporaryURL.path,
                    names: { URL(fileURLWithPath: names.name(page: $0, of: Int.max)).lastPathComponent })
            } else {
                target = .video(
                    path: destination.temporaryURL.path, finalPath: destination.finalURL.path,
                    format: OverlayFormat(path: destination.finalURL.path)!, settings: prepared.request.encoder)
            }
            return RenderOutput(target: target, overlay: overlays.overlay(at:))
        }
        let results = try renderer.run(
            outputs: outputs, progress: { events(.progress($0)) }, isCancelled: { cancellation.isCancelled })
        return zip(results, overlays).map { ($0, $1.rasterized) }
    }

    /// Whether an HDR input is tone-mapped to SDR for `request`'s encoder (by default, when
    /// it writes 8-bit H.264), with a notice either way; false for SDR input.
    private static func dynamicRangeChoice(_ request: BurnRequest, info: InputInfo, events: (BurnEvent) -> Void) -> Bool {
        let range = info.dynamicRange
        guard range.isHDR else { return false }
        let name = range.rawValue.uppercased()
        let settings = request.encoder
        if !settings.keepsHDR {
            // The hint names what this user can change: --hdr keep where the codec keeps 10 bits.
            let hint = settings.codec.keepsTenBits ? "--hdr keep keeps HDR in 10 bits" : "--codec hevc, av1 or vp9 keeps HDR in 10 bits"
            events(.notice(
                "\(request.input.name): \(name) HDR input tone-mapped to SDR BT.709 for \(settings.encoderName) (\(hint))"))
            return true
        }
        if info.bitDepth > 8 && !settings.codec.keepsTenBits && settings.encoder == nil {
            events(.notice(
                "\(request.input.name): \(name) HDR kept in 8-bit \(settings.encoderName): gradients may band "
                    + "(--codec hevc, av1 or vp9 keeps 10 bits)"))
        } else {
            events(.notice("\(request.input.name): \(name) HDR kept; captions placed at graphics white (203 cd/m², BT.2408)"))
        }
        return false
    }

    /// The video file `request` writes, checked and claimed: a container that holds H.264,
    /// none of the files the job reads; nil when the frames are dropped.
    private static func videoDestination(_ request: BurnRequest, claim: OutputLock?) throws -> OutputFile? {
        switch request.output {
        case .discard:
            return nil
        case .none:
            throw BurnError.usage("a render needs an output file (-o FILE) or --null")
        case .overlay(let path):
            guard let format = OverlayFormat(path: path) else { throw BurnError.usage("\(path): \(OverlayFormat.advice)") }
            guard format == .pngSequence else { return try OutputFile(output: path, inputs: request.inputFiles, claim: claim) }
            let names = try SheetPageNames(path)
            guard names.isPattern else {
                throw BurnError.usage("\(path): a PNG sequence needs a frame number pattern in its name (caps_%05d.png)")
            }
            return try OutputFile(output: path, inputs: request.inputFiles, claim: claim, sequence: true)
        case .file(let path), .part(_, let path):
            if let problem = VideoContainer.problem(path, settings: request.encoder) { throw BurnError.usage("\(path): \(problem)") }
            return try OutputFile(output: path, inputs: request.inputFiles, claim: claim)
        }
    }

    /// A missing or unreadable input is named before anything else is opened.
    public static func checkInput(_ path: String) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw BurnError.input("\(path): no such file")
        }
        if isDirectory.boolValue { throw BurnError.input("\(path): is a folder, not a video") }
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw BurnError.input("\(path): cannot read file (permission denied)")
        }
    }
}
