import CaptionFiles
import Commands
import Foundation
import Live
import Media
import Pipeline
import Speech

/// Parses `burn-captions live INPUT -o OUTPUT [options]`; an address given as `env:NAME` is
/// read from the environment, so that a stream key stays off the command line.
enum LiveArguments {
    static func parse(_ arguments: ArraySlice<String>) throws -> Command {
        var list = ArgumentList(arguments)
        var input: String?
        var output: String?
        var realtime = false
        var encoder = EncoderSettings(crf: 23, preset: "veryfast")
        var keyframeSeconds = 2.0
        var rate: Int?
        var stats: String?
        var quiet = false
        var feed: String?
        var reconnect: Double?
        var delay: Double?
        var mode: LiveDisplayMode?
        var rows: Int?
        var speakerLabels = false
        var secondFeed: String?
        var secondLanguage: String?
        var recognition: RecognitionSettings?
        var language: String??
        var model: String?
        var computeType: String?
        var closedCaptions = false
        var preset: String?
        var look: String?
        var fontsConf: String?
        var sound: String?
        var slate: String?
        var record: String?
        var optionsEnded = false
        while let argument = list.next() {
            if list.split(argument) { continue }
            let option = optionsEnded ? nil : CommandOption.named(argument, among: [.live])
            func value() throws -> String { try list.value(of: argument) }
            switch option?.id {
            case .endOfOptions: optionsEnded = true
            case .help: return .help
            case .version: return .version
            case .output: output = try value()
            case .realtime: realtime = true
            case .keyframes:
                keyframeSeconds = try OptionNumber.decimal(try value(), argument, in: 0.5...20, expecting: "seconds from 0.5 to 20")
            case .videoBitrate: rate = try OptionNumber.whole(try value(), argument, in: 100...100_000)
            case .liveStats: stats = try value()
            case .cea608: closedCaptions = true
            case .reconnect:
                reconnect = try OptionNumber.decimal(try value(), argument, in: 0...3600, expecting: "seconds from 0 to 3600")
            case .captionsFeed: feed = try value()
            case .audioInput: sound = try value()
            case .slate: slate = try value()
            case .record: record = try value()
            case .liveMode:
                let name = try value()
                guard let chosen = LiveDisplayMode(rawValue: name) else {
                    throw BurnError.usage("\(argument): expected roll-up or pages, got \"\(name)\"")
                }
                mode = chosen
            case .speakerLabels: speakerLabels = true
            case .secondCaptions: secondFeed = try value()
            case .secondLanguage: secondLanguage = try value()
            case .rows: rows = try OptionNumber.whole(try value(), argument, in: 1...3)
            case .delay: delay = try OptionNumber.decimal(try value(), argument, in: 0.5...10, expecting: "seconds from 0.5 to 10")
            case .captions:
                guard try value() == CaptionOrigin.auto else {
                    throw BurnError.usage("live: --captions takes auto (the speech as it is spoken); a caption feed goes with --captions-feed")
                }
                recognition = recognition ?? RecognitionSettings()
            case .language:
                let tag = try value()
                language = tag == "auto" ? .some(nil) : .some(tag)
            case .model: model = try OptionCheck.model(try value(), .commandLine(argument))
            case .computeType: computeType = try OptionCheck.computeType(try value(), .commandLine(argument))
            case .preset: preset = try value()
            case .look: look = try value()
            case .fontsConf: fontsConf = try value()
            case .crf: encoder.crf = try OptionNumber.decimal(try value(), argument, in: 0...51, expecting: "a number from 0 to 51")
            case .encoderPreset: encoder.preset = try OptionCheck.encoderPreset(try value(), .commandLine(argument))
            case .encoder:
                let name = try value()
                guard ["libx264", "h264_nvenc"].contains(name) else {
                    throw BurnError.usage("live: --encoder \(name): a live stream is H.264, libx264 or h264_nvenc")
                }
                encoder.encoder = name
            case .threads: encoder.threads = try OptionNumber.whole(try value(), argument, in: 1...256)
            case .quiet: quiet = true
            case .some(let other):
                preconditionFailure("\(argument) (\(other)) is not an option of live")
            case nil:
                if argument.hasPrefix("-") && argument != "-" && !optionsEnded { throw BurnError.usage("live: unknown option \(argument)") }
                guard input == nil else { throw BurnError.usage("live: more than one input: \(input!) and \(argument)") }
                input = argument
            }
        }
        guard let input else {
            throw BurnError.usage("live needs an INPUT (rtmp://, srt://, udp://, a camera v4l2:/dev/video0, or a file with --realtime)")
        }
        guard let output else { throw BurnError.usage("live needs -o OUTPUT (rtmp://, srt://, udp://, .m3u8, or a file)") }
        var request = LiveRequest(
            input: try address(input, sound: sound), output: try address(output), pace: realtime ? .timestamps : .asReceived, encoder: encoder,
            keyframeSeconds: keyframeSeconds, maximumKilobitsPerSecond: rate, statsPath: stats)
        request.feed = feed
        if recognition != nil && feed != nil {
            throw BurnError.usage("live: --captions auto and --captions-feed: give one source of captions")
        }
        if recognition == nil && (language != nil || model != nil || computeType != nil) {
            throw BurnError.usage("live: --language, --model and --compute-type are for --captions auto")
        }
        if var settings = recognition {
            if let language { settings.language = language }
            settings.model = model ?? Self.model(language: settings.language)
            if let computeType { settings.computeType = computeType }
            request.recognition = settings
        }
        request.closedCaptions = closedCaptions
        request.reconnectSeconds = reconnect ?? request.reconnectSeconds
        request.slatePath = slate
        request.recordPath = record
        request.delaySeconds = delay ?? 0
        request.displayMode = mode ?? request.displayMode
        request.rows = rows ?? request.rows
        request.speakerLabels = speakerLabels
        if secondLanguage != nil && secondFeed == nil {
            throw BurnError.usage("live: --second-language is the language of --second-captions")
        }
        if secondFeed != nil && secondFeed == feed {
            throw BurnError.usage("live: --second-captions \(secondFeed!) is the first track's feed too")
        }
        request.secondFeed = secondFeed
        request.secondLanguage = secondLanguage
        request.preset = preset ?? request.preset
        request.look = look
        request.fontsConf = fontsConf
        if let problem = request.usageProblem { throw BurnError.usage(problem) }
        return .live(request, quiet: quiet)
    }

    /// The model live speech is recognized with when none is named: English's own tiny.en for
    /// English (the only one to show words within the 1.5 s p50 and 2.5 s p95 beside a
    /// 720p encode on 2 cores, docs/LIVE.md), else base.
    static func model(language: String?) -> String {
        language.map { $0.lowercased() == "en" || $0.lowercased().hasPrefix("en-") } == true ? "tiny.en" : RecognitionSettings.defaultModel
    }

    /// `text` as an address, with `sound` (`--audio-input`) for a camera; `env:NAME` is the variable's value.
    private static func address(_ text: String, sound: String? = nil) throws -> StreamAddress {
        var text = text
        if text.hasPrefix("env:") {
            let name = String(text.dropFirst(4))
            guard let value = ProcessInfo.processInfo.environment[name], !value.isEmpty else {
                throw BurnError.usage("\(text): the environment has no \(name)")
            }
            text = value
        }
        do {
            let address = try StreamAddress(text)
            return try sound.map { sound throws(StreamAddressError) in try address.adding(sound: sound) } ?? address
        } catch {
            throw BurnError.usage(error.description)
        }
    }
}
