import CAVCodec
import CAVFilter
import CAVFormat
import CAVUtil

/// What one probe of an input found, from its headers (nothing decoded): the captioned video
/// as it will come out of the decoder, the duration and every stream. A plain value.
public struct InputInfo: Sendable {
    public let path: String
    /// The picture upright, after an odd row or column is cropped. // pixels
    public let width: Int
    public let height: Int
    /// Clockwise rotation applied from the display matrix. // degrees
    public let rotation: Int
    /// Frames per second (the average, or 25 when the file does not say).
    public let frameRate: Double
    /// The same, as the file's fraction (30000/1001).
    public let frameRateFraction: (numerator: Int, denominator: Int)
    /// The start timecode the file carries (a phone's or a camera's `timecode` tag,
    /// `HH:MM:SS:FF`, `;` before the frames for drop-frame), when it has one.
    public let timecode: String?
    /// The file's duration, when known. // seconds
    public private(set) var duration: Double?
    /// How long the file says the video lasts: the stream's duration, else the file's. // seconds
    public private(set) var statedDuration: Double?
    /// Bits per sample the frames are blended in: 8, or 10 for 10-bit 4:2:0.
    public let bitDepth: Int
    /// The video's colour description, as FFmpeg names it ("bt709", "tv", ...).
    public let colour: ColourDescription
    /// Standard range, or HDR (HLG, PQ) from the transfer tag.
    public var dynamicRange: DynamicRange { video?.dynamicRange ?? .sdr }
    public private(set) var streams: [StreamInfo]
    let video: VideoSetup?  // nil for a frame with no file behind it

    init(_ demuxer: Demuxer, use: InputUse) throws {
        if let stream = demuxer.videoStream {
            try self.init(demuxer, video: stream)
        } else if use == .sound {
            self.init(soundOnly: demuxer)
        } else {
            throw MediaError.noVideoStream(file: demuxer.path)
        }
    }

    /// A file with a video stream, `stream`.
    private init(_ demuxer: Demuxer, video stream: UnsafeMutablePointer<AVStream>) throws {
        let video = try VideoSetup(stream: stream, path: demuxer.path)
        self.video = video
        path = demuxer.path
        width = Int(video.width)
        height = Int(video.height)
        rotation = video.orientation.rotation
        frameRate = av_q2d(video.frameRate)
        frameRateFraction = (Int(video.frameRate.num), Int(video.frameRate.den))
        duration = demuxer.duration
        let s = stream.pointee
        statedDuration =
            s.duration > 0 && s.duration != AVCode.noPTS ? Double(s.duration) * av_q2d(s.time_base) : demuxer.duration
        bitDepth = video.bitDepth
        colour = ColourDescription(video.colors)
        streams = StreamInfo.all(of: demuxer)
        timecode = demuxer.tag("timecode") ?? streams.lazy.compactMap(\.timecode).first
    }

    /// A file with sound and no pictures (WAV, MP3, M4A) read for its sound: no frame (0 x 0
    /// at 25 per second), every stream, the file's duration.
    private init(soundOnly demuxer: Demuxer) {
        self.init(frameOf: 0, height: 0, frameRate: 25, path: demuxer.path)
        duration = demuxer.duration
        statedDuration = demuxer.duration
        streams = StreamInfo.all(of: demuxer)
    }

    /// A `width` x `height` frame at `frameRate` with no file behind it (`path` names what
    /// stands for it in messages): 8-bit BT.709 SDR, no streams, no duration.
    public init(frameOf width: Int, height: Int, frameRate: Double, path: String) {
        self.path = path
        self.width = width
        self.height = height
        rotation = 0
        self.frameRate = frameRate
        frameRateFraction = (Int((frameRate * 1001).rounded()), 1001)
        timecode = nil
        duration = nil
        statedDuration = nil
        bitDepth = 8
        colour = ColourDescription(
            ColorTags(primaries: AVCOL_PRI_BT709, transfer: AVCOL_TRC_BT709, space: AVCOL_SPC_BT709, range: AVCOL_RANGE_MPEG))
        streams = []
        video = nil
    }

    /// Seconds per frame.
    public var frameDuration: Double { 1 / frameRate }

    /// Whether the file has an audio stream.
    public var hasAudio: Bool { streams.contains { $0.kind == "audio" } }
}

/// What an input is opened for: its pictures (a render, a plan, a still: it must hold a video
/// stream), or its sound alone (`transcribe`: an audio file will do).
public enum InputUse: Sendable {
    case pictures, sound
}

/// One stream of an input.
public struct StreamInfo: Sendable, Equatable {
    public let index: Int
    public let kind: String  // "video", "audio", "subtitle", "data", "attachment"
    public let codec: String  // FFmpeg's name: "h264", "aac", ...
    /// What its frames are, as FFmpeg names them: "360x640 yuv420p 30/1" for video,
    /// "48000 Hz 2 ch fltp" for audio, empty for other kinds.
    public let parameters: String
    /// An audio stream's samples per second (0 for other kinds). // Hz
    public let sampleRate: Int
    /// An audio stream's channels (0 for other kinds).
    public let channels: Int
    /// The stream's start timecode tag (QuickTime's timecode track has one), when it has one.
    public let timecode: String?

    /// Every stream of `demuxer`'s file, in order.
    static func all(of demuxer: Demuxer) -> [StreamInfo] {
        (0..<demuxer.streamCount).map { StreamInfo(demuxer.stream($0)) }
    }

    init(_ stream: UnsafeMutablePointer<AVStream>) {
        let parameters = stream.pointee.codecpar.pointee
        index = Int(stream.pointee.index)
        kind = av_get_media_type_string(parameters.codec_type).map { String(cString: $0) } ?? "unknown"
        codec = String(cString: avcodec_get_name(parameters.codec_id))
        let name = { (text: UnsafePointer<CChar>?) in text.map { String(cString: $0) } ?? "none" }
        let audio = parameters.codec_type == AVMEDIA_TYPE_AUDIO
        sampleRate = audio ? Int(parameters.sample_rate) : 0
        channels = audio ? Int(parameters.ch_layout.nb_channels) : 0
        timecode = av_dict_get(stream.pointee.metadata, "timecode", nil, 0).flatMap { $0.pointee.value.map { String(cString: $0) } }
        switch parameters.codec_type {
        case AVMEDIA_TYPE_VIDEO:
            let rate = stream.pointee.avg_frame_rate
            self.parameters =
                "\(parameters.width)x\(parameters.height) \(name(av_get_pix_fmt_name(AVPixelFormat(parameters.format)))) "
                + "\(rate.num)/\(rate.den)"
        case AVMEDIA_TYPE_AUDIO:
            self.parameters =
                "\(parameters.sample_rate) Hz \(parameters.ch_layout.nb_channels) ch "
                + name(av_get_sample_fmt_name(AVSampleFormat(parameters.format)))
        default:
            self.parameters = ""
        }
    }
}

/// A video's colour description, as FFmpeg names each part ("unknown" when the file does not say).
public struct ColourDescription: Sendable, Equatable {
    public let primaries: String
    public let transfer: String
    public let space: String
    public let range: String

    init(_ tags: ColorTags) {
        let name = { (text: UnsafePointer<CChar>?) in text.map { String(cString: $0) } ?? "unknown" }
        primaries = name(av_color_primaries_name(tags.primaries))
        transfer = name(av_color_transfer_name(tags.transfer))
        space = name(av_color_space_name(tags.space))
        range = name(av_color_range_name(tags.range))
    }
}
