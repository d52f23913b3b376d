import CAVCodec
import CAVFormat

/// Which output names a render can write: a container, guessed from the extension as the
/// muxer will, that is a file of its own (not an image sequence) and can hold H.264 video.
public enum VideoContainer {
    /// nil when `path` names such a container, else why not (for a usage error).
    public static func problem(_ path: String) -> String? {
        let advice = "the output must be a video file (.mp4, .mov or .mkv)"
        guard let format = av_guess_format(nil, path, nil) else { return "unknown output container; \(advice)" }
        let name = String(cString: format.pointee.name)
        let holds = avformat_query_codec(format, AV_CODEC_ID_H264, burn_ff_compliance_normal())
        // Muxers that cannot say (a negative answer) still must be files that take video.
        let takesVideo = holds == 1 || (holds < 0 && format.pointee.video_codec != AV_CODEC_ID_NONE)
        if format.pointee.flags & burn_avfmt_nofile() != 0 || !takesVideo {
            return "the \(name) format cannot hold the H.264 video a render writes; \(advice)"
        }
        return nil
    }
}
