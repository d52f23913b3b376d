import CaptionFiles
import Captions
import Commands
import Foundation
import Media
import Pipeline
import Speech

/// The commands that read captions besides a render (`burn-captions plan ...`).
enum Mode: String {
    case plan, lint, still, preview, review, transcribe, cuts

    /// plan, lint and review print or serve; they write no video.
    var writesNoFile: Bool { self == .plan || self == .lint || self == .review }
}

/// The options of a command line checked together, made into its command: a render, a part
/// of a split render, or one of the `Mode`s.
extension CommandLineOptions {
    /// The command of these options under `mode` (nil: a render); `arguments` is the command
    /// line as given.
    func command(_ mode: Mode?, arguments: [String]) throws -> Command {
        // lint may check a caption file alone, on the preset's frame.
        guard let input = input.map(VideoInput.file) ?? (mode == .lint ? .referenceFrame : nil) else {
            throw BurnError.usage("no input video")
        }
        if port != nil && mode != .review { throw BurnError.usage("--port is for review") }
        if saveAs != nil && mode != .review { throw BurnError.usage("--save-as is for review") }
        if let saveAs, CaptionWriter.format(forPath: saveAs)?.captionFormat == nil {
            throw BurnError.usage("--save-as \(saveAs): review saves .srt, .vtt or .json")
        }
        let planCutsTo = mode == .review ? try reviewPlansCuts() : nil
        if segments != nil && mode != .plan { throw BurnError.usage("--segments is for plan (then --plan and --segment render the parts)") }
        if cuts.editList != nil, let mode, mode != .cuts, !(mode == .plan && segments != nil) {
            throw BurnError.usage("--edit-list is not for \(mode.rawValue): a render, cuts, or plan --segments N writes it")
        }
        let encoder = try encoderSettings(arguments: arguments)
        if let planFile { return try part(input: input, plan: planFile, mode: mode, encoder: encoder) }
        if segment != nil { throw BurnError.usage("--segment needs --plan PLAN.json (made by plan --segments N)") }
        if mode == .transcribe { return try transcribe(input: input) }
        if mode == .cuts { return try cutList(input: input) }
        guard !captions.isEmpty else { throw BurnError.usage("no captions (--captions FILE)") }
        try checkOutputs(mode, encoder: encoder)
        let file = overlayOnly ? RenderDestination.overlay : RenderDestination.file
        let written = (mode?.writesNoFile == true ? RenderDestination.none : nil) ?? output.map(file)
        guard let output = written ?? (discardFrames ? .discard : nil) else { throw BurnError.usage("no output (-o FILE)") }
        // review --cuts: the plan is made here, and --cuts-file names where Save writes it.
        var options = self
        if planCutsTo != nil { options.cuts.file = nil }
        let combinations = try options.combinations(input: input, output: output, encoder: encoder)
        if let mode, combinations.count > 1 {
            throw BurnError.usage("\(mode.rawValue) shows one output: give one --captions, one --preset and one --look")
        }
        let requests = try combinations.requests()
        switch mode {
        case .plan: return .plan(requests[0], output: self.output, segments: segments)
        case .review: return .review(requests[0], port: port ?? 0, saveAs: saveAs, planCutsTo: planCutsTo)
        case .lint: return .lint(requests[0], json: json, frameRate: frameRate)
        case .still:
            guard let at else { throw BurnError.usage("still needs --at SECONDS") }
            return .still(requests[0], at: at, guides: guides)
        case .preview: return .preview(requests[0], guides: guides)
        case .transcribe, .cuts: preconditionFailure("\(mode!.rawValue) is made above")
        case nil: return .burn(requests, outputsPerPass: outputsPerPass, quiet: quiet, stats: stats)
        }
    }

    /// `review --cuts LIST --cuts-file NEW.json`: the file the cut plan made by the review is
    /// saved to (nil: no plan is made; a `--cuts-file` alone is read). A cut file already there
    /// is reviewed as it is, never planned over.
    private func reviewPlansCuts() throws -> String? {
        guard let kinds = cuts.kinds, !kinds.isEmpty else { return nil }
        guard let file = cuts.file else {
            throw BurnError.usage("--cuts needs --cuts-file in review: the cut plan made here is listed, and Save writes it there")
        }
        var status = stat()
        if lstat(file, &status) == 0 {
            throw BurnError.usage("\(file) exists: drop --cuts to review its spans, or name a new --cuts-file to plan the cuts")
        }
        return file
    }

