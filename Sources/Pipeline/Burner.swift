import CProcess
import Captions
import Foundation
import Layout
import Media

/// Burns captions into a video: the whole pipeline, stage by stage.
public enum Burner {
    /// Reads the captions, opens the video, lays out and rasterizes each caption once,
    /// composites it into the frames it covers, encodes, and moves the finished file into place.
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
        let output = try request.discardFrames ? nil : videoOutput(request, claim: claim)
        let export = try request.exportCaptions.map { path in
            try CaptionPlanner.exportOutput(path, inputs: request.inputFiles + [request.output])
        }
        let timer = StageTimer()
        let prepared = try prepare(request, timer: timer, events: events)
        // What preparing freed goes back to the system before the decoder and encoder take theirs.
        _ = burn_release_free_memory()
        let captions = prepared.planned.map(\.caption)
        let overlays = CaptionOverlays(prepared.planned, preset: prepared.preset, faces: prepared.engine.faces)
        let target =
            output.map { RenderTarget.file(path: $0.temporaryURL.path, finalPath: $0.finalURL.path, settings: request.encoder) }
            ?? .discard

        // On any failure the temporary file goes with `output`.
        let summary = try prepared.transcoder.run(
            target: target, overlay: overlays.overlay(at:), timer: timer, progress: { events(.progress($0)) },
            notice: { events(.notice("\(request.input): \($0)")) },
            isCancelled: { cancellation.isCancelled })
        try output?.commit()
        // Only a finished render's captions are written.
        if let export { try CaptionPlanner.export(captions, to: export) }
        return BurnResult(
            output: output?.finalURL.path, width: summary.width, height: summary.height, frames: summary.frames,
            captionedFrames: summary.captionedFrames, captions: captions.count, rasterized: overlays.rasterized,
            copiedAudioStreams: summary.copiedStreams, copiedFrames: summary.copiedFrames, stages: summary.stages)
    }

    /// The final captions of `request` with their layout, without rendering: what
    /// `burn-captions plan` prints.
    public static func plan(_ request: BurnRequest, events: (BurnEvent) -> Void = { _ in }) throws -> PlanDocument {
        do {
            let prepared = try prepare(request, events: events)
            return PlanDocument(
                prepared.planned, width: prepared.transcoder.width, height: prepared.transcoder.height,
                safeArea: prepared.style.safeArea)
        } catch {
            throw BurnError.wrap(error)
        }
    }

    /// Everything before the frames: the preset, the opened input, the final captions and their layout.
    static func prepare(_ request: BurnRequest, timer: StageTimer = StageTimer(), events: (BurnEvent) -> Void) throws -> (
        preset: Preset, transcoder: Transcoder, style: TextStyle, planned: [PlannedCaption], engine: LayoutEngine
    ) {
        let preset = try Preset.load(try Resources.preset(request.preset))
        try checkInput(request.input)
        let transcoder = try Transcoder(inputPath: request.input, encoding: !request.discardFrames)
        if let mismatch = orientationMismatch(preset, width: transcoder.width, height: transcoder.height) {
            events(.warning("\(request.input): \(mismatch)"))
        }
        let frameDuration = 1 / transcoder.frameRate
        var captions = try CaptionPlanner.captions(
            for: request, preset: preset, frameDuration: frameDuration, videoDuration: transcoder.duration, events: events)
        // Captions the video never reaches are left out (and not laid out: a file may hold thousands).
        if let duration = transcoder.duration, let late = captions.firstIndex(where: { $0.start >= duration }) {
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
        let style = preset.textStyle(width: transcoder.width, height: transcoder.height)
        let (engine, planned) = try timer.measure(.captions) {
            let engine = try LayoutEngine(fontsConf: try Resources.fontsConf(override: request.fontsConf))
            let planned = try LayoutPlanner.plan(
                captions, engine: engine, style: style, language: request.language, minGap: 2 * frameDuration)
            return (engine, CaptionStacking.stack(planned, style: style))
        }
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
        return (preset, transcoder, style, planned, engine)
    }

    /// The video output of `request`, checked and claimed: a container that holds H.264, none
    /// of the files the job reads.
    private static func videoOutput(_ request: BurnRequest, claim: OutputLock?) throws -> OutputFile {
        if let problem = VideoContainer.problem(request.output) { throw BurnError.usage("\(request.output): \(problem)") }
        return try OutputFile(output: request.output, inputs: request.inputFiles, claim: claim)
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
