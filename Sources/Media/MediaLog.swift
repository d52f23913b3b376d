import CAVCodec
import CAVFilter
import CAVFormat
import CAVUtil

/// How much FFmpeg itself prints to standard error.
public enum MediaLog {
    /// Nothing from FFmpeg.
    public static func silent() { av_log_set_level(-8) }  // AV_LOG_QUIET
}
