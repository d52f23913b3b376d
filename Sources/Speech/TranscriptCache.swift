import Files
import Foundation
import Media

/// Transcripts already recognized, so that a rerun, a batch retry, a review and every output
/// of a run do not recognize again: the engine's own output lines, one file per key, in a
/// folder of the user's cache. The key is the SHA-256 of all that changes the transcript: the
/// audio's samples, the model's files, the engine, and the request's settings. At most
/// `limit` transcripts are kept; the least recently used go first. An entry is input like any
/// other: one that does not read back whole (damaged, cut short, a link, too large) is a miss,
/// said in a warning, removed and recognized again.
public struct TranscriptCache: Sendable {
    /// How many transcripts are kept.
    public static let limit = 64
    /// The largest entry read: three hours of speech are about 2 MiB of lines. // bytes
    public static let largestEntry = 64 << 20

    /// The folder of transcript files.
    public let folder: URL

    public init(folder: URL) { self.folder = folder }

    /// What the cache holds under a key.
    public enum Entry: Equatable {
        /// The lines of a whole transcript.
        case hit([Data])
        /// Nothing is kept under the key.
        case miss
        /// An entry is there but cannot be used: why, for the warning.
        case damaged(String)
    }

    /// The cache folder of `environment`: `BURN_CAPTIONS_CACHE`, else `$XDG_CACHE_HOME/burn-captions`,
    /// else `~/.cache/burn-captions`; nil without a home.
    public static func root(environment: [String: String]) -> URL? {
        if let folder = environment["BURN_CAPTIONS_CACHE"], !folder.isEmpty { return URL(fileURLWithPath: folder) }
        if let folder = environment["XDG_CACHE_HOME"], !folder.isEmpty {
            return URL(fileURLWithPath: folder).appendingPathComponent("burn-captions")
        }
        return environment["HOME"].map { URL(fileURLWithPath: $0).appendingPathComponent(".cache/burn-captions") }
    }

    /// The key of a transcript: what changes it, hashed.
    static func key(audio: SpeechAudio, model: SpeechModel, engine: RecognizerEngine, request: RecognizerRequest) -> String {
        var settings = request
        settings.threads = 0  // threads change the speed, not the words
        let program = engine.command.map { path -> String in
            let attributes = try? FileManager.default.attributesOfItem(atPath: path)
            let size = (attributes?[.size] as? NSNumber)?.intValue ?? -1
            let time = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            return "\(path) \(size) \(time)"
        }
        let text = [audio.digest, model.identity, program.joined(separator: "; "), String(decoding: settings.line(), as: UTF8.self)]
        return ContentHash.sha256(Data(text.joined(separator: "\n").utf8))
    }

    /// The file of `key`'s entry.
    func file(for key: String) -> URL { folder.appendingPathComponent(key + ".jsonl") }

    /// The entry under `key`, its bytes read without following a link; a hit counts as a use.
    /// Whether the lines are a whole transcript is the caller's to check (`Recognition`).
    func entry(for key: String) -> Entry {
        let path = file(for: key).path
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            switch errno {
            case ENOENT, ENOTDIR: return .miss
            case ELOOP: return .damaged("it is a symbolic link")
            default: return .damaged(FileError.reason(of: errno))
            }
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .damaged(FileError.reason(of: errno)) }
        guard status.st_mode & S_IFMT == S_IFREG else { return .damaged("it is not a regular file") }
        guard status.st_size <= Self.largestEntry else { return .damaged("it is over \(Self.largestEntry >> 20) MiB") }
        var data = Data(count: Int(status.st_size))
        let count = data.count
        let got = data.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, count) }
        guard got == count else { return .damaged(got < 0 ? FileError.reason(of: errno) : "it changed while it was read") }
        _ = futimens(descriptor, nil)  // now: the least recently used go first
        return .hit(data.split(separator: 0x0A, omittingEmptySubsequences: true).map { Data($0) })
    }

    /// Removes `key`'s entry (a link itself, never what it points to; an empty folder).
    func remove(_ key: String) {
        let path = file(for: key).path
        if unlink(path) != 0, errno == EISDIR { rmdir(path) }
    }

    /// Keeps `lines` under `key`, whole or not at all (`AtomicFile`: a temporary file made
    /// exclusively beside it, renamed over whatever was there, a link at its name replaced and
    /// never followed), then drops the least recently used beyond the limit. A cache that
    /// cannot be written is left alone.
    func keep(_ lines: [Data], for key: String) {
        guard (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)) != nil else { return }
        var data = Data()
        for line in lines {
            data.append(line)
            data.append(0x0A)
        }
        guard (try? AtomicFile.write(data, to: file(for: key).path, links: .replace)) != nil else { return }
        trim()
    }

    /// Removes the least recently used transcripts beyond `limit`.
    private func trim() {
        let manager = FileManager.default
        let files = ((try? manager.contentsOfDirectory(at: folder, includingPropertiesForKeys: [.contentModificationDateKey])) ?? [])
            .filter { $0.pathExtension == "jsonl" }
        guard files.count > Self.limit else { return }
        let dated = files.map { ($0, (try? $0.resourceValues(forKeys: [.contentModificationDateKey]))?.contentModificationDate ?? .distantPast) }
        for (file, _) in dated.sorted(by: { $0.1 < $1.1 }).prefix(files.count - Self.limit) { try? manager.removeItem(at: file) }
    }
}
