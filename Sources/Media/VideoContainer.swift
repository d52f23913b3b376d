import CAVCodec
import CAVFilter
import CAVFormat
import CAVUtil
import Foundation

/// Which output names a render can write: a container, guessed from the extension as the
/// muxer will, that is a file of its own (not an image sequence) and whose muxer takes the
/// codec (`MuxerTrial`: FFmpeg's answer, not a table of ours).
public enum VideoContainer {
    /// The containers the advice of a refusal names, where they take the codec.
    static let usual = ["mp4", "mov", "mkv", "webm"]

    /// nil when `path` names a container for the video `settings` encode, else why not (for
    /// a usage error), with the usual containers that take it.
    public static func problem(_ path: String, settings: EncoderSettings = EncoderSettings()) -> String? {
        guard let encoder = avcodec_find_encoder_by_name(settings.encoderName) else {
            return "this FFmpeg has no \(settings.encoderName) encoder"
        }
        let id = encoder.pointee.id
        let codecName = String(cString: avcodec_get_name(id))
        // Which usual containers take the codec: asked only once the output is refused.
        func advice() -> String {
            let fitting = usual.filter { ext in
                av_guess_format(nil, "x.\(ext)", nil).map { MuxerTrial.videoRefusal($0, codec: id) == nil } ?? false
            }
            return fitting.isEmpty
                ? "the output must be a video file" : "\(codecName) goes in " + fitting.map { ".\($0)" }.joined(separator: ", ")
        }
        guard let format = av_guess_format(nil, path, nil) else { return "unknown output container; \(advice())" }
        let name = String(cString: format.pointee.name)
        if format.pointee.flags & burn_avfmt_nofile() != 0 || format.pointee.video_codec == AV_CODEC_ID_NONE {
            return "the \(name) format is not a video file; \(advice())"
        }
        guard let reason = MuxerTrial.videoRefusal(format, codec: id) else { return nil }
        return "the \(name) format cannot hold the \(codecName) video \(settings.encoderName) writes (FFmpeg: \(reason)); \(advice())"
    }
}
