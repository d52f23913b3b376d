import CProcess
import Captions
import Foundation
import Layout
import Media

/// Burns captions into a video in three phases: probe the input (`MediaInput`), plan the
/// captions and their layout (`PreparedBurn`), render the frames into the destination.
public enum Burner {
    /// Plans, renders (decode, composite the captions, encode) and moves the finished file
    /// into place, or drops the frames (`BurnOutput.discard`).
    public static func run(
        _ request: BurnRequest, cancellation: Cancellation = Cancellation(),
        events: (BurnEvent) -> Void = { _ in }
    ) throws -> BurnResult {
        try run(request, claim: nil, cancellation: cancellation, events: events)
    }

    /// `run`, with the output already claimed (a batch job holds its lock from before it
    /// looks at the stamp until after it writes it).
    static func run(
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
    static func run(
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
        let timer = StageTimer()
        let prepared = try prepare(requests, timer: timer, cancellation: cancellation, events: events)
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
            throw BurnError.usage("one run reads one input: \(requests[0].input) and \(other.input)")
        }
        try BurnCombinations.checkDistinct(requests)
    }

    /// The final captions of `request` with their layout, without rendering: what
    /// `burn-captions plan` prints. No video is decoded.
    public static func plan(_ request: BurnRequest, events: (BurnEvent) -> Void = { _ in }) throws -> PlanDocument {
        do {
            return try prepare(request, events: events).document
        } catch {
            throw BurnError.wrap(error)
        }
    }

    /// Everything before the frames: the preset, the probed input, the final captions and
    /// their layout, with a warning for each problem found on the way.
    static func prepare(_ request: BurnRequest, timer: StageTimer = StageTimer(), events: (BurnEvent) -> Void) throws
        -> PreparedBurn
    {
        try prepare([request], timer: timer, events: events)[0]
    }

    /// `prepare` of requests that read one input: it is probed once, its audio measured once
    /// for the timing fix, and one layout engine per fonts file serves them all (`PlanSources`).
    /// Every request is planned; the problems of all are thrown together. Scene detection (the
    /// one long step before the render) stops when `cancellation` is raised. `frame` stands for
    /// the input when there is no video (`lint` without one).
    static func prepare(
        _ requests: [BurnRequest], frame: MediaInput? = nil, timer: StageTimer = StageTimer(),
        cancellation: Cancellation = Cancellation(), events: (BurnEvent) -> Void
    ) throws -> [PreparedBurn] {
        let input: MediaInput
        if let frame {
            input = frame
        } else {
            try checkInput(requests[0].input)
            input = try MediaInput(path: requests[0].input)
        }
        let sources = try PlanSources(input: input)
        var warned: Set<String> = []
        let events = { (event: BurnEvent) in
            if case .warning(let text) = event, !warned.insert(text).inserted { return }
            events(event)
        }
        var prepared: [PreparedBurn] = []
        var problems: [BurnError] = []
        for request in requests {
            do {
                prepared.append(try prepare(request, sources: sources, timer: timer, cancellation: cancellation, events: events))
            } catch {
                let problem = BurnError.wrap(error)
                if !problems.contains(where: { $0.description == problem.description }) { problems.append(problem) }
            }
        }
        if problems.count == 1 { throw problems[0] }
        if !problems.isEmpty { throw BurnError.several(problems) }
        return prepared
    }