    /// The encoder settings, `--encoder` deciding the codec: a `--codec` beside it must agree.
    private func encoderSettings(arguments: [String]) throws -> EncoderSettings {
        var encoder = self.encoder
        if let encoderCodec {
            if arguments.contains("--codec"), let codec = encoderCodec {
                try OptionCheck.agree(
                    encoder: encoder.encoderName, writes: codec, codec: encoder.codec, .commandLine("--encoder"),
                    codecSource: .commandLine("--codec"))
            }
            encoder.codec = encoderCodec ?? .h264
        }
        return encoder
    }

    /// A part of a split render: the captions and everything that lays them out come from the plan.
    private func part(input: VideoInput, plan planFile: String, mode: Mode?, encoder: EncoderSettings) throws -> Command {
        let fromPlan = [
            ("--captions", !captions.isEmpty), ("--second-captions", !secondCaptions.isEmpty), ("--preset", !presets.isEmpty),
            ("--look", !looks.isEmpty), ("--language", defaultLanguage != nil), ("--script", script != nil),
            ("--emphasize", emphasize != nil), ("--max-words", maxWords != nil), ("--emoji", emoji != .off),
            ("--fonts-conf", fontsConf != nil),
            ("--no-timing-fix", !timingFix),
            ("--shot-changes", shotChanges != .off), ("--speaker-labels", speakerLabels), ("--captions-format", format != nil),
            ("--captions-encoding", encoding != nil), ("--strict", strict), ("--model", recognition != RecognitionSettings()),
            ("--align", align != nil), ("--avoid", avoid != nil), ("--obstacles", obstacles != nil),
        ]
        if let (option, _) = fromPlan.first(where: \.1) {
            throw BurnError.usage("\(option): a part of a split render takes its captions and their settings from \(planFile)")
        }
        if let mode { throw BurnError.usage("--plan renders a part; \(mode.rawValue) does not take it") }
        guard let segment else { throw BurnError.usage("--plan needs --segment I/N: the part to render") }
        if discardFrames || overlayOnly || export != nil {
            throw BurnError.usage("a part of a split render is written to -o PART.mp4 (no --null, --overlay-only or --export-captions)")
        }
        guard let output else { throw BurnError.usage("no output (-o PART.mp4)") }
        let request = BurnRequest(input: input, captions: CaptionInput(file: planFile), output: .file(output), encoder: encoder)
        return .part(request, plan: planFile, segment: segment.index, of: segment.count, quiet: quiet, stats: stats)
    }

    /// `transcribe INPUT -o FILE`: the input's speech, recognized (or FILE's cues aligned to
    /// it) and written as native JSON, SubRip or WebVTT.
    private func transcribe(input: VideoInput) throws -> Command {
        let renderOnly = [
            ("--captions", !captions.isEmpty), ("--second-captions", !secondCaptions.isEmpty), ("--preset", !presets.isEmpty),
            ("--look", !looks.isEmpty), ("--script", script != nil), ("--emphasize", emphasize != nil),
            ("--max-words", maxWords != nil), ("--emoji", emoji != .off), ("--export-captions", export != nil), ("--null", discardFrames), ("--stats", stats),
            ("--shot-changes", shotChanges != .off), ("--overlay-only", overlayOnly),
        ]
        if let (option, _) = renderOnly.first(where: \.1) {
            throw BurnError.usage("\(option) is not for transcribe (it writes the speech as captions, -o FILE)")
        }
        guard let output else { throw BurnError.usage("no output (-o FILE.json, .srt or .vtt)") }
        guard let format = CaptionWriter.format(forPath: output), format != .ass else {
            throw BurnError.usage("transcribe -o \(output): name it .json (native, with word probabilities), .srt or .vtt")
        }
        if let align, ["auto", "off"].contains(align) {
            throw BurnError.usage("transcribe --align FILE: give the caption file whose cues get the word times, not \(align)")
        }
        var request = BurnRequest(
            input: input, captions: CaptionInput(file: align ?? CaptionOrigin.auto, format: self.format, encoding: encoding,
                language: defaultLanguage), output: .file(output))
        request.recognition = recognition
        return .transcribe(request, quiet: quiet)
    }

