import Captions
import Cuts
import Media
import Settings
import Speech
import Vision

/// Everything one burn needs: input, captions, look, output and encoder settings.
public struct BurnRequest: Sendable, Equatable {
    public var input: VideoInput
    public var captions: CaptionInput
    public var preset: String  // a name in Presets/ or a path to a preset file
    public var look: String?  // a name in Presets/looks/ or a path to a look file; nil: the preset's
    public var emphasize: String?  // a file of words and phrases to emphasize, one per line
    /// The most words a caption holds (`--max-words`, 1...8); nil: the look's, else the preset's.
    public var maxWords: Int?
    /// Where emoji added after words come from (`--emoji`); off by default.
    public var emoji = EmojiSource.off
    public var output: RenderDestination
    public var encoder: EncoderSettings
    public var fontsConf: String?  // fontconfig file instead of the shipped Fonts.conf
    public var timingFix: Bool  // move phrase starts to where the speech begins
    public var exportCaptions: String?  // also write the final captions here (.srt, .vtt, .json)
    public var speakerLabels = false  // the speaker's name before their first caption after a change
    public var secondCaptions: String?  // a second track drawn with the first (bilingual captions)
    public var secondLanguage: String?  // BCP-47, for second-track captions that name none
    /// Where caption times are snapped to shot changes from (`--shot-changes`); off by default.
    public var shotChanges = ShotChangeSource.off
    /// How speech is recognized, for `--captions auto` and for aligning a file's words.
    public var recognition = RecognitionSettings()
    /// Whether a file without word timings gets them from the speech when its look shows
    /// words one by one (`--align`).
    public var alignment = WordAlignment.auto
    /// What captions move off (`--avoid`); nil: what the preset says (`avoid`), else nothing.
    public var avoid: ObstacleSearch?
    /// Boxes another tool found (`--obstacles FILE.json`), avoided besides any detected.
    public var obstaclesFile: String?
    /// Whether the input is cut (`--cuts`, `--cuts-file`): the render plays only what is
    /// kept, and the captions are planned on the cut timeline.
    public var cuts = CutSource.off
    /// Where the kept ranges are written for an editor (`--edit-list FILE.otio|.fcpxml|.xml|.edl`).
    public var editList: String?
    /// Also carry the first track's captions as CEA-608 closed captions (CC1 roll-up, in the
    /// H.264 stream's A/53 data: `--cea608`).
    public var closedCaptions = false

    public init(
        input: VideoInput, captions: CaptionInput, preset: String = "tiktok", output: RenderDestination,
        encoder: EncoderSettings = EncoderSettings(), fontsConf: String? = nil, timingFix: Bool = true,
        exportCaptions: String? = nil, look: String? = nil, emphasize: String? = nil
    ) {
        self.look = look
        self.emphasize = emphasize
        self.input = input
        self.captions = captions
        self.preset = preset
        self.output = output
        self.encoder = encoder
        self.fontsConf = fontsConf
        self.timingFix = timingFix
        self.exportCaptions = exportCaptions
    }

    /// Every file the job reads (video, captions, script, preset and look files, emphasis
    /// list, fontconfig file), which no output may be.
    public var inputFiles: [String] {
        let preset = try? Resources.preset(preset).path
        let look = look.flatMap { try? Resources.look($0).path }
        return [
            input.path, captions.path, secondCaptions, captions.script, preset, look, emphasize, emoji.file, fontsConf, shotChanges.file,
            obstaclesFile, cuts.file,
        ]
            .compactMap { $0 }
    }
}

extension BurnRequest {
    /// The combination this request renders, for messages: its captions, preset and look.
    public var outputDescription: String {
        "\(captions.file)" + (secondCaptions.map { " and \($0)" } ?? "") + " with preset \(preset)"
            + (look.map { ", look \($0)" } ?? "")
    }

    /// How this request's speech is recognized: `recognition`, in the language the captions
    /// are said to be in when one is given.
    var recognitionSettings: RecognitionSettings {
        var settings = recognition
        if let language = captions.language { settings.language = language }
        return settings
    }

    /// The second track as a request of its own (its file and language; no script or
    /// emphasis list, which are the first track's), or nil without one.
    var secondTrack: BurnRequest? {
        guard let secondCaptions else { return nil }
        var track = self
        track.captions.file = secondCaptions
        track.captions.language = secondLanguage
        track.captions.script = nil
        track.emphasize = nil
        track.emoji = .off
        track.secondCaptions = nil
        return track
    }
}

/// What became of one request of a run of several.
public struct BurnOutcome: Sendable {
    public var request: BurnRequest
    public var result: Result<BurnResult, BurnError>
}

/// Where the shot changes that caption times snap to come from: none (authored times stay),
/// scene detection in the video (a decoding pass of its own), or a file (`ShotChanges.read`).
public typealias ShotChangeSource = OffAutoOrFile

/// What a burn reports while it runs.
public enum BurnEvent: Sendable {
    case warning(String)
    case notice(String)
    case progress(TranscodeProgress)
    /// Speech recognition has done `seconds` of `total`. // seconds
    case recognition(seconds: Double, total: Double)
}

/// Whether a caption file's words get their times from the speech (forced alignment).
public enum WordAlignment: String, Sendable, Equatable {
    /// When a look shows words one by one and the file has no word timings.
    case auto
    /// Never: such words are timed by their length.
    case off
}

/// What a finished burn did.
public struct BurnResult: Sendable {
    public var output: String?  // nil when the frames were discarded (`--null`)
    public var width: Int  // pixels
    public var height: Int  // pixels
    public var frames: Int
    public var captionedFrames: Int
    public var captions: Int
    public var rasterized: Int  // caption bitmaps made
    public var copiedAudioStreams: Int
    public var copiedFrames: Int  // captioned frames copied because the decoder still referenced them
    public var stages: StageTimes  // seconds per stage, layout included
}
