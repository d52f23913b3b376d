import CAVCodec
import CAVFilter
import CAVFormat
import CAVLog
import CAVUtil

/// How much FFmpeg itself prints to standard error.
public enum MediaLog {
    /// Nothing from FFmpeg.
    public static func silent() { av_log_set_level(-8) }  // AV_LOG_QUIET

    /// Starts keeping this thread's error messages, and forgets the last one.
    static func keepErrors() {
        burn_av_log_keep_errors()
        burn_av_log_clear()
    }

    /// This thread's last error message since `keepErrors` (empty when none), forgotten.
    static func lastError() -> String {
        var buffer = [CChar](repeating: 0, count: 512)
        let length = burn_av_log_last_error(&buffer, Int32(buffer.count))
        burn_av_log_clear()
        return String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
