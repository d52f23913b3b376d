import Foundation
import Media

/// Decoded frames kept for stills drawn again at the same time of the same video (the review
/// page after each edit): the picture without captions, by input path and time, the most
/// recent few. Thread-safe.
public final class StillBackgrounds: @unchecked Sendable {
    /// Frames kept at most (each a 1080x1920 picture is 3 MiB).
    public static let capacity = 8

    private struct Key: Hashable {
        var input: String
        var time: Double  // seconds
    }
    private let lock = NSLock()
    private var kept: [(key: Key, canvas: Canvas)] = []

    public init() {}

    /// A copy of the frame kept for `input` at `time` seconds, to draw on; nil when none is.
    func canvas(of input: String, at time: Double) throws -> Canvas? {
        let key = Key(input: input, time: time)
        guard let found = lock.withLock({ kept.first { $0.key == key }?.canvas }) else { return nil }
        return try found.copy()
    }

    /// Keeps a copy of `canvas`, the frame of `input` at `time` seconds before anything is drawn on it.
    func keep(_ canvas: Canvas, of input: String, at time: Double) throws {
        let copy = try canvas.copy()
        let key = Key(input: input, time: time)
        lock.withLock {
            kept.removeAll { $0.key == key }
            kept.append((key, copy))
            if kept.count > Self.capacity { kept.removeFirst(kept.count - Self.capacity) }
        }
    }
}
