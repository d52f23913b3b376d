import Foundation

/// Writes to standard output and standard error without dying when the reader has gone
/// (`| head -1`): SIGPIPE is ignored, and a write that fails (EPIPE) drops the rest of that
/// stream's text, so the work finishes and the real exit code is returned.
enum StandardStreams {
    /// Turns SIGPIPE off for the process; a write to a closed pipe then fails with EPIPE.
    static func ignoreBrokenPipes() { signal(SIGPIPE, SIG_IGN) }

    static func output(_ text: String) { write(Data(text.utf8), to: STDOUT_FILENO) }
    static func output(_ data: Data) { write(data, to: STDOUT_FILENO) }
    static func error(_ text: String) { write(Data(text.utf8), to: STDERR_FILENO) }

    /// All of `data`, unless the stream fails: nobody is listening, and that is no error of ours.
    private static func write(_ data: Data, to descriptor: Int32) {
        data.withUnsafeBytes { buffer in
            var written = 0
            while written < buffer.count {
                let count = Glibc.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return }
                written += count
            }
        }
    }
}
