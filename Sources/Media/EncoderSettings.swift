/// How the video is re-encoded.
public struct EncoderSettings: Sendable, Equatable {
    public var crf: Double  // x264 constant rate factor, 0...51
    public var preset: String  // x264 preset, ultrafast...placebo
    public var threads: Int  // 0: FFmpeg chooses (one per core)

    public static let x264Presets = [
        "ultrafast", "superfast", "veryfast", "faster", "fast", "medium", "slow", "slower", "veryslow", "placebo",
    ]

    public init(crf: Double = 20, preset: String = "medium", threads: Int = 0) {
        self.crf = crf
        self.preset = preset
        self.threads = threads
    }
}
