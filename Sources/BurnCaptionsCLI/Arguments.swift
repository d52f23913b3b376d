import Captions
import Layout
import Media
import Pipeline

/// What the command line asked for.
enum Command {
    case burn([BurnRequest], outputsPerPass: Int, quiet: Bool, stats: Bool)
    case plan(BurnRequest, output: String?, segments: Int?)
    case part(BurnRequest, plan: String, segment: Int, of: Int, quiet: Bool, stats: Bool)
    case join(input: String, parts: [String], output: String, quiet: Bool)
    case review(BurnRequest, port: UInt16)
    case lint(BurnRequest, json: Bool, frameRate: Double?)
    case still(BurnRequest, at: Double, showSafeArea: Bool)
    case preview(BurnRequest, showSafeArea: Bool)
    case presets
    case looks
    case batch(manifest: String, BatchOptions, quiet: Bool)
    case help
    case version
}

/// Parses `burn-captions INPUT --captions FILE --preset NAME -o OUTPUT [options]`, `plan ...`
/// and `presets`.
enum Arguments {
    static let usage = """
        usage: burn-captions INPUT --captions FILE [--preset NAME] -o OUTPUT [options]
               burn-captions INPUT --captions FILE... [--preset NAME...] [--look NAME...] -o 'OUT.{lang}.mp4'
               burn-captions INPUT --captions FILE [--preset NAME] --null [--stats] [options]
               burn-captions plan INPUT --captions FILE [--preset NAME] [--language TAG] [--script FILE]
                                  [--segments N -o PLAN.json]
               burn-captions INPUT --plan PLAN.json --segment I/N -o PART.mp4 [encoder options]
               burn-captions join --input INPUT -o OUTPUT PART...
               burn-captions lint [INPUT] --captions FILE [--preset NAME] [--language TAG] [--shot-changes auto|FILE]
                                  [--fps N] [--json]
               burn-captions review INPUT --captions FILE [--preset NAME] [--look NAME] [--language TAG] [--port N]
               burn-captions still INPUT --captions FILE [--preset NAME] --at TIME -o FRAME.png [--show-safe-area]
               burn-captions preview INPUT --captions FILE [--preset NAME] -o SHEET.png [--show-safe-area]
               burn-captions presets
               burn-captions looks
               burn-captions batch MANIFEST.jsonl [--shard I/N] [--shard-count N] [--workers N]
                                  [--force] [--retries K] [--report FILE]

        Burns captions into a video: lays them out per language, renders them with an
        outline inside the platform's safe area, and re-encodes the video (H.264 unless
        --codec says otherwise; audio is copied untouched when the container holds it). `plan`
        prints the final captions as JSON instead; `lint` reports the reading rules they break
        (Presets/rules/reading.json; exit 1 for an error-level rule; without INPUT, on the
        preset's frame at --fps, default 30, with no timing fix); `review` serves a page on
        127.0.0.1 to watch the captions as the burn draws them, edit, re-time and save them into
        the caption file (its previous version kept as FILE~); `still`
        writes one frame with its caption as PNG; `preview` writes a contact sheet of every
        caption at its midpoint; `presets` lists the presets found (name, reference size,
        description); `looks` lists the word-by-word looks (name, description); `batch` runs a manifest's jobs (see docs/RENDER-FARM.md).
        A long video renders on several machines: `plan --segments N -o PLAN.json` fixes the
        captions and cuts N time ranges at keyframes, `--plan PLAN.json --segment I/N` renders
        range I (0-based) as video only, and `join` puts the parts in order with the input's
        audio, by stream copy (docs/RENDER-FARM.md).
        --captions, --preset and --look may repeat: every combination is rendered from one decode,
        each to the -o template with {lang}, {name}, {preset} and {look} filled in.

        options:
          -c, --captions FILE        captions: .srt, .vtt, .jsonl (live-caption log) or .json
                                     (native, Whisper or live-caption log, told apart by content);
                                     repeat for one output per file
              --captions-format F    read the captions as F whatever the extension: json (native),
                                     srt, vtt (WebVTT), whisper (openai-/faster-whisper), live
              --captions-encoding E  the captions' text encoding when it is not UTF-8 (UTF-16 with a
                                     BOM is found by itself): windows-1252, latin1, Shift_JIS, ...
              --strict               a malformed SubRip or WebVTT cue is an error (by default it is
                                     left out with a warning, as players skip it), and so is a
                                     file with nothing to show
          -p, --preset NAME|FILE     placement, font and colours: a name in Presets/ or a .json file
                                     (default: tiktok); repeat for one output per preset
              --look NAME|FILE       word by word: classic (the preset's colours), highlight, box, pop,
                                     reveal, karaoke, or a look .json file (default: the preset's look);
                                     repeat for one output per look
              --emphasize FILE       words and phrases to emphasize, one per line (the look's emphasis
                                     colour); matched case-insensitively, punctuation ignored
          -o, --output FILE          output video (.mp4, .mov, .mkv, .webm by codec); written only when complete;
                                     may hold {lang}, {name}, {lang2}, {name2}, {preset}, {look};
                                     preview: SHEET.png, or a page pattern such as sheet_%03d.png
              --language TAG         BCP-47 language for captions that name none (e.g. ja, zh-TW);
                                     after a --captions, that file's (default: its name, talk.ja.srt)
              --outputs-per-pass N   outputs encoded at once from one decode (default: 8)
              --script FILE          the text the speaker read: captions take its punctuation and
                                     its character form (Traditional or Simplified Chinese)
              --no-timing-fix        keep phrase starts as recognized (by default a long first word
                                     starts where the speech begins)
              --shot-changes auto|FILE|off
                                     snap caption times to the video's cuts: a start within 12
                                     frames moves onto the cut, an end to 2 frames before it (auto:
                                     FFmpeg scene detection, one extra decoding pass; FILE: one time
                                     or timecode per line, or a CMX 3600 EDL; default: off)
              --second-captions FILE a second track drawn with the first (bilingual captions): its
                                     own timing, language font, size and colour (the preset's
                                     secondTrack); repeat for one output per file
              --second-language TAG  right after --second-captions: that file's language
              --speaker-labels       the speaker's name before a caption whenever the speaker
                                     changes (Ana: ...), from JSON speaker, WebVTT <v>, live logs
              --segments N           plan: cut the video into N time ranges at keyframes for a split
                                     render (with -o PLAN.json)
              --plan FILE            render a part of a split render: its captions and their settings
                                     come from the plan (with --segment)
              --segment I/N          the part to render, 0/N to N-1/N
              --export-captions FILE also write the final captions (.srt, .vtt with word timestamps,
                                     .json, or .ass with karaoke timings and the look's colours)
              --codec NAME           h264 (libx264, the default), hevc (libx265), av1 (libsvtav1),
                                     vp9 (libvpx-vp9) or prores (prores_ks, 4:2:2 10-bit HQ)
              --encoder NAME         any FFmpeg video encoder that takes frames in memory
                                     (h264_nvenc, hevc_nvenc, libaom-av1, ...)
              --crf N                quality on x264's scale, 0 (lossless) to 51 (default: 20),
                                     mapped to each encoder's own (docs/CODECS.md)
              --encoder-preset NAME  speed on x264's scale, ultrafast ... placebo (default: medium);
                                     --x264-preset is the same
              --hdr keep|sdr         an HDR (HLG, PQ) input: keep it (default with hevc, av1, vp9)
                                     or tone-map it to SDR BT.709 (default with h264)
              --threads N            encoder threads (default: one per core)
              --overlay-only         only the captions, on a transparent background at the input's
                                     size and frame times, for an editor to lay over the original:
                                     -o .mov (ProRes 4444), .webm (VP9 with alpha) or caps_%05d.png
              --fonts-conf FILE      fontconfig file to use instead of the shipped Fonts.conf
              --null                 decode, lay out, rasterize and composite every frame, then
                                     drop it: no encode and no file (measures the captions' cost)
              --stats                after a render, print the time per stage and the number of
                                     caption bitmaps rasterized
              --port N               review: the port to listen on, on 127.0.0.1 (default: a free one)
              --at TIME              still: the time of the frame, seconds (12.5) or [hh:]mm:ss[.fff]
              --show-safe-area       still, preview: outline the preset's safe area
          -q, --quiet                no progress and no summary line
          --                         end of options: the next argument is the input, even if it
                                     starts with a dash
          -h, --help                 this text
              --version              version of burn-captions and its libraries

        exit codes: 0 done, 1 failed, 2 usage error, 130/143 interrupted (SIGINT/SIGTERM).
        """

