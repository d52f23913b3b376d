import CAVFormat
import Foundation

/// What FFmpeg's blocking calls on a live input or output ask between waits: give up when the
/// run stops (SIGINT, SIGTERM) or a call outlives its deadline. Set on a format context before
/// it opens (`attach`); kept alive by whoever holds the context.
public final class InterruptWatch: @unchecked Sendable {
    private let lock = NSLock()
    private let stopped: @Sendable () -> Bool
    private var deadline: ContinuousClock.Instant?

    /// `stopped` is asked from FFmpeg's threads, often: it must be cheap.
    public init(stopped: @escaping @Sendable () -> Bool) {
        self.stopped = stopped
    }

    /// The next blocking call gives up after `seconds` (nil: only when the run stops).
    func arm(seconds: Double?) {
        lock.lock()
        deadline = seconds.map { ContinuousClock.now + .milliseconds(Int64($0 * 1000)) }
        lock.unlock()
    }

    /// Whether a blocking call should give up now.
    var shouldGiveUp: Bool {
        if stopped() { return true }
        lock.lock()
        defer { lock.unlock() }
        return deadline.map { ContinuousClock.now > $0 } ?? false
    }

    /// Whether the run was stopped (not a deadline): an ending, not a failure.
    var isStopped: Bool { stopped() }

    /// Makes `context`'s blocking calls ask this watch.
    func attach(to context: UnsafeMutablePointer<AVFormatContext>) {
        burn_set_interrupt(
            context,
            { opaque in
                guard let opaque else { return 0 }
                return Unmanaged<InterruptWatch>.fromOpaque(opaque).takeUnretainedValue().shouldGiveUp ? 1 : 0
            }, Unmanaged.passUnretained(self).toOpaque())
    }
}
