import Media
import Pipeline
import Speech

/// What `burn-captions live` was asked to do: where the stream comes from and goes, how it is
/// encoded and paced, and where its per-frame log goes. A plain value.
public struct LiveRequest: Sendable {
    public var input: StreamAddress
    public var output: StreamAddress
    /// `.timestamps` for a file read as a live source (`--realtime`).
    public var pace: LivePace
    /// Quality, speed and encoder; the live settings (GOP, rate cap) are added from the input's rate.
    public var encoder: EncoderSettings
    /// Time from one keyframe to the next. // seconds
    public var keyframeSeconds: Double
    /// The video's rate cap (`--video-bitrate`), nil for none. // kbit/s
    public var maximumKilobitsPerSecond: Int?
    /// Where each frame's line goes (`--live-stats`), JSON lines.
    public var statsPath: String?
    /// Where caption items come from (`--captions-feed`): a file, a FIFO, `-` or `tcp://HOST:PORT`;
    /// nil: no captions.
    public var feed: String?
    /// `--second-captions`: a second track's feed (a translation, say), drawn with the first
    /// as the preset's `secondTrack` says; nil: none.
    public var secondFeed: String?
    /// The second track's language (`--second-language`), for its fonts and line breaks.
    public var secondLanguage: String?
    /// `--captions auto`: the speech recognized as it is spoken, with these settings; nil: none.
    public var recognition: RecognitionSettings?
    /// The preset and look the captions are drawn in, and the fonts file (nil: the shipped one).
    public var preset = "default"
    public var look: String?
    public var fontsConf: String?
    /// The committed words also as CEA-608 roll-up closed captions in the H.264 stream (`--cea608`).
    public var closedCaptions = false
    /// Rows shown at once (`--rows`).
    public var rows = 2
    /// How the rows make room for new words (`--live-mode`).
    public var displayMode = LiveDisplayMode.rollUp
    /// A row starts with its speaker's name when the speaker changes (`--speaker-labels`).
    public var speakerLabels = false
    /// How long a lost network input is waited for, the last frame repeated, before the
    /// stream ends (`--reconnect`); 0: it ends with its input. // seconds
    public var reconnectSeconds = 30.0
    /// The picture shown while a lost input is waited for (`--slate`); nil: its last frame.
    public var slatePath: String?
    /// A file the stream is also written to, its own encode of the same frames (`--record`).
    public var recordPath: String?
    /// How long every frame and packet is held back after it arrives (`--delay`), so that
    /// captions show on their words' own start times; 0: sent on at once. // seconds
    public var delaySeconds = 0.0

    public init(
        input: StreamAddress, output: StreamAddress, pace: LivePace, encoder: EncoderSettings, keyframeSeconds: Double = 2,
        maximumKilobitsPerSecond: Int? = nil, statsPath: String? = nil
    ) {
        self.input = input
        self.output = output
        self.pace = pace
        self.encoder = encoder
        self.keyframeSeconds = keyframeSeconds
        self.maximumKilobitsPerSecond = maximumKilobitsPerSecond
        self.statsPath = statsPath
    }

    /// The problem with the pairing of input and pace, as a usage message; nil when it holds.
    public var usageProblem: String? {
        if output.kind == .capture { return "\(output.redacted): a capture device is an input, not an output" }
        if input.kind == .capture, input.devices.first?.kind.isSound == true {
            return "\(input.redacted): a sound device gives no pictures: give the camera as INPUT (v4l2:/dev/video0) and the sound with --audio-input"
        }
        if let recordPath {
            if output.kind == .file { return "--record is for a stream output: the file \(output.redacted) is its own recording" }
            guard (try? StreamAddress(recordPath))?.kind == .file else {
                return "--record \(recordPath): a file (.mp4, .mkv, .ts …), not a stream or a playlist"
            }
        }
        if slatePath != nil && (!input.mayComeBack || reconnectSeconds == 0) {
            return "--slate is shown while a lost input is waited for: it goes with a network input or a camera, and --reconnect above 0"
        }
        switch (input.kind, pace) {
        case (.file, .asReceived): return "\(input.redacted): a file is a live source only at its own pace (add --realtime)"
        case (.hls, _): return "\(input.redacted): an HLS playlist is not a live input (rtmp://, srt://, udp://, a file with --realtime)"
        case (.rtmp, .timestamps), (.srt, .timestamps), (.udp, .timestamps):
            return "--realtime is for a file: a network input comes at its sender's pace"
        case (.capture, .timestamps):
            return "--realtime is for a file: a capture device comes at its own pace (a lavfi graph: add the realtime filter)"
        default: return nil
        }
    }
}
