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
        do {
            return try burn(request, claim: claim, cancellation: cancellation, events: events)
        } catch MediaError.cancelled {
            throw BurnError.cancelled(signal: cancellation.signal)
        } catch {
            throw BurnError.wrap(error)
        }
    }

    private static func burn(
        _ request: BurnRequest, claim: OutputLock?, cancellation: Cancellation, events: (BurnEvent) -> Void
    ) throws -> BurnResult {
        let destination = try videoDestination(request, claim: claim)
        let export = try request.exportCaptions.map { path in
            try CaptionPlanner.exportOutput(path, inputs: request.inputFiles + [request.output.path].compactMap { $0 })
        }
        let timer = StageTimer()
        let prepared = try prepare(request, timer: timer, events: events)
        // What planning freed goes back to the system before the decoder and encoder take theirs.
        _ = burn_release_free_memory()
        // On any failure the temporary file goes with `destination`.
        let (summary, rasterized) = try render(
            prepared, into: destination, timer: timer, cancellation: cancellation, events: events)
        try destination?.commit()
        // Only a finished render's captions are written.
        if let export { try CaptionPlanner.export(prepared.captions, to: export, style: prepared.assStyle) }
        return BurnResult(
            output: destination?.finalURL.path, width: summary.width, height: summary.height, frames: summary.frames,
            captionedFrames: summary.captionedFrames, captions: prepared.planned.count, rasterized: rasterized,
            copiedAudioStreams: summary.copiedStreams, copiedFrames: summary.copiedFrames, stages: summary.stages)
    }

    /// The final captions of `request` with their layout, without rendering: what
    /// `burn-captions plan` prints. No video is decoded.
    public static func plan(_ request: BurnRequest, events: (BurnEvent) -> Void = { _ in }) throws -> PlanDocument {
        do {
            let prepared = try prepare(request, events: events)
            return PlanDocument(
                prepared.planned, width: prepared.info.width, height: prepared.info.height,
                safeArea: prepared.style.safeArea)
        } catch {
            throw BurnError.wrap(error)
        }
    }

    /// Everything before the frames: the preset, the probed input, the final captions and
    /// their layout, with a warning for each problem found on the way.
    static func prepare(_ request: BurnRequest, timer: StageTimer = StageTimer(), events: (BurnEvent) -> Void) throws
        -> PreparedBurn
    {
        let preset = try Preset.load(try Resources.preset(request.preset))
        let look = try Look.load(try Resources.look(request.look ?? preset.look ?? Look.classic))
        let input = try probe(request, preset: preset, events: events)
        let captions = look.transformed(
            try onScreenCaptions(request, input: input, preset: preset, events: events), language: request.language)
        noteEstimatedWords(captions, look: look, request: request, events: events)
        let style = preset.textStyle(width: input.info.width, height: input.info.height, look: look)
        let (engine, planned) = try timer.measure(.captions) {
            let engine = try LayoutEngine(fontsConf: try Resources.fontsConf(override: request.fontsConf))
            let planned = try LayoutPlanner.plan(
                captions, engine: engine, style: style, language: request.language,
                minGap: 2 * input.info.frameDuration)
            return (engine, CaptionStacking.stack(planned, style: style))
        }
        try warnAboutLayout(planned, request: request, style: style, engine: engine, events: events)
        return PreparedBurn(
            request: request, preset: preset, look: look, input: input, style: style, planned: planned, engine: engine)
    }

    /// Decodes `prepared`'s video, composites its captions and encodes into `destination`
    /// (nil: the frames are dropped). Returns what the render did and how many caption
    /// bitmaps it rasterized.
    private static func render(
        _ prepared: PreparedBurn, into destination: OutputFile?, timer: StageTimer, cancellation: Cancellation,
        events: (BurnEvent) -> Void
    ) throws -> (TranscodeSummary, rasterized: Int) {
        let request = prepared.request
        let transcoder = try Transcoder(input: prepared.input, encoding: destination != nil)
        let overlays = CaptionOverlays(prepared.planned, painting: prepared.painting)
        let target =
            destination.map {
                RenderTarget.file(path: $0.temporaryURL.path, finalPath: $0.finalURL.path, settings: request.encoder)
            } ?? .discard
        let summary = try transcoder.run(
            target: target, overlay: overlays.overlay(at:), timer: timer, progress: { events(.progress($0)) },
            notice: { events(.notice("\(request.input): \($0)")) },
            isCancelled: { cancellation.isCancelled })
        return (summary, overlays.rasterized)
    }

    /// The input, checked and probed once, with a warning when its orientation differs from
    /// the preset's.
    private static func probe(_ request: BurnRequest, preset: Preset, events: (BurnEvent) -> Void) throws -> MediaInput {
        try checkInput(request.input)
        let input = try MediaInput(path: request.input)
        if let mismatch = orientationMismatch(preset, width: input.info.width, height: input.info.height) {
            events(.warning("\(request.input): \(mismatch)"))
        }
        return input
    }

    /// The final captions, without those the video never reaches (they are not laid out: a
    /// file may hold thousands), with a warning for captions shorter than a frame.
    private static func onScreenCaptions(
        _ request: BurnRequest, input: MediaInput, preset: Preset, events: (BurnEvent) -> Void
    ) throws -> [Caption] {
        let frameDuration = input.info.frameDuration
        var captions = try CaptionPlanner.captions(for: request, input: input, preset: preset, events: events)
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
            if let problem = VideoContainer.problem(path) { throw BurnError.usage("\(path): \(problem)") }
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
    private static func checkInput(_ path: String) throws {
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