    /// `cuts INPUT --captions FILE|auto [--script S] -o CUTS.json`: the cut plan, written for
    /// a person to read and edit (and `--edit-list`, the kept ranges for an editor).
    private func cutList(input: VideoInput) throws -> Command {
        let renderOnly = [
            ("--second-captions", !secondCaptions.isEmpty), ("--preset", !presets.isEmpty), ("--look", !looks.isEmpty),
            ("--emphasize", emphasize != nil), ("--max-words", maxWords != nil), ("--emoji", emoji != .off),
            ("--export-captions", export != nil), ("--null", discardFrames), ("--stats", stats), ("--shot-changes", shotChanges != .off),
            ("--overlay-only", overlayOnly), ("--avoid", avoid != nil), ("--obstacles", obstacles != nil),
        ]
        if let (option, _) = renderOnly.first(where: \.1) {
            throw BurnError.usage("\(option) is not for cuts (it writes the cut plan, -o CUTS.json)")
        }
        guard captions.count == 1 else {
            throw BurnError.usage(captions.isEmpty ? "no captions (--captions FILE, or auto: the words are what is cut)" : "cuts reads one --captions")
        }
        guard let output else { throw BurnError.usage("no output (-o CUTS.json)") }
        guard output.lowercased().hasSuffix(".json") else { throw BurnError.usage("cuts -o \(output): a cut plan is JSON; name it .json") }
        var request = BurnRequest(
            input: input,
            captions: CaptionInput(
                file: captions[0].path, format: format, encoding: encoding, strict: strict,
                language: captions[0].language ?? defaultLanguage, script: script),
            output: .file(output))
        request.recognition = recognition
        request.cuts = try cuts.source(defaultKinds: [.pauses, .fillers, .retakes], names: { CommandOption.of($0).names.last! })
        request.editList = cuts.editList
        return .cuts(request, quiet: quiet)
    }

    /// What `-o`, `--export-captions`, `--null`, `--stats`, `--overlay-only`, `--json` and
    /// `--fps` allow under `mode`, and `review`'s caption file.
    private func checkOutputs(_ mode: Mode?, encoder: EncoderSettings) throws {
        if let mode, mode.writesNoFile {
            if output != nil && mode != .plan { throw BurnError.usage("\(mode.rawValue) writes no file; it takes no -o") }
            if let output, mode == .plan, !output.lowercased().hasSuffix(".json") {
                throw BurnError.usage("plan -o \(output): a plan is JSON; name it .json")
            }
            if export != nil { throw BurnError.usage("\(mode.rawValue) prints the captions; --export-captions is for renders") }
        }
        if mode == .review, captions.contains(where: { $0.path == "-" }) {
            throw BurnError.usage("review edits and saves its caption file: give a file, not standard input (-)")
        }
        if json && mode != .lint { throw BurnError.usage("--json is for lint") }
        if frameRate != nil && mode != .lint { throw BurnError.usage("--fps is for lint without a video") }
        if let mode, discardFrames || stats { throw BurnError.usage("--null and --stats are for renders, not \(mode.rawValue)") }
        if closedCaptions && (discardFrames || overlayOnly) {
            throw BurnError.usage("--cea608 is for renders to a video file, not \(discardFrames ? "--null" : "--overlay-only")")
        }
        if discardFrames && output != nil { throw BurnError.usage("--null writes no file; it takes no -o") }
        if overlayOnly && (mode != nil || discardFrames) {
            throw BurnError.usage("--overlay-only is for renders to a file, not \(mode?.rawValue ?? "--null")")
        }
        if overlayOnly, let path = output, let format = OverlayFormat(path: path),
            let problem = format.problem(codec: codecGiven ? encoder.codec : nil, encoder: encoder.encoder)
        {
            throw BurnError.usage(problem)
        }
    }

    /// Every output of the options: each captions, preset and look combined, from one base request.
    private func combinations(input: VideoInput, output: RenderDestination, encoder: EncoderSettings) throws
        -> BurnCombinations
    {
        var captions = self.captions
        for index in captions.indices where captions[index].language == nil { captions[index].language = defaultLanguage }
        var base = BurnRequest(
            input: input,
            captions: CaptionInput(file: captions[0].path, format: format, encoding: encoding, strict: strict, script: script),
            output: output, encoder: encoder, fontsConf: fontsConf, timingFix: timingFix, emphasize: emphasize)
        base.speakerLabels = speakerLabels
        base.maxWords = maxWords
        base.emoji = emoji
        base.shotChanges = shotChanges
        base.avoid = avoid
        base.obstaclesFile = obstacles
        base.recognition = recognition
        base.cuts = try cuts.source(names: { CommandOption.of($0).names.last! })
        base.editList = cuts.editList
        base.closedCaptions = closedCaptions
        if let align { base.alignment = try OptionCheck.alignment(align, .commandLine("--align")) }
        return BurnCombinations(
            base: base, captions: captions, secondCaptions: secondCaptions, presets: presets.isEmpty ? ["tiktok"] : presets,
            looks: looks.isEmpty ? [nil] : looks, output: output, exportCaptions: export)
    }
}