    /// One request planned on `sources` (the probed input, its speech envelope, the cuts, the
    /// rules, the layout engines), its first track's captions from `transcript` when given,
    /// else read from its file.
    static func prepare(
        _ request: BurnRequest, sources: PlanSources, transcript: Transcript? = nil, timer: StageTimer = StageTimer(),
        cancellation: Cancellation = Cancellation(), events: (BurnEvent) -> Void
    ) throws -> PreparedBurn {
        let (input, rules) = (sources.input, sources.rules)
        let engine = try sources.engine(fontsConf: request.fontsConf)
        let preset = try Preset.load(try Resources.preset(request.preset))
        let look = try Look.load(try Resources.look(request.look ?? preset.look ?? Look.classic))
        if let mismatch = orientationMismatch(preset, width: input.info.width, height: input.info.height) {
            events(.warning("\(request.input): \(mismatch)"))
        }
        let shotChanges = try CaptionPlanner.shotChanges(
            request.shotChanges, frameDuration: input.info.frameDuration,
            cuts: { try sources.cuts(cancellation: cancellation, events: events) })
        let tracks = [request] + (request.secondTrack.map { [$0] } ?? [])
        // A split render's part draws its plan's captions: their own steps are done.
        let captions = try request.part?.tracks(checking: input.info) ?? tracks.enumerated().map { number, track in
            let captions = look.transformed(
                try onScreenCaptions(
                    track, transcript: number == 0 ? transcript : nil, input: input, speech: sources.speech,
                    shotChanges: shotChanges, rules: rules, preset: preset, events: events),
                language: track.language)
            noteEstimatedWords(captions, look: look, request: track, events: events)
            return captions
        }
        let style = preset.textStyle(width: input.info.width, height: input.info.height, look: look)
        let minGap = 2 * input.info.frameDuration
        let minDuration = preset.chunkingLimits(frameDuration: input.info.frameDuration).minDuration
        let languages = zip(captions, tracks).flatMap { captions, track in captions.map { $0.language ?? track.language } }
        let charactersPerLine = rules.charactersPerLine(for: Set(languages))
        var planned = try timer.measure(.captions) {
            if captions.count == 2 {
                return try TwoTrackLayout.plan(
                    first: captions[0], second: captions[1], engine: engine, style: style,
                    track: preset.secondTrack ?? .standard, languages: (request.language, request.secondLanguage),
                    minGap: minGap, minDuration: minDuration, charactersPerLine: charactersPerLine, splitting: request.part == nil)
            }
            let planned = try LayoutPlanner.plan(
                captions[0], engine: engine, style: style, language: request.language, minGap: minGap,
                minDuration: minDuration, charactersPerLine: charactersPerLine, splitting: request.part == nil)
            return CaptionStacking.stack(planned, style: style)
        }
        colorSpeakers(&planned, palette: look.speakers ?? preset.speakers)
        try request.part?.check(planned, width: input.info.width, height: input.info.height, safeArea: style.safeArea)
        for (number, track) in tracks.enumerated() {
            try warnAboutLayout(
                planned.filter { $0.track == number + 1 }, request: track, style: style, engine: engine, events: events)
        }
        return PreparedBurn(
            request: request, preset: preset, look: look, input: input, style: style, planned: planned, engine: engine,
            shotChanges: shotChanges, rules: rules)
    }

    /// Decodes the video of `prepared` (one input) once, composites each one's captions and
    /// encodes into its destination (nil: the frames are dropped). Returns, for each, what the
    /// render did or why it failed, and how many caption bitmaps it rasterized.
    private static func render(
        _ prepared: [PreparedBurn], into destinations: [OutputFile?], timer: StageTimer, cancellation: Cancellation,
        events: (BurnEvent) -> Void
    ) throws -> [(Result<TranscodeSummary, Error>, rasterized: Int)] {
        let first = prepared[0].request
        if first.overlayOnly { return try renderOverlays(prepared, into: destinations, cancellation: cancellation, events: events) }
        let toSDR = dynamicRangeChoice(first, info: prepared[0].info, events: events)
        if let encoder = first.encoder.encoder, !EncoderSettings.mapsQuality(of: encoder) {
            events(.notice("\(encoder): --crf and --encoder-preset are not mapped to this encoder; it runs with its own defaults"))
        }
        let transcoder = try Transcoder(
            input: prepared[0].input, encoding: destinations.contains { $0 != nil }, toSDR: toSDR, segment: first.part?.segment)
        let overlays = prepared.map { CaptionOverlays($0.planned, painting: $0.painting) }
        let outputs = zip(zip(prepared, destinations), overlays).map { item, overlays in
            let (prepared, destination) = item
            return TranscodeOutput(
                target: destination.map {
                    RenderTarget.file(path: $0.temporaryURL.path, finalPath: $0.finalURL.path, settings: prepared.request.encoder)
                } ?? .discard,
                overlay: overlays.overlay(at:))
        }
        let results = try transcoder.run(
            outputs: outputs, timer: timer, progress: { events(.progress($0)) },
            notice: { events(.notice("\(first.input): \($0)")) },
            isCancelled: { cancellation.isCancelled })
        return zip(results, overlays).map { ($0, $1.rasterized) }
    }

