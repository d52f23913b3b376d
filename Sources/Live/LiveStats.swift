import Foundation
import Glibc
import Pipeline

/// `--live-stats FILE`: one JSON line per event of a live run (a frame sent, the end), each
/// with the stream time `t` (seconds) and the wall time `wall` (CLOCK_MONOTONIC seconds, the
/// clock Python's `time.monotonic` reads), for the test harness.
final class LiveStats {
    private let handle: FileHandle
    private let path: String

    init(path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else {
            throw BurnError.output("\(path): cannot create the stats file")
        }
        self.handle = handle
        self.path = path
    }

    deinit { try? handle.close() }

    /// Seconds on CLOCK_MONOTONIC.
    static var monotonic: Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    /// Writes one line: `fields` and the wall time.
    func write(_ event: String, _ fields: [String: Any]) {
        var line = fields
        line["event"] = event
        line["wall"] = Self.monotonic
        guard let data = try? JSONSerialization.data(withJSONObject: line, options: [.sortedKeys]) else { return }
        handle.write(data + Data("\n".utf8))
    }
}
