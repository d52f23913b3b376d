import Foundation

/// Reads an input at its own pace, as `ffmpeg -re` does: a frame at `t` seconds waits until
/// `t` seconds of wall time have passed since the first frame (a file played as a live source).
struct ReadRate {
    private var origin: (wall: ContinuousClock.Instant, time: Double)?
    /// The longest single sleep, so that a stop is heard soon. // seconds
    private static let step = 0.05

    /// Waits until the frame at `time` is due; returns early when `stopped()`.
    mutating func wait(for time: Double, stopped: () -> Bool) {
        guard let origin else {
            origin = (ContinuousClock.now, time)
            return
        }
        let due = origin.wall + .milliseconds(Int64(((time - origin.time) * 1000).rounded()))
        while !stopped() {
            let left = (due - ContinuousClock.now).seconds
            if left <= 0 { return }
            Thread.sleep(forTimeInterval: min(left, Self.step))
        }
    }
}
