import CAVCodec
import CAVFilter
import CAVFormat
import CAVUtil
import Foundation

/// Which output names a render can write: a container, guessed from the extension as the
/// muxer will, that is a file of its own (not an image sequence) and holds the codec.
public enum VideoContainer {
    /// The containers `VideoCodec.containers` rules on.
    static let usual: Set<String> = ["mp4", "mov", "mkv", "webm"]

    /// nil when `path` names a container for the video `settings` encode, else why not (for
    /// a usage error). In .mp4, .mov, .mkv and .webm the five codecs go as
    /// `VideoCodec.containers` says; elsewhere (and for other codecs), where FFmpeg's muxer
    /// takes the codec.
    public static func problem(_ path: String, settings: EncoderSettings = EncoderSettings()) -> String? {
        guard let encoder = avcodec_find_encoder_by_name(settings.encoderName) else {
            return "this FFmpeg has no \(settings.encoderName) encoder"
        }
        let id = encoder.pointee.id
        let codecName = String(cString: avcodec_get_name(id))
        let family = VideoCodec(id: id)
        let advice = family.map { "\($0.rawValue) goes in " + $0.containers.map { ".\($0)" }.joined(separator: ", ") }
        guard let format = av_guess_format(nil, path, nil) else {
            return "unknown output container; " + (advice ?? "the output must be a video file")
        }
        let name = String(cString: format.pointee.name)
        if format.pointee.flags & burn_avfmt_nofile() != 0 || format.pointee.video_codec == AV_CODEC_ID_NONE {
            return "the \(name) format is not a video file; " + (advice ?? "the output must be a video file")
        }
        // The usual containers by the table; any other by what the muxer says it holds.
        let ext = URL(fileURLWithPath: path).pathExtension.lowercased()
        if let family, Self.usual.contains(ext) {
            return family.containers.contains(ext) ? nil : "\(family.rawValue) video cannot go in .\(ext); \(advice!)"
        }
        let holds = avformat_query_codec(format, id, burn_ff_compliance_normal())
        if holds == 1 || (holds < 0 && format.pointee.video_codec != AV_CODEC_ID_NONE) { return nil }
        return "the \(name) format cannot hold the \(codecName) video \(settings.encoderName) writes"
    }
}
