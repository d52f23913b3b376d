import Foundation

/// A recognizer's standard output cut into lines as its bytes come: each byte is looked at
/// once (a newline is searched for only in what is new), so a line costs time linear in its
/// length, and a line longer than `limit` is refused before it is held whole. Blank lines
/// (spaces, a carriage return) are skipped.
package struct OutputLines {
    /// The longest line taken. A protocol line holds at most one segment: Whisper decodes at
    /// most 448 tokens a 30 s window, which with their word times is a few tens of KiB of
    /// JSON; the limit is many times that, and the same as the request line's. // bytes
    package static let limit = 1 << 20

    /// The longest line this splitter takes (`limit`, smaller ones for the fuzz target). // bytes
    private let longest: Int
    /// The bytes of the line not yet ended.
    private var pending: [UInt8] = []
    /// How many lines have been handed on (blank ones counted, as an editor numbers them).
    package private(set) var count = 0

    /// A splitter that refuses lines over `longest` bytes.
    package init(longest: Int = limit) { self.longest = longest }

    /// Hands each line `bytes` ends to `line`, keeping the rest for the next call; throws
    /// `tooLong` when the line in progress passes the longest.
    package mutating func append(_ bytes: UnsafeRawBufferPointer, line: (Data) throws -> Void) throws {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        var start = 0
        while start < bytes.count, let found = memchr(base + start, 0x0A, bytes.count - start) {
            let newline = base.distance(to: UnsafeRawPointer(found))
            if pending.count + newline - start > longest { throw TooLong(line: count + 1) }
            pending.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[start..<newline]))
            try hand(to: line)
            start = newline + 1
        }
        if pending.count + bytes.count - start > longest { throw TooLong(line: count + 1) }
        pending.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[start...]))
    }

    /// Hands on the last line when the output ended without a newline.
    package mutating func finish(line: (Data) throws -> Void) throws {
        if !pending.isEmpty { try hand(to: line) }
    }

    /// The line in `pending`, handed on unless blank, and the buffer emptied.
    private mutating func hand(to line: (Data) throws -> Void) throws {
        count += 1
        defer { pending.removeAll(keepingCapacity: pending.count <= 1 << 16) }
        if pending.allSatisfy({ $0 == 0x20 || $0 == 0x0D }) { return }
        try line(Data(pending))
    }

    /// Line `line` passed `limit` bytes.
    package struct TooLong: Error, Equatable {
        package var line: Int
    }
}
