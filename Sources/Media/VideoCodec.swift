import CAVCodec
import CAVFilter
import CAVFormat
import CAVUtil

/// The video codecs `--codec` names, each written by one encoder of Debian's FFmpeg.
public enum VideoCodec: String, CaseIterable, Sendable {
    case h264, hevc, av1, vp9, prores

    /// The FFmpeg encoder that writes it.
    public var defaultEncoder: String {
        switch self {
        case .h264: return "libx264"
        case .hevc: return "libx265"
        case .av1: return "libsvtav1"
        case .vp9: return "libvpx-vp9"
        case .prores: return "prores_ks"
        }
    }

    /// Whether it keeps 10-bit frames (and HDR) as they are; H.264 output stays 8-bit, the
    /// depth every player takes.
    public var keepsTenBits: Bool { self != .h264 }

    /// For an FFmpeg video encoder's name: nil when there is no such encoder, .some(nil) when
    /// it writes a codec other than these five.
    public static func ofEncoder(_ name: String) -> VideoCodec?? {
        guard let codec = avcodec_find_encoder_by_name(name), codec.pointee.type == AVMEDIA_TYPE_VIDEO else { return nil }
        return .some(VideoCodec(id: codec.pointee.id))
    }

    /// The codec that libavcodec codec `id` is, if it is one of these.
    init?(id: AVCodecID) {
        switch id {
        case AV_CODEC_ID_H264: self = .h264
        case AV_CODEC_ID_HEVC: self = .hevc
        case AV_CODEC_ID_AV1: self = .av1
        case AV_CODEC_ID_VP9: self = .vp9
        case AV_CODEC_ID_PRORES: self = .prores
        default: return nil
        }
    }
}
