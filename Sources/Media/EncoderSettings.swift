import Foundation

/// How the video is re-encoded: the codec (or an FFmpeg encoder by name), quality and speed
/// on x264's scales (mapped to each encoder's own controls: docs/CODECS.md), threads, and
/// what becomes of HDR.
public struct EncoderSettings: Sendable, Equatable {
    public var codec: VideoCodec
    /// An FFmpeg video encoder chosen by name (`--encoder`); nil: the codec's own.
    public var encoder: String?
    public var crf: Double  // quality on x264's scale, 0 (lossless) ... 51
    public var preset: String  // speed on x264's scale, ultrafast ... placebo
    public var threads: Int  // encoder threads; 0: one per core
    /// What an HDR input becomes; nil: kept with a codec that keeps 10 bits, SDR with H.264.
    public var hdr: HDRChoice?
    /// A live stream's needs (no frame held back, keyframes at a fixed interval, a rate cap);
    /// nil for a file.
    public var live: LiveEncoding?

    /// What `--hdr` may ask for.
    public enum HDRChoice: String, Sendable, CaseIterable {
        case keep, sdr
    }

    public static let x264Presets = [
        "ultrafast", "superfast", "veryfast", "faster", "fast", "medium", "slow", "slower", "veryslow", "placebo",
    ]

    /// The encoder used: `encoder`, else the codec's.
    public var encoderName: String { encoder ?? codec.defaultEncoder }

    /// Encoder threads to use: `threads`, or one per core. (x264's own choice, 1.5 per core, is
    /// no faster on 2 cores and holds 22 MiB more frames at 1080x1920: docs/PERFORMANCE.md.)
    public var threadCount: Int { threads > 0 ? threads : ProcessInfo.processInfo.activeProcessorCount }

    /// Whether an HDR input stays HDR: as told, else when the codec keeps 10 bits.
    public var keepsHDR: Bool { hdr.map { $0 == .keep } ?? codec.keepsTenBits }

    public init(
        crf: Double = 20, preset: String = "medium", threads: Int = 0, codec: VideoCodec = .h264, encoder: String? = nil,
        hdr: HDRChoice? = nil
    ) {
        self.codec = codec
        self.encoder = encoder
        self.crf = crf
        self.preset = preset
        self.threads = threads
        self.hdr = hdr
    }

    /// The x264 speed's place on the scale, 0 (ultrafast) ... 9 (placebo).
    var speedRank: Int { Self.x264Presets.firstIndex(of: preset) ?? 5 }

    /// `encoder`'s own options for `crf` and `preset`, with `extra` parameters (HDR metadata)
    /// for encoders that take a parameter string; the table of docs/CODECS.md.
    func options(for encoder: String, extra: [String] = []) -> [(name: String, value: String)] {
        let rank = speedRank
        let lossless = crf == 0
        switch encoder {
        case "libx264":
            guard let live else { return [("crf", String(crf)), ("preset", preset)] }
            // zerolatency: no look-ahead, no B-frames, sliced threads (no frame held per thread).
            return [("crf", String(crf)), ("preset", preset), ("tune", "zerolatency")] + live.options(bFrames: "bf")
        case "libx265":
            // x265 at the same CRF is about 5 steps finer than x264.
            let parameters = ["log-level=error"] + (lossless ? ["lossless=1"] : []) + extra
            return [
                ("crf", String(min(51, crf + 5))), ("preset", preset), ("x265-params", parameters.joined(separator: ":")),
            ]
        case "libsvtav1":
            // SVT-AV1 1.4: CRF 1...63 (no lossless mode), presets 0 (slowest) ... 13.
            let presets = [12, 11, 10, 9, 8, 7, 6, 5, 4, 2]
            var options: [(name: String, value: String)] = [
                ("crf", String(max(1, min(63, Int((crf * 1.5).rounded()))))), ("preset", String(presets[rank])),
            ]
            if !extra.isEmpty { options.append(("svtav1-params", extra.joined(separator: ":"))) }
            return options
        case "libvpx-vp9":
            // Constant quality (no bit-rate cap), row threads, "good" speeds 0 ... 5.
            let speeds = [5, 5, 4, 4, 3, 2, 1, 1, 0, 0]
            var options: [(name: String, value: String)] = [
                ("crf", String(min(63, Int((crf * 1.5).rounded())))), ("b", "0"), ("deadline", "good"),
                ("cpu-used", String(speeds[rank])), ("row-mt", "1"),
            ]
            if lossless { options.append(("lossless", "1")) }
            return options
        case "libaom-av1":
            // libaom: constant quality 0 ... 63 (b=0), speeds 0 (slowest) ... 8, row threads.
            let speeds = [8, 8, 7, 7, 6, 6, 5, 4, 3, 2]
            return [
                ("crf", String(min(63, Int((crf * 1.5).rounded())))), ("b", "0"), ("cpu-used", String(speeds[rank])),
                ("row-mt", "1"),
            ]
        case "prores_ks":
            // The profile sets the rate: 422 HQ, or 4444 for 4:4:4 frames (chosen with the pixel format).
            return []
        case "h264_nvenc", "hevc_nvenc":
            // NVENC presets p1 (fastest) ... p7; constant quality 1 ... 51 (0 means "automatic").
            let presets = [1, 1, 2, 3, 4, 5, 6, 7, 7, 7]
            let quality: [(name: String, value: String)] = [
                ("preset", "p\(presets[rank])"), ("rc", "vbr"), ("cq", String(max(1, min(51, Int(crf.rounded()))))), ("b", "0"),
            ]
            guard let live else { return quality }
            return quality + [("tune", "ll"), ("zerolatency", "1"), ("delay", "0")] + live.options(bFrames: "bf")
        default:
            return []
        }
    }

    /// Whether `options(for:)` maps `crf` and `preset` for `encoder`.
    public static func mapsQuality(of encoder: String) -> Bool {
        ["libx264", "libx265", "libsvtav1", "libaom-av1", "libvpx-vp9", "prores_ks", "h264_nvenc", "hevc_nvenc"].contains(encoder)
    }
}

/// How a live stream is encoded beyond quality and speed: a keyframe every `keyframeInterval`
/// frames and never elsewhere (platforms cut and join at them), no B-frames, and an optional
/// rate cap.
public struct LiveEncoding: Sendable, Equatable {
    /// Frames from one keyframe to the next (2 s of frames, as platforms ask). // frames
    public var keyframeInterval: Int
    /// The most the video may use, with a buffer of one second; nil: quality alone decides. // kbit/s
    public var maximumKilobitsPerSecond: Int?

    public init(keyframeInterval: Int, maximumKilobitsPerSecond: Int? = nil) {
        self.keyframeInterval = max(1, keyframeInterval)
        self.maximumKilobitsPerSecond = maximumKilobitsPerSecond
    }

    /// The common FFmpeg options: the GOP, B-frames off (named `bFrames`), forced keyframes
    /// as IDR, the cap.
    func options(bFrames: String) -> [(name: String, value: String)] {
        var options: [(name: String, value: String)] = [
            ("g", String(keyframeInterval)), ("keyint_min", String(keyframeInterval)), (bFrames, "0"), ("forced-idr", "1"),
            ("sc_threshold", "0"),
        ]
        if let rate = maximumKilobitsPerSecond { options += [("maxrate", "\(rate)k"), ("bufsize", "\(rate)k")] }
        return options
    }
}
