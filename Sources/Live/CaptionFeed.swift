import CaptionFiles
import Captions
import Foundation
import Glibc
import Pipeline

/// One caption item of the feed, waiting for its frame.
struct FeedItem: Sendable {
    var update: LiveUpdate
    /// The stream time it is due at (a file replayed by its times); nil: at once. // seconds
    var due: Double?
    /// Its own `start` and `end`, in stream seconds, and `timestamp` (milliseconds since 1970).
    var start: Double?
    var end: Double?
    var timestamp: Double?
    /// Where it came from, for messages: `FEED:LINE`.
    var line: Int
    /// When it was read (CLOCK_MONOTONIC); nil for a file's item, replayed by its own time. // seconds
    var arrival: Double?
}

/// `--captions-feed`: caption items as JSON lines in the call SDKs' shape (docs/LIVE.md),
/// read by `LiveCaptionItem` as the live-log reader reads them, from
/// - a regular file: replayed by its own times (`end`, else `timestamp` from the first or the
///   `recordingStart`), on the stream's clock: a recorded call played against a stream;
/// - a FIFO or `-` (standard input): each line as it comes;
/// - `tcp://HOST:PORT`: a listener; one sender at a time, another may connect after it.
/// A line that is not an item is reported (`warn`) and skipped; the stream goes on.
final class CaptionFeed: @unchecked Sendable {
    let name: String
    private let lock = NSLock()
    private var waiting: [FeedItem] = []  // guarded by `lock`, in arrival order
    private let warn: @Sendable (String) -> Void
    private var listener: Int32 = -1

    /// An item whose times lie this far behind the stream is shown at once, with a warning. // seconds
    static let pastLimit = 10.0
    /// An item whose times lie this far ahead of the stream is skipped. // seconds
    static let futureLimit = 30.0

    /// Opens `source` and starts reading it on a thread of its own.
    init(_ source: String, warn: @escaping @Sendable (String) -> Void) throws {
        name = source
        self.warn = warn
        if source.hasPrefix("tcp://") {
            listener = try Self.listen(source)
            let socket = listener
            Thread.detachNewThread { [self] in acceptLoop(socket) }
            return
        }
        if source == "-" {
            Thread.detachNewThread { [self] in readLines(from: FileHandle.standardInput) }
            return
        }
        var status = stat()
        guard stat(source, &status) == 0 else { throw BurnError.input("\(source): no such file or FIFO") }
        if status.st_mode & S_IFMT == S_IFIFO {
            Thread.detachNewThread { [self] in
                // Opening a FIFO waits for its writer.
                guard let handle = FileHandle(forReadingAtPath: source) else { return warn("\(source): cannot open the FIFO") }
                readLines(from: handle)
            }
            return
        }
        guard let data = FileManager.default.contents(atPath: source), let text = String(data: data, encoding: .utf8) else {
            throw BurnError.input("\(source): cannot read the file as UTF-8")
        }
        replay(text)
    }

    deinit {
        if listener >= 0 { close(listener) }
    }

    /// The items due by stream time `time`, in order, each checked against it: one past its
    /// limit is shown now with a warning, one far ahead is skipped with a warning.
    func due(by time: Double) -> [FeedItem] {
        lock.lock()
        let count = waiting.prefix { ($0.due ?? -.infinity) <= time }.count
        let items = Array(waiting.prefix(count))
        waiting.removeFirst(count)
        lock.unlock()
        return items.filter { item in
            guard item.due == nil else { return true }
            let now = Date().timeIntervalSince1970 * 1000
            let behind = item.end.map { time - $0 } ?? item.timestamp.map { (now - $0) / 1000 }
            let ahead = item.start.map { $0 - time } ?? item.timestamp.map { ($0 - now) / 1000 }
            let what = item.start != nil ? "its start \(Self.seconds(item.start!)) s" : "its timestamp"
            if let ahead, ahead > Self.futureLimit {
                warn("\(name):\(item.line): \(what) is \(Self.seconds(ahead)) s ahead of the stream; skipped")
                return false
            }
            if let behind, behind > Self.pastLimit {
                warn("\(name):\(item.line): \(what) is \(Self.seconds(behind)) s in the past; shown now")
            }
            return true
        }
    }

