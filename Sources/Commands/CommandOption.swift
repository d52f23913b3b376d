import Pipeline

/// The commands of `burn-captions` that take options: `render` is `burn-captions INPUT ...`,
/// `part` a render of one part of a split render (`--plan`).
public enum OptionCommand: String, Sendable, CaseIterable {
    case render, part, plan, lint, review, still, preview, join, batch, transcribe, looks, cuts, live
}

/// Which option a spelling names, as the parsers switch on it.
public enum OptionID: String, Sendable, CaseIterable {
    case captions, captionsFormat, captionsEncoding, strict, preset, look, maxWords, emoji, emphasize, output, language
    case outputsPerPass, script, noTimingFix, shotChanges, secondCaptions, secondLanguage, speakerLabels
    case segments, plan, segment, exportCaptions, codec, encoder, crf, encoderPreset, hdr, threads
    case overlayOnly, fontsConf, null, stats, port, at, showSafeArea, showObstacles, quiet, endOfOptions, help, version
    case json, fps, input, shard, shardCount, workers, force, retries, report
    case model, computeType, languageThreshold, soundTags, align, saveAs, avoid, obstacles, sheet
    case cuts, cutsFile, maxPause, cutPauses, editList, cea608
    case realtime, keyframes, videoBitrate, liveStats, captionsFeed, reconnect, delay, liveMode, rows, audioInput, slate, record
}

/// One option of the command line: its spellings, what its value is called, its lines in
/// `--help`, the commands that take it and the batch manifest fields that say the same.
public struct CommandOption: Sendable {
    public let id: OptionID
    /// Every spelling; a two-character one (`-c`) first, then the one `--help` shows.
    public let names: [String]
    /// Its value's name in `--help` (`FILE`, `N`); nil for an option that takes no value.
    public let value: String?
    public let commands: Set<OptionCommand>
    /// The manifest fields of a batch job that give it (`timingFix` for `--no-timing-fix`).
    public let manifest: [String]
    /// Its description in the options of `--help`, one line each; none for an option only the
    /// synopsis shows.
    public let help: [String]

    init(
        _ id: OptionID, _ names: [String], value: String?, commands: Set<OptionCommand>, manifest: [String] = [],
        help: String = ""
    ) {
        self.id = id
        self.names = names
        self.value = value
        self.commands = commands
        self.manifest = manifest
        self.help = help.isEmpty ? [] : help.components(separatedBy: "\n")
    }

    /// The option `spelling` names among those some of `commands` take; nil for none.
    public static func named(_ spelling: String, among commands: Set<OptionCommand>) -> CommandOption? {
        all.first { $0.names.contains(spelling) && !$0.commands.isDisjoint(with: commands) }
    }

    /// The option of `id`.
    public static func of(_ id: OptionID) -> CommandOption {
        all.first { $0.id == id }!
    }

    /// Every field a batch manifest line may have: the input, and the field of each option a
    /// job takes. Sorted: the nearest-name suggestion for a misspelt field breaks ties by
    /// order, and this order answers as the hand-kept list did.
    public static let manifestFields = (["input"] + all.flatMap(\.manifest)).sorted()

    /// The options section of `--help`: the spellings (a two-character one from column 3,
    /// the rest from column 7), then the description from column 30, below them when they
    /// reach that far.
    public static var helpText: String {
        all.filter { !$0.help.isEmpty }.map { option in
            let short = option.names[0].count == 2
            let names = short && option.names.count > 1 ? "\(option.names[0]), \(option.names[1])" : option.names[0]
            let label = (short ? "  " : "      ") + names + (option.value.map { " \($0)" } ?? "")
            let indent = String(repeating: " ", count: 29)
            let first = label.count < 29 ? label.padding(toLength: 29, withPad: " ", startingAt: 0) + option.help[0] : label
            let rest = (label.count < 29 ? option.help.dropFirst() : option.help[...]).map { indent + $0 }
            return ([first] + rest).joined(separator: "\n")
        }.joined(separator: "\n")
    }
}

extension Set<OptionCommand> {
    /// The commands that read captions and lay them out.
    static let captionCommands: Set<OptionCommand> = [.render, .plan, .lint, .review, .still, .preview]
    /// The commands that may recognize the input's speech.
    static let recognitionCommands: Set<OptionCommand> = captionCommands.union([.transcribe])
    /// The commands that may recognize the input's speech and take the recognizer's settings
    /// (`cuts` too, which never aligns a caption file).
    static let speechCommands: Set<OptionCommand> = recognitionCommands.union([.cuts])
    /// The commands that cut the input: renders, `plan` and `lint` (on the cut timeline),
    /// `cuts`, which writes the cut plan, and `review`, which lists a cut file's spans or
    /// makes the plan for a new one (`--cuts` with `--cuts-file`).
    static let cutCommands: Set<OptionCommand> = [.render, .plan, .lint, .cuts, .review]
    /// The commands that encode video.
    static let encoderCommands: Set<OptionCommand> = [.render, .part, .review]
}
