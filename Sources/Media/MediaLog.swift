import CAVCodec
import CAVFilter
import CAVFormat
import CAVUtil

/// How much FFmpeg itself prints to standard error.
public enum MediaLog {
    /// Only FFmpeg's errors (the default for the CLI: our own messages say what went wrong).
    public static func errorsOnly() { av_log_set_level(16) }  // AV_LOG_ERROR
    /// Nothing from FFmpeg.
    public static func silent() { av_log_set_level(-8) }  // AV_LOG_QUIET
}
