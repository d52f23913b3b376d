import Captions
import Commands
import Files
import Foundation
import Layout
import Media
import Pipeline
import Settings
import Speech

/// One line of a batch manifest: a render of one or more outputs, or why the line could not
/// be read.
public struct BatchJob: Sendable {
    public var index: Int  // 0-based among the manifest's jobs; shard k mod N runs it
    public var line: Int  // 1-based line in the manifest
    public var requests: [BurnRequest] = []  // one per output, all of one input
    public var error: String?  // set when the line is malformed
    /// The job is rendered in this many parts across the shards, then joined (`SegmentedJob`);
    /// nil: by one worker.
    public var segments: Int?

    /// Every field a manifest line may have (docs/OPTIONS.md describes each): the input and
    /// the options' manifest fields, from the table of options.
    public static let manifestFields = CommandOption.manifestFields

    /// The first output's request (a job of one output has only it).
    public var request: BurnRequest? { requests.first }

    /// Every non-blank line of a JSON Lines manifest; paths are relative to its folder.
    /// `{"input", "captions", "output", ...}`: the input and the manifest fields of the table
    /// of options (`manifestFields`; docs/OPTIONS.md), every
    /// render option of the command line. `captions` may be a list (of paths, or of
    /// `{"path", "language"?}`), and so may `preset` and `look`: the job renders every
    /// combination from one decode, `output` (and `exportCaptions`) being templates as `-o`
    /// is. Two lines writing one file (by real path, through any symbolic link) make the
    /// second a failed job.
    public static func read(manifest path: String) throws -> [BatchJob] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw BurnError.input("\(path): cannot read manifest")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw BurnError.input("\(path): manifest is not valid UTF-8")
        }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        var jobs: [BatchJob] = []
        var outputs: [String: Int] = [:]  // output path -> the line that writes it
        // "\r\n" is one Character in Swift: split on every kind of line end.
        for (number, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            guard !line.allSatisfy(\.isWhitespace) else { continue }
            var job = BatchJob(index: jobs.count, line: number + 1)
            do {
                let (combinations, segments) = try combinations(Data(line.utf8), folder: folder)
                let requests = try combinations.requests()
                if let segments, segments > 1 {
                    if requests.count > 1 { throw ManifestError("segments: a split job renders one output (one captions, preset and look)") }
                    if requests[0].output.isOverlay { throw ManifestError("segments: an --overlay-only job cannot be split") }
                    job.segments = segments
                }
                let written = requests.flatMap { request in
                    [("output", request.output.path), ("exportCaptions", request.exportCaptions)]
                        .compactMap { field, path in path.map { (field, $0, RealPath.resolve($0)) } }
                }
                for (field, path, real) in written {
                    if let first = outputs[real] { throw ManifestError("\(field): also written by line \(first) (\(path))") }
                }
                for (_, _, real) in written { outputs[real] = number + 1 }
                job.requests = requests
            } catch {
                job.error = "\(path):\(number + 1): \(error)"
            }
            jobs.append(job)
        }
        return jobs
    }

    private static func combinations(_ data: Data, folder: URL) throws -> (BurnCombinations, segments: Int?) {
        let line = try ManifestLine(data, folder: folder)
        if let unknown = FieldNames.unknown(line.fields.keys, known: manifestFields).first { throw ManifestError(unknown) }
        let crf = try line.decimal("crf", in: 0...51, expecting: "a number from 0 to 51")
        let segments = try line.whole("segments", in: 1...SplitRender.maximumSegments)
        let encoder = try encoderSettings(line, crf: crf)
        let format = try line.string("captionsFormat").map { try OptionCheck.captionFormat($0, .manifest("captionsFormat")) }
        let encoding = try line.string("captionsEncoding").map { try OptionCheck.captionsEncoding($0, .manifest("captionsEncoding")) }
        if let language = try line.string("language"), !SpokenLanguage.isDetection(language) {
            _ = try OptionCheck.languageTag(language, .manifest("language"))
        }
        let timingFix = try line.flag("timingFix", default: true)
        let strict = try line.flag("strict", default: false)
        let speakerLabels = try line.flag("speakerLabels", default: false)
        let overlayOnly = try line.flag("overlayOnly", default: false)
        let output = try line.path("output", required: true)!
        let captions = try line.captionSources("captions")
        let seconds = try line.has("secondCaptions") ? line.captionSources("secondCaptions") : []
        let input = try line.path("input", required: true)!
        let (fontsConf, script) = (try line.path("fontsConf"), try line.path("script"))
        var base = BurnRequest(
            input: .file(input),
            captions: CaptionInput(file: captions[0].path, format: format, encoding: encoding, strict: strict, script: script),
            output: overlayOnly ? .overlay(output) : .file(output), encoder: encoder, fontsConf: fontsConf,
            timingFix: timingFix, emphasize: try line.path("emphasize"))
        base.speakerLabels = speakerLabels
        base.maxWords = try line.whole("maxWords", in: ChunkingLimits.maxWordsRange)
        if let emoji = try line.string("emoji") { base.emoji = ["auto", "off"].contains(emoji) ? EmojiSource(emoji) : .file(try line.path("emoji")!) }
        base.recognition = try recognitionSettings(line)
        if let align = try line.string("align") { base.alignment = try OptionCheck.alignment(align, .manifest("align")) }
        if overlayOnly, let format = OverlayFormat(path: output),
            let problem = format.problem(codec: line.has("codec") ? encoder.codec : nil, encoder: encoder.encoder)
        {
            throw ManifestError(line.has("codec") ? "codec: \(problem)" : "encoder: \(problem)")
        }
        if let source = try line.string("shotChanges") {
            base.shotChanges = ["auto", "off"].contains(source) ? ShotChangeSource(source) : .file(try line.path("shotChanges")!)
        }
        if let avoid = try line.string("avoid") { base.avoid = try OptionCheck.avoid(avoid, .manifest("avoid")) }
        base.obstaclesFile = try line.path("obstacles")
        try cuts(line, into: &base)
        // `auto[:LIST]` is the speech's language detected (recognitionSettings), no caption file's.
        let language = try line.string("language").flatMap { SpokenLanguage.isDetection($0) ? nil : $0 }
        let combinations = BurnCombinations(
            base: base, captions: captions.map { CaptionSource(path: $0.path, language: $0.language ?? language) },
            secondCaptions: seconds,
            presets: try line.strings("preset")?.map(line.resource) ?? ["tiktok"],
            looks: try line.strings("look")?.map { Optional(line.resource($0)) } ?? [nil], output: base.output,
            exportCaptions: try line.path("exportCaptions"))
        return (combinations, segments)
    }

    /// The cut fields of `line` (`cuts`, `cutsFile`, `maxPause`, `cutPauses`, `editList`), checked as the command line checks its options.
    private static func cuts(_ line: ManifestLine, into request: inout BurnRequest) throws {
        var options = CutOptions()
        options.kinds = try line.string("cuts").map { try CutOptions.kinds($0, .manifest("cuts")) }
        options.file = try line.path("cutsFile")
        options.maxPause = try line.decimal("maxPause", in: 0.1...60, expecting: "seconds from 0.1 to 60")
        options.overMotion = try line.string("cutPauses").map { try CutOptions.overMotion($0, .manifest("cutPauses")) }
        options.editList = try line.path("editList").map { try CutOptions.editList($0, .manifest("editList")) }
        do {
            request.cuts = try options.source(names: { CommandOption.of($0).manifest.first ?? $0.rawValue })
        } catch let error as BurnError {
            throw ManifestError(error.description)
        }
        request.editList = options.editList
    }

    /// How `line` recognizes speech (`captions: "auto"`, alignment): model, compute type,
    /// language threshold, the languages detection chooses among (`language: "auto:en,fr"`),
    /// sound tags.
    private static func recognitionSettings(_ line: ManifestLine) throws -> RecognitionSettings {
        var settings = RecognitionSettings()
        if let model = try line.string("model") { settings.model = try OptionCheck.model(model, .manifest("model")) }
        if let type = try line.string("computeType") {
            settings.computeType = try OptionCheck.computeType(type, .manifest("computeType"))
        }
        if let threshold = try line.decimal("languageThreshold", in: 0...1, expecting: "a probability from 0 to 1") {
            settings.languageThreshold = threshold
        }
        settings.soundTags = try line.flag("soundTags", default: false)
        if let value = try line.string("language"), SpokenLanguage.isDetection(value) {
            settings.languages = try OptionCheck.spokenLanguages(value, .manifest("language"))
        }
        return settings
    }

    /// The encoder settings of `line` (`crf` read already): threads, preset, codec, encoder
    /// (which decides the codec; a `codec` beside it must agree) and HDR.
    private static func encoderSettings(_ line: ManifestLine, crf: Double?) throws -> EncoderSettings {
        var encoder = EncoderSettings()
        if let crf { encoder.crf = crf }
        if let threads = try line.whole("threads", in: 1...256) { encoder.threads = threads }
        for key in ["x264Preset", "encoderPreset"] {
            guard let preset = try line.string(key) else { continue }
            encoder.preset = try OptionCheck.encoderPreset(preset, .manifest(key))
        }
        if let name = try line.string("codec") { encoder.codec = try OptionCheck.codec(name, .manifest("codec")) }
        if let name = try line.string("encoder") {
            let codec = try OptionCheck.encoderCodec(name, .manifest("encoder"))
            if line.has("codec"), let codec {
                try OptionCheck.agree(
                    encoder: name, writes: codec, codec: encoder.codec, .manifest("encoder"), codecSource: .manifest("codec"))
            }
            encoder.encoder = name
            encoder.codec = codec ?? .h264
        }
        if let name = try line.string("hdr") { encoder.hdr = try OptionCheck.hdr(name, .manifest("hdr")) }
        return encoder
    }
}
