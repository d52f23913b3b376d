import Synchronization

/// A process-wide count of the files read whole by the readers that count them (caption
/// files, preset and look files), for tests that check work is not done again (the review
/// page reads no file for an edit).
public enum FileReads {
    private static let count = Mutex(0)

    /// The files read so far.
    public static var current: Int { count.withLock { $0 } }

    /// Counts one file read.
    public static func add() { count.withLock { $0 += 1 } }
}
