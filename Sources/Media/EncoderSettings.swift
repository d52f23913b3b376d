import Foundation

/// How the video is re-encoded.
public struct EncoderSettings: Sendable, Equatable {
    public var codec: String  // libavcodec encoder name, libx264
    public var crf: Double  // x264 constant rate factor, 0...51
    public var preset: String  // x264 preset, ultrafast...placebo
    public var threads: Int  // x264 threads; 0: one per core

    public static let x264Presets = [
        "ultrafast", "superfast", "veryfast", "faster", "fast", "medium", "slow", "slower", "veryslow", "placebo",
    ]

    /// x264 threads to use: `threads`, or one per core. (x264's own choice, 1.5 per core, is
    /// no faster on 2 cores and holds 22 MiB more frames at 1080x1920: docs/PERFORMANCE.md.)
    public var threadCount: Int { threads > 0 ? threads : ProcessInfo.processInfo.activeProcessorCount }

    /// The encoder's own options, in the order they are set: x264's rate factor and preset.
    var options: [(name: String, value: String)] { [("crf", String(crf)), ("preset", preset)] }

    public init(crf: Double = 20, preset: String = "medium", threads: Int = 0, codec: String = "libx264") {
        self.codec = codec
        self.crf = crf
        self.preset = preset
        self.threads = threads
    }
}
