import Foundation
import Media

/// The sizes and SHA-256 sums of the installed models' files (`Recognizer/models.json`, which
/// `scripts/setup.sh` checks its installation against): a half-joined or corrupt model is a
/// clear error before the engine loads it. A file's contents are hashed once per change of
/// its size or time; the result is kept in a stamp (`stamps`), so a run checks sizes only.
public struct ModelSums: Sendable {
    /// One model's files.
    public struct Model: Sendable, Decodable {
        public var files: [String: File]

        /// The sums of its files, in name order: what names this model in the transcript cache.
        var identity: String { files.keys.sorted().map { "\($0) \(files[$0]!.sha256)" }.joined(separator: "; ") }
    }

    /// One file's size and SHA-256.
    public struct File: Sendable, Decodable {
        public var bytes: Int
        public var sha256: String
    }

    public var models: [String: Model]
    /// Where verified files are remembered (nil: never; every run hashes).
    public var stamps: URL?

    /// The sums file at `url`; `stamps` is the folder for verification stamps.
    public init(contentsOf url: URL, stamps: URL?) throws(RecognitionError) {
        struct Document: Decodable { var models: [String: Model] }
        do {
            let data = try Data(contentsOf: url)
            models = try JSONDecoder().decode(Document.self, from: data).models
        } catch {
            throw .model("\(url.path): cannot read the models' sums (\(error.localizedDescription))")
        }
        self.stamps = stamps
    }

    /// Checks `folder`'s files against `listed`: each present, of its size, and of its sum
    /// (hashed unless a stamp says this very file was verified).
    func verify(_ folder: URL, listed: Model, name: String) throws(RecognitionError) {
        for (file, expected) in listed.files.sorted(by: { $0.key < $1.key }) {
            let path = folder.appendingPathComponent(file).path
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
                let size = (attributes[.size] as? NSNumber)?.intValue
            else {
                throw .model("model \(name) (\(folder.path)): \(file) is missing; \(RecognitionError.setupHint)")
            }
            guard size == expected.bytes else {
                throw .model(
                    "model \(name) (\(folder.path)): \(file) has \(size) bytes, not \(expected.bytes) (incomplete or "
                        + "half-joined); \(RecognitionError.setupHint)")
            }
            let time = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            let inode = (attributes[.systemFileNumber] as? NSNumber)?.intValue ?? 0
            let stamp = stamps?.appendingPathComponent(
                ContentHash.sha256(Data("\(path) \(size) \(time) \(inode) \(expected.sha256)".utf8)))
            if let stamp, FileManager.default.fileExists(atPath: stamp.path) { continue }
            guard let sum = try? Self.sha256(ofFileAt: path) else {
                throw .model("model \(name) (\(folder.path)): \(file) cannot be read")
            }
            guard sum == expected.sha256 else {
                throw .model(
                    "model \(name) (\(folder.path)): \(file) is corrupt (SHA-256 \(sum.prefix(12))…, expected "
                        + "\(expected.sha256.prefix(12))…); \(RecognitionError.setupHint)")
            }
            if let stamp {
                try? FileManager.default.createDirectory(at: stamp.deletingLastPathComponent(), withIntermediateDirectories: true)
                _ = FileManager.default.createFile(atPath: stamp.path, contents: Data())
            }
        }
    }

    /// The SHA-256 of a file, read 4 MiB at a time.
    static func sha256(ofFileAt path: String) throws -> String {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw CocoaError(.fileReadNoPermission) }
        defer { try? handle.close() }
        let hash = ContentHash()
        while let chunk = try handle.read(upToCount: 4 << 20), !chunk.isEmpty { hash.add(chunk) }
        return hash.digest()
    }
}
