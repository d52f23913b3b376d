import Foundation

/// What tells a split render's input apart from any other file without reading all of it:
/// its size, duration and streams (each stream's kind, codec and parameters), and a SHA-256 of
/// its first and last megabyte, read with plain file reads. The plan records it, every part
/// carries it in its tags, and a part and the join refuse an input whose identity differs.
public struct InputIdentity: Sendable, Equatable, Codable {
    /// How much of each end is hashed. // bytes
    public static let edgeBytes = 1 << 20

    public var bytes: Int
    public var duration: Double?  // seconds, as the container says
    public var streams: [String]  // "video h264 360x640 yuv420p 30/1", one per stream, in file order
    public var edges: String  // SHA-256 of the first and the last `edgeBytes` (each byte once)

    public init(bytes: Int, duration: Double?, streams: [String], edges: String) {
        self.bytes = bytes
        self.duration = duration
        self.streams = streams
        self.edges = edges
    }

    /// The identity of the probed file `info` describes.
    public init(_ info: InputInfo) throws {
        let (bytes, edges) = try Self.edges(of: info.path)
        self.init(
            bytes: bytes, duration: info.duration,
            streams: info.streams.map { "\($0.kind) \($0.codec)" + ($0.parameters.isEmpty ? "" : " \($0.parameters)") },
            edges: edges)
    }

    /// The file's size and the hash of its two ends: the first `edgeBytes`, then the last
    /// `edgeBytes` not already read.
    private static func edges(of path: String) throws -> (bytes: Int, hash: String) {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw MediaError.unsupported(file: path, message: "cannot be read")
        }
        defer { try? handle.close() }
        do {
            let size = Int(try handle.seekToEnd())
            let hash = ContentHash()
            try handle.seek(toOffset: 0)
            hash.add(try handle.read(upToCount: edgeBytes) ?? Data())
            let tail = max(edgeBytes, size - edgeBytes)
            if tail < size {
                try handle.seek(toOffset: UInt64(tail))
                hash.add(try handle.read(upToCount: size - tail) ?? Data())
            }
            return (size, hash.digest())
        } catch {
            throw MediaError.unsupported(file: path, message: "cannot be read: \(error.localizedDescription)")
        }
    }

    /// How `other` differs from this identity, in words ("1035148 bytes, planned 2070296");
    /// empty when it does not.
    public func differences(from other: InputIdentity) -> [String] {
        var found: [String] = []
        if bytes != other.bytes { found.append("\(bytes) bytes, planned \(other.bytes)") }
        if duration != other.duration {
            let text = { (value: Double?) in value.map { "\($0) s" } ?? "no duration" }
            found.append("\(text(duration)), planned \(text(other.duration))")
        }
        if streams != other.streams {
            found.append("streams \(streams.joined(separator: ", ")), planned \(other.streams.joined(separator: ", "))")
        }
        if found.isEmpty && edges != other.edges { found.append("other content at its start or end") }
        return found
    }

    /// The identity as one container tag's value (JSON, keys sorted).
    var tagValue: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(self)) ?? Data(), as: UTF8.self)
    }

    /// The identity a tag holds; nil when it holds none.
    init?(tagValue: String) {
        guard let decoded = try? JSONDecoder().decode(InputIdentity.self, from: Data(tagValue.utf8)) else { return nil }
        self = decoded
    }
}
