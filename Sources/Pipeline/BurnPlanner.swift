import Captions
import Cuts
import Foundation
import Layout
import Media
import Settings
import Speech
import Vision

/// The planning phase of a burn: each request's preset and look loaded, its captions read,
/// fixed, timed and laid out on the probed input, with a warning for each problem found on
/// the way (`PreparedBurn`). No video frame is decoded.
enum BurnPlanner {
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
    /// the input when there is no video (`VideoInput.referenceFrame`, `lint` without one).
    static func prepare(
        _ requests: [BurnRequest], frame: MediaInput? = nil, timer: StageTimer = StageTimer(),
        cancellation: Cancellation = Cancellation(), events: (BurnEvent) -> Void
    ) throws -> [PreparedBurn] {
        let input: MediaInput
        switch (requests[0].input, frame) {
        case (_, let frame?):
            input = frame
        case (.file(let path), nil):
            try Burner.checkInput(path)
            input = try MediaInput(path: path)
        case (.referenceFrame, nil):
            throw BurnError.usage("no input video")
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
        let preset = try sources.preset(request.preset)
        let look = try sources.look(request.look ?? preset.look ?? Look.classic)
        if let mismatch = orientationMismatch(preset, width: input.info.width, height: input.info.height) {
            events(.warning("\(request.input.name): \(mismatch)"))
        }
        let found = try obstacles(request, preset: preset, sources: sources, cancellation: cancellation, events: events)
        var speech: RecognizedSpeech?  // the first track's, when recognized
        // A split render's part draws its plan's captions: their own steps are done.
        let part = request.output.part
        // The cut plan comes from the first track's words; the captions are planned on the cut.
        let (words, cuts) =
            part == nil && request.cuts != .off
            ? try cutPlan(request, transcript: transcript, sources: sources, timer: timer, cancellation: cancellation, events: events) {
                speech = $0
            } : (transcript, nil)
        let timeline = cuts.flatMap { $0.taken.isEmpty ? nil : $0.timeline }
        let obstacles = CutStep.obstacles(part?.obstacles ?? found, on: timeline)
        let shotChanges = CutStep.shotChanges(
            try CaptionPlanner.shotChanges(
                request.shotChanges, frameDuration: input.info.frameDuration,
                cuts: { try sources.cuts(cancellation: cancellation, events: events) }),
            on: timeline, frameDuration: input.info.frameDuration)
        let tracks = [request] + (request.secondTrack.map { [$0] } ?? [])
        let style = preset.textStyle(width: input.info.width, height: input.info.height, look: look)
        let secondStyle = TwoTrackLayout.scaled(style, by: (preset.secondTrack ?? .standard).sizeRatio)
        let captions = try part?.tracks(checking: input.info) ?? tracks.enumerated().map { number, track in
            let captions = look.transformed(
                try onScreenCaptions(
                    track, transcript: number == 0 ? words : nil, input: input, speech: sources.speech, timeline: timeline,
                    recognized: { settings in
                        let recognized = try timer.measure(.recognition) {
                            try sources.recognized(settings, cancellation: cancellation, events: events)
                        }
                        if number == 0, track.captions.origin == .recognized { speech = recognized }
                        return recognized
                    },
                    // The second track is most often a translation: its words were never spoken.
                    alignWords: number == 0 && !look.isStatic && track.alignment == .auto,
                    shotChanges: shotChanges, rules: rules, preset: preset, maxWords: request.maxWords ?? look.maxWords,
                    fit: LayoutPlanner.fit(
                        engine: engine, style: number == 0 ? style : secondStyle, language: track.captions.language, rules: rules),
                    events: events),
                language: track.captions.language)
            noteEstimatedWords(captions, look: look, request: track, events: events)
            return captions
        }
        let languages = zip(captions, tracks).flatMap { captions, track in captions.map { $0.language ?? track.captions.language } }
        let charactersPerLine = rules.charactersPerLine(for: Set(languages))
        var planned = try timer.measure(.captions) {
            if captions.count == 2 {
                return try TwoTrackLayout.plan(
                    first: captions[0], second: captions[1], engine: engine, style: style,
                    track: preset.secondTrack ?? .standard, languages: (request.captions.language, request.secondLanguage),
                    charactersPerLine: charactersPerLine)
            }
            let planned = try LayoutPlanner.plan(
                captions[0], engine: engine, style: style, language: request.captions.language,
                charactersPerLine: charactersPerLine)
            return CaptionStacking.stack(planned, style: style)
        }
        planned = ObstacleAvoidance.place(
            planned, obstacles: obstacles, style: style, places: preset.otherPlaceCentres(height: input.info.height),
            cuts: shotChanges?.times ?? [])
        colorSpeakers(&planned, palette: look.speakers ?? preset.speakers)
        try part?.check(planned, width: input.info.width, height: input.info.height, safeArea: style.safeArea)
        for (number, track) in tracks.enumerated() {
            try warnAboutLayout(
                planned.filter { $0.track == number + 1 }, request: track, style: style, engine: engine, events: events)
        }
        return PreparedBurn(
            request: request, preset: preset, look: look, input: input, style: style, planned: planned, engine: engine,
            shotChanges: shotChanges, rules: rules, speech: speech, obstacles: obstacles, cuts: cuts)
    }

    /// What the request's captions keep off: the `--obstacles` file's boxes and those found in
    /// the picture (`--avoid`, else the preset's). Found before the shot changes: one decoding
    /// pass finds both when both are asked for. Without a video (`lint` of a file alone) there
    /// is no picture to search; a split render's part avoids what its plan found (none here).
    private static func obstacles(
        _ request: BurnRequest, preset: Preset, sources: PlanSources, cancellation: Cancellation,
        events: (BurnEvent) -> Void
    ) throws -> [Obstacle] {
        let search =
            request.input.path == nil || request.output.part != nil
            ? .off : try request.avoid ?? preset.avoid.map { try ObstacleSearch($0) } ?? .off
        // The file first: its problems end the run before a decoding pass.
        let given = try request.output.part == nil ? request.obstaclesFile.map { try sources.obstacles(file: $0) } ?? [] : []
        let detected = try sources.obstacles(
            search, findingCuts: request.shotChanges == .auto, cancellation: cancellation, events: events)
        return detected + given
    }

    /// The first track's words (`transcript`, else read or recognized now, the recognized
    /// speech handed to `heard`), with the words the cut plan heard elsewhere moved there,
    /// and the request's cut plan made from them.
    private static func cutPlan(
        _ request: BurnRequest, transcript: Transcript?, sources: PlanSources, timer: StageTimer, cancellation: Cancellation,
        events: (BurnEvent) -> Void, heard: (RecognizedSpeech) -> Void
    ) throws -> (Transcript, CutPlan?) {
        let words = try transcript ?? CaptionPlanner.read(request) { settings in
            let recognized = try timer.measure(.recognition) {
                try sources.recognized(settings, cancellation: cancellation, events: events)
            }
            if request.captions.origin == .recognized { heard(recognized) }
            return recognized
        }
        guard let planned = try CutStep.plan(request, transcript: words, sources: sources, cancellation: cancellation, events: events)
        else { return (words, nil) }
        return (planned.words, planned.plan)
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
        timeline: CutTimeline?, recognized: (RecognitionSettings) throws -> RecognizedSpeech, alignWords: Bool,
        shotChanges: ShotChanges?, rules: ReadingRules, preset: Preset, maxWords: Int?, fit: CaptionFit?,
        events: (BurnEvent) -> Void
    ) throws -> [Caption] {
        let frameDuration = input.info.frameDuration
        var captions = try CaptionPlanner.captions(
            for: request, transcript: transcript, input: input, speech: speech, recognized: recognized,
            alignWords: alignWords, shotChanges: shotChanges, rules: rules, preset: preset, maxWords: maxWords, fit: fit,
            timeline: timeline, events: events)
        if let duration = timeline?.duration ?? input.info.duration, let late = captions.firstIndex(where: { $0.start >= duration }) {
            let count = captions.count - late
            events(.warning(
                "\(request.captions.file): \(count == 1 ? "a caption starts" : "\(count) captions start") at "
                    + "\(String(format: "%.2f", captions[late].start)) s or later, after the video ends at \(String(format: "%.3f", duration)) s; "
                    + "left out"))
            captions.removeSubrange(late...)
        }
        let fleeting = captions.filter { $0.end - $0.start < frameDuration }.count
        if fleeting > 0 {
            events(.warning(
                "\(request.captions.file): \(fleeting) caption(s) last less than a frame and may never be seen "
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
            "\(request.captions.file): \(count == captions.count ? "no caption has" : "\(count) of \(captions.count) captions have no") "
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
            let place = item.caption.source?.describe(file: request.captions.file) ?? request.captions.file
            events(.warning(
                "\(place): no installed font has \"\(item.layout.missingCharacters)\"; drawn as boxes"))
        }
        let shrunk = planned.filter { $0.layout.fit != .fits }.count
        if shrunk > 0 {
            events(.warning(
                "\(request.captions.file): \(shrunk) caption(s) did not fit two lines at the preset's minimum size "
                    + "and could not be split further (set smaller, or a word broken)"))
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
}