    private static func seconds(_ value: Double) -> String { String(format: "%.1f", value) }

    /// A recorded feed: every item, due at its own time on the stream's clock.
    private func replay(_ text: String) {
        var items: [FeedItem] = []
        var recordingStart: Double?
        for (index, line) in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).enumerated() {
            switch LiveCaptionItem.read(line: String(line), number: index + 1, file: name) {
            case .item(let item): items.append(Self.feedItem(item, line: index + 1, arrival: nil))
            case .recordingStart(let milliseconds): recordingStart = recordingStart ?? milliseconds
            case .blank: continue
            case .problems(let problems, _): problems.forEach { warn("\($0.description); skipped") }
            }
        }
        let zero = recordingStart ?? items.compactMap(\.timestamp).min() ?? 0
        for index in items.indices {
            items[index].due = items[index].end ?? items[index].timestamp.map { ($0 - zero) / 1000 } ?? items[index].start ?? 0
        }
        lock.lock()
        waiting = items
        lock.unlock()
    }

    private static func feedItem(_ item: LiveCaptionItem, line: Int, arrival: Double?) -> FeedItem {
        var update = LiveUpdate(speaker: item.speakerID ?? item.displayName, displayName: item.displayName, text: item.text, isFinal: item.isFinal)
        if let start = item.startSeconds, let end = item.endSeconds, end >= start {
            update.wordTimes = zip(update.words, LengthShare.spans(update.words.map(\.count), start: start, end: end)).map {
                Word(text: $0, start: $1.start, end: $1.end, estimated: true)
            }
        }
        return FeedItem(
            update: update, due: nil, start: item.startSeconds, end: item.endSeconds, timestamp: item.timestampMilliseconds, line: line,
            arrival: arrival)
    }

    /// Reads `handle` line by line until its end, each item queued as it comes.
    private func readLines(from handle: FileHandle) {
        var buffer = Data()
        var number = 1
        while true {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            buffer += chunk
            while let end = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[buffer.startIndex..<end], as: UTF8.self)
                buffer.removeSubrange(buffer.startIndex...end)
                take(line, number: number)
                number += 1
            }
        }
        if !buffer.isEmpty { take(String(decoding: buffer, as: UTF8.self), number: number) }
    }

    private func take(_ line: String, number: Int) {
        switch LiveCaptionItem.read(line: line, number: number, file: name) {
        case .item(let item):
            lock.lock()
            waiting.append(Self.feedItem(item, line: number, arrival: LiveStats.monotonic))
            lock.unlock()
        case .recordingStart, .blank: break
        case .problems(let problems, _): problems.forEach { warn("\($0.description); skipped") }
        }
    }

    /// Serves one sender at a time on `socket`; lines are numbered from each sender's first.
    private func acceptLoop(_ socket: Int32) {
        while true {
            let client = accept(socket, nil, nil)
            if client < 0 {
                if errno == EINTR { continue }
                return
            }
            readLines(from: FileHandle(fileDescriptor: client, closeOnDealloc: true))
        }
    }

    /// A TCP socket listening on `address` (`tcp://HOST:PORT`).
    private static func listen(_ address: String) throws -> Int32 {
        guard let parts = URLComponents(string: address), let host = parts.host, let port = parts.port, (1...65535).contains(port) else {
            throw BurnError.usage("--captions-feed \(address): expected tcp://HOST:PORT")
        }
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_PASSIVE
        var found: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &found) == 0, let info = found else {
            throw BurnError.input("\(address): cannot resolve \(host)")
        }
        defer { freeaddrinfo(found) }
        let socket = Glibc.socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
        guard socket >= 0 else { throw BurnError.input("\(address): cannot open a socket (\(String(cString: strerror(errno))))") }
        var yes: Int32 = 1
        setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        guard bind(socket, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0, Glibc.listen(socket, 1) == 0 else {
            let reason = String(cString: strerror(errno))
            close(socket)
            throw BurnError.input("\(address): cannot listen (\(reason))")
        }
        return socket
    }
}
