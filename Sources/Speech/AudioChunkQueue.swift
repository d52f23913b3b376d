import Foundation

/// The sound waiting for a streaming recognizer, at most `limit` seconds of it: when more
/// comes, the oldest is dropped (the recognizer then sees a gap and starts afresh there), so
/// a recognizer that falls behind never makes the lag grow. Thread-safe: one thread puts,
/// one takes.
final class AudioChunkQueue: @unchecked Sendable {
    struct Chunk {
        var samples: [Float]
        var start: Double  // seconds
    }

    private let condition = NSCondition()
    private var chunks: [Chunk] = []
    private var closed = false
    private let limit: Int  // samples
    /// Seconds of sound dropped so far.
    private(set) var droppedSeconds = 0.0
    private let sampleRate: Double

    init(limitSeconds: Double, sampleRate: Double) {
        limit = Int(limitSeconds * sampleRate)
        self.sampleRate = sampleRate
    }

    /// Adds samples starting at `start` seconds, dropping the oldest beyond the limit.
    func put(_ samples: UnsafeBufferPointer<Float>, start: Double) {
        condition.lock()
        defer { condition.unlock() }
        guard !closed else { return }
        chunks.append(Chunk(samples: Array(samples), start: start))
        var total = chunks.reduce(0) { $0 + $1.samples.count }
        while total > limit, chunks.count > 1 {
            let dropped = chunks.removeFirst()
            total -= dropped.samples.count
            droppedSeconds += Double(dropped.samples.count) / sampleRate
        }
        condition.signal()
    }

    /// The chunks waiting, in order (waits for one); nil once closed and empty.
    func take() -> [Chunk]? {
        condition.lock()
        defer { condition.unlock() }
        while chunks.isEmpty && !closed { condition.wait() }
        if chunks.isEmpty { return nil }
        defer { chunks = [] }
        return chunks
    }

    /// No more sound: `take` returns what waits, then nil.
    func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }
}