    /// `render` for overlay-only outputs: the captions alone, transparent elsewhere, at the
    /// input's frame times (`OverlayRenderer`).
    private static func renderOverlays(
        _ prepared: [PreparedBurn], into destinations: [OutputFile?], cancellation: Cancellation, events: (BurnEvent) -> Void
    ) throws -> [(Result<TranscodeSummary, Error>, rasterized: Int)] {
        let renderer = try OverlayRenderer(input: prepared[0].input)
        let overlays = prepared.map { CaptionOverlays($0.planned, painting: $0.painting) }
        let outputs = zip(zip(prepared, destinations), overlays).map { item, overlays -> OverlayOutput in
            let (prepared, optional) = item
            let destination = optional!  // an overlay render always writes a file
            let target: OverlayTarget
            if let names = destination.sequence {
                target = .pictures(
                    folder: destination.temporaryURL.path,
                    names: { URL(fileURLWithPath: names.name(page: $0, of: Int.max)).lastPathComponent })
            } else {
                target = .video(
                    path: destination.temporaryURL.path, finalPath: destination.finalURL.path,
                    format: OverlayFormat(path: destination.finalURL.path)!, settings: prepared.request.encoder)
            }
            return OverlayOutput(target: target, overlay: overlays.overlay(at:))
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
                "\(request.input): \(name) HDR input tone-mapped to SDR BT.709 for \(settings.encoderName) (\(hint))"))
            return true
        }
        if info.bitDepth > 8 && !settings.codec.keepsTenBits && settings.encoder == nil {
            events(.notice(
                "\(request.input): \(name) HDR kept in 8-bit \(settings.encoderName): gradients may band "
                    + "(--codec hevc, av1 or vp9 keeps 10 bits)"))
        } else {
            events(.notice("\(request.input): \(name) HDR kept; captions placed at graphics white (203 cd/m², BT.2408)"))
        }
        return false
    }

    /// Each caption with a speaker takes that speaker's colour from `palette` (the look's,
    /// else the preset's), by first appearance.
    private static func colorSpeakers(_ planned: inout [PlannedCaption], palette: SpeakerPalette?) {
        guard let palette else { return }
        // The second track keeps its own colour: it tells the tracks apart.
        let colors = palette.assign(planned.filter { $0.track == 1 }.map(\.caption))
        for index in planned.indices where planned[index].track == 1 {
            planned[index].fill = planned[index].caption.speaker.flatMap { colors[$0] }
        }
    }

    /// The final captions (of `transcript`, else of the request's file read now), without
    /// those the video never reaches (they are not laid out: a file may hold thousands), with
    /// a warning for captions shorter than a frame.
    private static func onScreenCaptions(
        _ request: BurnRequest, transcript: Transcript?, input: MediaInput, speech: () throws -> EnergyEnvelope?,
        shotChanges: ShotChanges?, rules: ReadingRules, preset: Preset, events: (BurnEvent) -> Void
    ) throws -> [Caption] {
        let frameDuration = input.info.frameDuration
        var captions = try CaptionPlanner.captions(
            for: request, transcript: transcript, input: input, speech: speech, shotChanges: shotChanges, rules: rules,
            preset: preset, events: events)
        if let duration = input.info.duration, let late = captions.firstIndex(where: { $0.start >= duration }) {
            let count = captions.count - late
            events(.warning(
                "\(request.captions): \(count == 1 ? "a caption starts" : "\(count) captions start") at "
                    + "\(String(format: "%.2f", captions[late].start)) s or later, after the video ends at \(String(format: "%.3f", duration)) s; "
                    + "left out"))
            captions.removeSubrange(late...)
        }
        let fleeting = captions.filter { $0.end - $0.start < frameDuration }.count
        if fleeting > 0 {
            events(.warning(
                "\(request.captions): \(fleeting) caption(s) last less than a frame and may never be seen "
                    + "(more text than its time allows)"))
        }
        return captions
    }

    /// One notice when a look shows words one by one but the captions carry no word timings
    /// (SubRip, plain WebVTT): their times are spread over each caption by length.
    private static func noteEstimatedWords(
        _ captions: [Caption], look: Look, request: BurnRequest, events: (BurnEvent) -> Void
    ) {
        guard !look.isStatic, captions.contains(where: { $0.words.allSatisfy(\.estimated) }) else { return }
        let count = captions.filter { $0.words.allSatisfy(\.estimated) }.count
        events(.notice(
            "\(request.captions): \(count == captions.count ? "no caption has" : "\(count) of \(captions.count) captions have no") "
                + "word timings; the look \(look.name) times their words by length"))
    }

    /// Warnings about the layout: a font family that is not installed, characters no font
    /// has, captions that had to be set below the minimum size.
    private static func warnAboutLayout(
        _ planned: [PlannedCaption], request: BurnRequest, style: TextStyle, engine: LayoutEngine,
        events: (BurnEvent) -> Void
    ) throws {
        if let used = try engine.substitute(for: style.family, weight: style.weight) {
            events(.warning(
                "\(request.preset): font.family \"\(style.family)\" is not installed where the fonts file looks; "
                    + "using \"\(used)\""))
        }
        for item in planned where !item.layout.missingCharacters.isEmpty {
            let place = item.caption.source?.describe(file: request.captions) ?? request.captions
            events(.warning(
                "\(place): no installed font has \"\(item.layout.missingCharacters)\"; drawn as boxes"))
        }
        let shrunk = planned.filter { $0.layout.fit != .fits }.count
        if shrunk > 0 {
            events(.warning(
                "\(request.captions): \(shrunk) caption(s) did not fit two lines at the preset's minimum size "
                    + "and could not be split further (set smaller, or a word broken)"))
        }
    }

    /// The video file `request` writes, checked and claimed: a container that holds H.264,
    /// none of the files the job reads; nil when the frames are dropped.
    private static func videoDestination(_ request: BurnRequest, claim: OutputLock?) throws -> OutputFile? {
        switch request.output {
        case .discard:
            return nil
        case .none:
            throw BurnError.usage("a render needs an output file (-o FILE) or --null")
        case .file(let path):
            if request.overlayOnly {
                guard let format = OverlayFormat(path: path) else { throw BurnError.usage("\(path): \(OverlayFormat.advice)") }
                guard format == .pngSequence else { return try OutputFile(output: path, inputs: request.inputFiles, claim: claim) }
                let names = try SheetPageNames(path)
                guard names.isPattern else {
                    throw BurnError.usage("\(path): a PNG sequence needs a frame number pattern in its name (caps_%05d.png)")
                }
                return try OutputFile(output: path, inputs: request.inputFiles, claim: claim, sequence: names)
            }
            if let problem = VideoContainer.problem(path, settings: request.encoder) { throw BurnError.usage("\(path): \(problem)") }
            return try OutputFile(output: path, inputs: request.inputFiles, claim: claim)
        }
    }

    /// A landscape video with a portrait preset, or the other way round: the preset's geometry
    /// would be stretched onto a picture it was not measured for. Square frames match both.
    static func orientationMismatch(_ preset: Preset, width: Int, height: Int) -> String? {
        let video = width > height ? "landscape" : width < height ? "portrait" : nil
        let reference =
            preset.frame.width > preset.frame.height ? "landscape" : preset.frame.width < preset.frame.height ? "portrait" : nil
        guard let video, let reference, video != reference else { return nil }
        return "\(video) video with the \(reference) preset \(preset.name); captions may sit off the picture's safe area"
    }

    /// A missing or unreadable input is named before anything else is opened.
    static func checkInput(_ path: String) throws {
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
