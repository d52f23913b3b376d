import Foundation
import Media

/// Transcripts already recognized, so that a rerun, a batch retry, a review and every output
/// of a run do not recognize again: the engine's own output lines, one file per key, in a
/// folder of the user's cache. The key is the SHA-256 of all that changes the transcript: the
/// audio's samples, the model's files, the engine, and the request's settings. At most
/// `limit` transcripts are kept; the least recently used go first.
public struct TranscriptCache: Sendable {
    /// How many transcripts are kept.
    public static let limit = 64

    /// The folder of transcript files.
    public let folder: URL

    public init(folder: URL) { self.folder = folder }

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

    /// The lines kept under `key`, nil when there are none; a hit counts as a use.
    func lines(for key: String) -> [Data]? {
        let file = folder.appendingPathComponent(key + ".jsonl")
        guard let data = FileManager.default.contents(atPath: file.path) else { return nil }
        try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: file.path)
        return data.split(separator: 0x0A, omittingEmptySubsequences: true).map { Data($0) }
    }

    /// Keeps `lines` under `key` (written whole, then renamed into place), then drops the least
    /// recently used beyond the limit. A cache that cannot be written is left alone.
    func keep(_ lines: [Data], for key: String) {
        let manager = FileManager.default
        guard (try? manager.createDirectory(at: folder, withIntermediateDirectories: true)) != nil else { return }
        let file = folder.appendingPathComponent(key + ".jsonl")
        let partial = folder.appendingPathComponent(key + ".jsonl.partial-\(getpid())")
        var data = Data()
        for line in lines {
            data.append(line)
            data.append(0x0A)
        }
        guard manager.createFile(atPath: partial.path, contents: data) else { return }
        if rename(partial.path, file.path) != 0 { try? manager.removeItem(at: partial) }
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