    static func parse(_ arguments: [String]) throws -> Command {
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
        var output: String?
        var fontsConf: String?
        var encoder = EncoderSettings()
        var encoderCodec: VideoCodec??  // the codec of --encoder's encoder (nil inside: none of the five)
        var quiet = false
        var script: String?
        var timingFix = true
        var export: String?
        var discardFrames = false
        var stats = false
        var speakerLabels = false
        var overlayOnly = false
        var shotChanges = ShotChangeSource.off
        var codecGiven = false  // --codec was given (an --overlay-only output checks it)

        var segments: Int?
        var port: UInt16?
        var planFile: String?
        var segment: (index: Int, count: Int)?

        var rest = arguments[...]
        if rest.first == "batch" { return try BatchArguments.parse(rest.dropFirst()) }
        if rest.first == "join" { return try JoinArguments.parse(rest.dropFirst()) }
        if let listing = rest.first, listing == "presets" || listing == "looks" {
            if let extra = rest.dropFirst().first {
                if extra == "-h" || extra == "--help" { return .help }
                throw BurnError.usage("\(listing) takes no arguments, got \(extra)")
            }
            return listing == "presets" ? .presets : .looks
        }
        let mode = rest.first.flatMap { ["plan", "lint", "still", "preview", "review"].contains($0) ? $0 : nil }
        if mode != nil { rest.removeFirst() }
        // plan and lint print; they write no file.
        let isPlan = mode == "plan" || mode == "lint" || mode == "review"
        var json = false
        var frameRate: Double?
        var at: Double?
        var showSafeArea = false
        func value(_ option: String) throws -> String {
            guard let next = rest.popFirst(), !next.isEmpty else { throw BurnError.usage("\(option) needs a value") }
            return next
        }
        var optionsEnded = false
        while let argument = rest.popFirst() {
            // After `--` every argument is the input, even one that starts with a dash.
            if optionsEnded || argument == "--" {
                if optionsEnded {
                    guard input == nil else {
                        throw BurnError.usage(
                            "more than one input: \(input!) and \(argument) (after --, every argument is the input: options go before it)")
                    }
                    input = argument
                }
                optionsEnded = true
                continue
            }
            // --option=value is the same as --option value.
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                rest.insert(String(argument[argument.index(after: equals)...]), at: rest.startIndex)
                rest.insert(String(argument[..<equals]), at: rest.startIndex)
                continue
            }
            switch argument {
            case "-h", "--help": return .help
            case "--version": return .version
            case "-c", "--captions": captions.append(CaptionSource(path: try value(argument)))
            case "--second-captions": secondCaptions.append(CaptionSource(path: try value(argument)))
            case "--second-language":
                guard !secondCaptions.isEmpty else {
                    throw BurnError.usage("--second-language goes right after the --second-captions it is for")
                }
                try Self.give(try value(argument), to: &secondCaptions, option: argument)
            case "--captions-format":
                let name = try value(argument)
                guard let parsed = CaptionFormat(rawValue: name.lowercased()) else {
                    let known = CaptionFormat.allCases.map(\.rawValue).joined(separator: ", ")
                    throw BurnError.usage("--captions-format: unknown format \"\(name)\" (known: \(known))")
                }
                format = parsed
            case "--captions-encoding":
                let name = try value(argument)
                guard TextEncoding.isKnown(name) else {
                    throw BurnError.usage("--captions-encoding: ICU knows no encoding \"\(name)\" (e.g. windows-1252, latin1, Shift_JIS)")
                }
                encoding = name
            case "--strict": strict = true
            case "-p", "--preset": presets.append(try value(argument))
            case "--look": looks.append(try value(argument))
            case "--emphasize": emphasize = try value(argument)
            case "-o", "--output": output = try value(argument)
            case "--language":
                // After a --captions, it is that file's language; before any, every file's.
                if !captions.isEmpty {
                    try Self.give(try value(argument), to: &captions, option: argument)
                } else {
                    let tag = try value(argument)
                    if let problem = LanguageTag.problem(tag) { throw BurnError.usage("--language: \(problem)") }
                    if defaultLanguage != nil { throw BurnError.usage("--language given twice before any --captions") }
                    defaultLanguage = tag
                }
            case "--fonts-conf": fontsConf = try value(argument)
            case "--crf":
                encoder.crf = try OptionNumber.decimal(try value(argument), argument, in: 0...51, expecting: "a number from 0 to 51")
            case "--x264-preset", "--encoder-preset":
                let name = try value(argument)
                guard EncoderSettings.x264Presets.contains(name) else {
                    let known = EncoderSettings.x264Presets.joined(separator: ", ")
                    throw BurnError.usage("\(argument): unknown preset \"\(name)\" (known: \(known))")
                }
                encoder.preset = name
            case "--codec":
                let name = try value(argument)
                guard let codec = VideoCodec(rawValue: name.lowercased()) else {
                    let known = VideoCodec.allCases.map(\.rawValue).joined(separator: ", ")
                    throw BurnError.usage("--codec: unknown codec \"\(name)\" (known: \(known))")
                }
                encoder.codec = codec
                codecGiven = true
            case "--encoder":
                let name = try value(argument)
                if let problem = EncoderSettings.problem(encoder: name) { throw BurnError.usage("--encoder: \(problem)") }
                guard let codec = VideoCodec.ofEncoder(name) else {
                    throw BurnError.usage("--encoder: this FFmpeg has no video encoder \"\(name)\"")
                }
                encoder.encoder = name
                encoderCodec = codec
            case "--hdr":
                let name = try value(argument)
                guard let choice = EncoderSettings.HDRChoice(rawValue: name) else {
                    throw BurnError.usage("--hdr: expected keep or sdr, got \"\(name)\"")
                }
                encoder.hdr = choice
            case "--threads":
                encoder.threads = try OptionNumber.whole(try value(argument), argument, in: 1...256)
            case "--outputs-per-pass":
                outputsPerPass = try OptionNumber.whole(try value(argument), argument, in: 1...64)
            case "-q", "--quiet": quiet = true
            case "--null": discardFrames = true
            case "--stats": stats = true
            case "--show-safe-area": showSafeArea = true
            case "--at":
                let text = try value(argument)
                guard let seconds = Self.time(text) else {
                    throw BurnError.usage(
                        "--at: expected seconds (12.5) or a clock time ([hh:]mm:ss[.fff], 1:02.5), got \"\(text)\"")
                }
                at = seconds
            case "--script": script = try value(argument)
            case "--no-timing-fix": timingFix = false
            case "--shot-changes": shotChanges = ShotChangeSource(try value(argument))
            case "--speaker-labels": speakerLabels = true
            case "--overlay-only": overlayOnly = true
            case "--json": json = true
            case "--fps":
                frameRate = try OptionNumber.decimal(
                    try value(argument), argument, in: 1...1000, expecting: "frames per second from 1 to 1000")
            case "--export-captions": export = try value(argument)
            case "--segments":
                segments = try OptionNumber.whole(try value(argument), argument, in: 1...SplitRender.maximumSegments)
            case "--plan": planFile = try value(argument)
            case "--port":
                port = UInt16(try OptionNumber.whole(try value(argument), argument, in: 0...65535, expecting: "a port from 0 to 65535"))
            case "--segment":
                let text = try value(argument)
                let fields = text.split(separator: "/", omittingEmptySubsequences: false)
                guard fields.count == 2, let index = OptionNumber.whole(fields[0]), let count = OptionNumber.whole(fields[1]), count >= 1,
                    (0..<count).contains(index)
                else {
                    throw BurnError.usage("--segment: expected I/N with I from 0 to N-1, e.g. 0/4, got \"\(text)\"")
                }
                segment = (index, count)
            default:
                if argument.hasPrefix("-") && argument != "-" {
                    throw BurnError.usage("unknown option \(argument)")
                }
                guard input == nil else { throw BurnError.usage("more than one input: \(input!) and \(argument)") }
                input = argument
            }
        }
        // lint may check a caption file alone, on the preset's frame.
        guard let input = input ?? (mode == "lint" ? "" : nil) else { throw BurnError.usage("no input video") }
        if port != nil && mode != "review" { throw BurnError.usage("--port is for review") }
        if segments != nil && mode != "plan" { throw BurnError.usage("--segments is for plan (then --plan and --segment render the parts)") }
        if let encoderCodec {
            // --encoder decides the codec; a --codec beside it must agree.
            if arguments.contains("--codec"), let codec = encoderCodec, codec != encoder.codec {
                throw BurnError.usage("--encoder \(encoder.encoderName) writes \(codec.rawValue), not \(encoder.codec.rawValue) (--codec)")
            }
            encoder.codec = encoderCodec ?? .h264
        }
        if let planFile {
            // A part of a split render: the captions and everything that lays them out come from the plan.
            let fromPlan = [
                ("--captions", !captions.isEmpty), ("--second-captions", !secondCaptions.isEmpty), ("--preset", !presets.isEmpty),
                ("--look", !looks.isEmpty), ("--language", defaultLanguage != nil), ("--script", script != nil),
                ("--emphasize", emphasize != nil), ("--fonts-conf", fontsConf != nil), ("--no-timing-fix", !timingFix),
                ("--shot-changes", shotChanges != .off), ("--speaker-labels", speakerLabels), ("--captions-format", format != nil),
                ("--captions-encoding", encoding != nil), ("--strict", strict),
            ]
            if let (option, _) = fromPlan.first(where: \.1) {
                throw BurnError.usage("\(option): a part of a split render takes its captions and their settings from \(planFile)")
            }
            if let mode { throw BurnError.usage("--plan renders a part; \(mode) does not take it") }
            guard let segment else { throw BurnError.usage("--plan needs --segment I/N: the part to render") }
            if discardFrames || overlayOnly || export != nil {
                throw BurnError.usage("a part of a split render is written to -o PART.mp4 (no --null, --overlay-only or --export-captions)")
            }
            guard let output else { throw BurnError.usage("no output (-o PART.mp4)") }
            let request = BurnRequest(input: input, captions: planFile, output: .file(output), encoder: encoder)
            return .part(request, plan: planFile, segment: segment.index, of: segment.count, quiet: quiet, stats: stats)
        }
        if segment != nil { throw BurnError.usage("--segment needs --plan PLAN.json (made by plan --segments N)") }
        guard !captions.isEmpty else { throw BurnError.usage("no captions (--captions FILE)") }
        for index in captions.indices where captions[index].language == nil { captions[index].language = defaultLanguage }
        if isPlan {
            if output != nil && mode != "plan" { throw BurnError.usage("\(mode!) writes no file; it takes no -o") }
            if let output, mode == "plan", !output.lowercased().hasSuffix(".json") {
                throw BurnError.usage("plan -o \(output): a plan is JSON; name it .json")
            }
            if export != nil { throw BurnError.usage("\(mode!) prints the captions; --export-captions is for renders") }
        }
        if mode == "review", captions.contains(where: { $0.path == "-" }) {
            throw BurnError.usage("review edits and saves its caption file: give a file, not standard input (-)")
        }
        if json && mode != "lint" { throw BurnError.usage("--json is for lint") }
        if frameRate != nil && mode != "lint" { throw BurnError.usage("--fps is for lint without a video") }
        if let mode, discardFrames || stats { throw BurnError.usage("--null and --stats are for renders, not \(mode)") }
        if discardFrames && output != nil { throw BurnError.usage("--null writes no file; it takes no -o") }
        if overlayOnly && (mode != nil || discardFrames) {
            throw BurnError.usage("--overlay-only is for renders to a file, not \(mode ?? "--null")")
        }
        if overlayOnly, let path = output, let format = OverlayFormat(path: path),
            let problem = format.problem(codec: codecGiven ? encoder.codec : nil, encoder: encoder.encoder)
        {
            throw BurnError.usage(problem)
        }
        let planOutput = mode == "plan" ? output : nil
        guard let output = (isPlan ? BurnOutput.none : nil) ?? output.map(BurnOutput.file) ?? (discardFrames ? .discard : nil) else {
            throw BurnError.usage("no output (-o FILE)")
        }
        var base = BurnRequest(
            input: input, captions: captions[0].path, captionsFormat: format, output: output,
            encoder: encoder, fontsConf: fontsConf, script: script, timingFix: timingFix,
            captionsEncoding: encoding, strictCaptions: strict, emphasize: emphasize)
        base.speakerLabels = speakerLabels
        base.overlayOnly = overlayOnly
        base.shotChanges = shotChanges
        let combinations = BurnCombinations(
            base: base, captions: captions, secondCaptions: secondCaptions, presets: presets.isEmpty ? ["tiktok"] : presets,
            looks: looks.isEmpty ? [nil] : looks, output: output, exportCaptions: export)
        if let mode, combinations.count > 1 {
            throw BurnError.usage("\(mode) shows one output: give one --captions, one --preset and one --look")
        }
        let requests = try combinations.requests()
        switch mode {
        case "plan": return .plan(requests[0], output: planOutput, segments: segments)
        case "review": return .review(requests[0], port: port ?? 0)
        case "lint": return .lint(requests[0], json: json, frameRate: frameRate)
        case "still":
            guard let at else { throw BurnError.usage("still needs --at SECONDS") }
            return .still(requests[0], at: at, showSafeArea: showSafeArea)
        case "preview": return .preview(requests[0], showSafeArea: showSafeArea)
        default: return .burn(requests, outputsPerPass: outputsPerPass, quiet: quiet, stats: stats)
        }
    }

    /// Gives the BCP-47 `tag` (of `option`) to the last of `sources`; a usage error for a tag
    /// that is none, or a file that has one already.
    private static func give(_ tag: String, to sources: inout [CaptionSource], option: String) throws {
        if let problem = LanguageTag.problem(tag) { throw BurnError.usage("\(option): \(problem)") }
        if let given = sources[sources.count - 1].language {
            throw BurnError.usage("\(option): \(sources[sources.count - 1].path) already has the language \(given)")
        }
        sources[sources.count - 1].language = tag
    }

    /// Decimal seconds (`12`, `12.5`) or a clock time `[hh:]mm:ss[.fff]` (`1:02.5`, `01:00:02`),
    /// in seconds; nil for anything else (`0x10`, `1e3`, `-1`, `1:75`).
    static func time(_ text: String) -> Double? {
        let fields = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...3).contains(fields.count) else { return nil }
        // Every field is ASCII digits; only the seconds may have a fraction.
        let units = fields.dropLast().compactMap { OptionNumber.whole($0).map(Double.init) }
        guard units.count == fields.count - 1, let seconds = OptionNumber.decimal(fields[fields.count - 1]) else { return nil }
        if !units.isEmpty && seconds >= 60 || units.count == 2 && units[1] >= 60 { return nil }
        let total = units.reduce(0) { $0 * 60 + $1 } * 60 + seconds
        return total.isFinite ? total : nil
    }
}
