import CaptionFiles
import Captions
import Commands
import Cuts
import Farm
import Media
import Pipeline
import Speech
import Vision

/// What the options of a render, `plan`, `lint`, `review`, `still` or `preview` said, as the
/// command line is read; `RenderCommand` then checks them together and makes the command.
struct CommandLineOptions {
    var input: String?
    var captions: [CaptionSource] = []
    var secondCaptions: [CaptionSource] = []
    var defaultLanguage: String?  // a --language before any --captions
    var format: CaptionFormat?
    var encoding: String?
    var strict = false
    var presets: [String] = []
    var looks: [String?] = []
    var outputsPerPass = Burner.defaultOutputsPerPass
    var emphasize: String?
    var maxWords: Int?
    var emoji = EmojiSource.off
    var output: String?
    var fontsConf: String?
    var encoder = EncoderSettings()
    var encoderCodec: VideoCodec??  // the codec of --encoder's encoder (nil inside: none of the five)
    var quiet = false
    var script: String?
    var timingFix = true
    var export: String?
    var discardFrames = false
    var closedCaptions = false  // --cea608
    var stats = false
    var speakerLabels = false
    var overlayOnly = false
    var shotChanges = ShotChangeSource.off
    var avoid: ObstacleSearch?
    var obstacles: String?
    var codecGiven = false  // --codec was given (an --overlay-only output checks it)
    var segments: Int?
    var port: UInt16?
    var saveAs: String?
    var planFile: String?
    var segment: (index: Int, count: Int)?
    var json = false
    var frameRate: Double?
    var at: Double?
    var guides = StillGuides()
    var recognition = RecognitionSettings()
    var detection: String?  // --language auto[:LIST], as given
    var align: String?  // auto, off, or (transcribe) the file to align
    var cuts = CutOptions()

    /// The commands these options are read for (not `join` and `batch`, which read their own).
    static let commands: Set<OptionCommand> = [.render, .part, .plan, .lint, .review, .still, .preview, .transcribe, .cuts]

    /// Reads every argument of `list`: options (`--option=value` as `--option value`) and the
    /// input. `.help` or `.version` when one of them comes first; nil otherwise.
    mutating func read(_ list: inout ArgumentList) throws -> Command? {
        var optionsEnded = false
        while let argument = list.next() {
            // After `--` every argument is the input, even one that starts with a dash.
            if optionsEnded {
                guard input == nil else {
                    throw BurnError.usage(
                        "more than one input: \(input!) and \(argument) (after --, every argument is the input: options go before it)")
                }
                input = argument
            } else if argument == "--" {
                optionsEnded = true
            } else if list.split(argument) {
                continue
            } else if let option = CommandOption.named(argument, among: Self.commands) {
                if let command = try apply(option.id, argument, &list) { return command }
            } else {
                if argument.hasPrefix("-") && argument != "-" { throw BurnError.usage("unknown option \(argument)") }
                guard input == nil else { throw BurnError.usage("more than one input: \(input!) and \(argument)") }
                input = argument
            }
        }
        return nil
    }

    /// Reads option `id`, spelt `spelling`, and its value from `list`.
    private mutating func apply(_ id: OptionID, _ spelling: String, _ list: inout ArgumentList) throws -> Command? {
        func value() throws -> String { try list.value(of: spelling) }
        switch id {
        case .help: return .help
        case .version: return .version
        case .captions:
            let path = try value()
            if path == CaptionOrigin.auto, captions.contains(where: { $0.path == path }) {
                throw BurnError.usage("\(spelling) auto given twice: the speech makes one set of captions (repeat \(spelling) for other files)")
            }
            captions.append(CaptionSource(path: path))
        case .secondCaptions: secondCaptions.append(CaptionSource(path: try value()))
        case .secondLanguage:
            guard !secondCaptions.isEmpty else {
                throw BurnError.usage("--second-language goes right after the --second-captions it is for")
            }
            try Self.give(try value(), to: &secondCaptions, option: spelling)
        case .language: try language(try value(), spelling)
        case .captionsFormat: format = try OptionCheck.captionFormat(try value(), .commandLine(spelling))
        case .captionsEncoding: encoding = try OptionCheck.captionsEncoding(try value(), .commandLine(spelling))
        case .strict: strict = true
        case .preset: presets.append(try value())
        case .look: looks.append(try value())
        case .emphasize: emphasize = try value()
        case .emoji: emoji = EmojiSource(try value())
        case .maxWords: maxWords = try OptionNumber.whole(try value(), spelling, in: ChunkingLimits.maxWordsRange)
        case .output: output = try value()
        case .fontsConf: fontsConf = try value()
        case .crf: encoder.crf = try OptionNumber.decimal(try value(), spelling, in: 0...51, expecting: "a number from 0 to 51")
        case .encoderPreset: encoder.preset = try OptionCheck.encoderPreset(try value(), .commandLine(spelling))
        case .codec: (encoder.codec, codecGiven) = (try OptionCheck.codec(try value(), .commandLine(spelling)), true)
        case .encoder:
            let name = try value()
            (encoderCodec, encoder.encoder) = (try OptionCheck.encoderCodec(name, .commandLine(spelling)), name)
        case .hdr: encoder.hdr = try OptionCheck.hdr(try value(), .commandLine(spelling))
        case .threads: encoder.threads = try OptionNumber.whole(try value(), spelling, in: 1...256)
        case .outputsPerPass: outputsPerPass = try OptionNumber.whole(try value(), spelling, in: 1...64)
        case .quiet: quiet = true
        case .null: discardFrames = true
        case .cea608: closedCaptions = true
        case .stats: stats = true
        case .showSafeArea: guides.safeArea = true
        case .showObstacles: guides.obstacles = true
        case .at: at = try OptionValues.at(try value())
        case .script: script = try value()
        case .noTimingFix: timingFix = false
        case .shotChanges: shotChanges = ShotChangeSource(try value())
        case .avoid: avoid = try OptionCheck.avoid(try value(), .commandLine(spelling))
        case .obstacles: obstacles = try value()
        case .speakerLabels: speakerLabels = true
        case .overlayOnly: overlayOnly = true
        case .json: json = true
        case .fps:
            frameRate = try OptionNumber.decimal(try value(), spelling, in: 1...1000, expecting: "frames per second from 1 to 1000")
        case .exportCaptions: export = try value()
        case .segments: segments = try OptionNumber.whole(try value(), spelling, in: 1...SplitRender.maximumSegments)
        case .plan: planFile = try value()
        case .port: port = UInt16(try OptionNumber.whole(try value(), spelling, in: 0...65535, expecting: "a port from 0 to 65535"))
        case .segment: segment = try OptionValues.segment(try value())
        case .model: recognition.model = try OptionCheck.model(try value(), .commandLine(spelling))
        case .computeType: recognition.computeType = try OptionCheck.computeType(try value(), .commandLine(spelling))
        case .languageThreshold:
            recognition.languageThreshold = try OptionNumber.decimal(
                try value(), spelling, in: 0...1, expecting: "a probability from 0 to 1")
        case .soundTags: recognition.soundTags = true
        case .align: align = try value()
        case .saveAs: saveAs = try value()
        case .cuts: cuts.kinds = try CutOptions.kinds(try value(), .commandLine(spelling))
        case .cutsFile: cuts.file = try value()
        case .maxPause:
            cuts.maxPause = try OptionNumber.decimal(try value(), spelling, in: 0.1...60, expecting: "seconds from 0.1 to 60")
        case .cutPauses: cuts.overMotion = try CutOptions.overMotion(try value(), .commandLine(spelling))
        case .editList: cuts.editList = try CutOptions.editList(try value(), .commandLine(spelling))
        case .endOfOptions, .input, .shard, .shardCount, .workers, .force, .retries, .report, .sheet, .realtime, .keyframes,
            .videoBitrate, .liveStats, .captionsFeed, .reconnect, .delay, .liveMode, .rows, .audioInput, .slate, .record:
            preconditionFailure("\(spelling) is not an option of \(Self.commands)")
        }
        return nil
    }

    /// `--language TAG`: after a --captions, that file's language; before any, every file's.
    /// `--language auto[:LIST]`: the speech's language is detected (among LIST), before any
    /// --captions or after --captions auto.
    private mutating func language(_ tag: String, _ option: String) throws {
        let recognized = captions.last.map { $0.path == CaptionOrigin.auto } ?? true
        let spoken = recognized ? (captions.last?.language ?? defaultLanguage) : nil
        if SpokenLanguage.isDetection(tag) {
            guard recognized else {
                throw BurnError.usage("\(option) \(tag): detection is for recognized speech (--captions auto), not for \(captions.last!.path)")
            }
            if let given = detection ?? spoken { throw BurnError.usage("\(option) \(tag): the spoken language is given already (\(given))") }
            recognition.languages = try OptionCheck.spokenLanguages(tag, .commandLine(option))
            detection = tag
            return
        }
        if recognized, let detection { throw BurnError.usage("\(option) \(tag): the spoken language is given already (\(detection))") }
        if !captions.isEmpty { return try Self.give(tag, to: &captions, option: option) }
        _ = try OptionCheck.languageTag(tag, .commandLine(option))
        if defaultLanguage != nil { throw BurnError.usage("--language given twice before any --captions") }
        defaultLanguage = tag
    }

    /// Gives the BCP-47 `tag` (of `option`) to the last of `sources`; a usage error for a tag
    /// that is none, or a file that has one already.
    private static func give(_ tag: String, to sources: inout [CaptionSource], option: String) throws {
        _ = try OptionCheck.languageTag(tag, .commandLine(option))
        if let given = sources[sources.count - 1].language {
            throw BurnError.usage("\(option): \(sources[sources.count - 1].path) already has the language \(given)")
        }
        sources[sources.count - 1].language = tag
    }
}
