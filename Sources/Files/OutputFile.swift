import Foundation

/// One output written safely: claimed by an `OutputLock`, written into a temporary file beside
/// the final path, renamed over it only when complete, removed on any failure. An output is
/// never one of the files the job reads.
public final class OutputFile {
    public let finalURL: URL
    public let temporaryURL: URL
    /// Whether the output is a sequence of pictures (`caps_%05d.png`): written into a temporary
    /// folder, moved beside `finalURL` one by one when complete.
    public let sequence: Bool
    private let lock: OutputLock
    private var committed = false

    /// Checks that `output` is none of `inputs` (by real path) and that its folder can be
    /// written, before any decoding; claims it (or takes over `claim`, already held for it);
    /// and removes the temporary files that runs killed before they could clean up left beside it.
    public init(output: String, inputs: [String], claim: OutputLock? = nil, sequence: Bool = false) throws(FileError) {
        try Self.check(output, inputs: inputs)
        self.sequence = sequence
        finalURL = URL(fileURLWithPath: output).standardizedFileURL
        let folder = finalURL.deletingLastPathComponent()
        var holder: String?
        if let claim {
            lock = claim
        } else {
            guard let taken = try OutputLock.take(finalURL, holder: &holder) else {
                throw FileError(path: output, reason: "another burn-captions process (\(holder ?? "host and process unknown")) is writing it")
            }
            lock = taken
        }
        Self.removeAbandonedTemporaries(of: finalURL)
        temporaryURL = folder.appendingPathComponent(AtomicFile.temporaryPrefix(of: finalURL.path) + "\(getpid())")
        if sequence {
            do {
                try FileManager.default.createDirectory(at: temporaryURL, withIntermediateDirectories: false)
            } catch {
                throw FileError(path: output, reason: "cannot make the temporary folder \(temporaryURL.path): \(error.localizedDescription)")
            }
        }
    }

    /// Checks, without claiming it, that `output` is none of `inputs` (by real path, the same
    /// rule for every output) and that its folder exists and can be written.
    public static func check(_ output: String, inputs: [String]) throws(FileError) {
        let manager = FileManager.default
        let url = URL(fileURLWithPath: output).standardizedFileURL
        if let input = inputs.first(where: { RealPath.sameFile(output, $0) }) {
            throw FileError(path: output, reason: "output is the input file \(input); choose another output path", kind: .choice)
        }
        let folder = url.deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: folder.path, isDirectory: &isDirectory) else {
            throw FileError(path: output, reason: "output folder \(folder.path) does not exist")
        }
        guard isDirectory.boolValue else { throw FileError(path: output, reason: "output folder \(folder.path) is not a folder") }
        guard manager.isWritableFile(atPath: folder.path) else {
            throw FileError(path: output, reason: "output folder \(folder.path) is not writable")
        }
        if manager.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw FileError(path: output, reason: "is a folder")
        }
    }

    /// Moves the finished temporary file over the final path (each picture of a sequence
    /// beside it, in order, then the emptied folder goes).
    public func commit() throws(FileError) {
        if sequence {
            let folder = finalURL.deletingLastPathComponent()
            let names = (try? FileManager.default.contentsOfDirectory(atPath: temporaryURL.path)) ?? []
            for name in names.sorted() where rename(temporaryURL.appendingPathComponent(name).path, folder.appendingPathComponent(name).path) != 0 {
                let problem = FileError.system(folder.appendingPathComponent(name).path, "cannot move the finished picture into place")
                removeTemporary()
                throw problem
            }
            removeTemporary()
            committed = true
            return
        }
        if rename(temporaryURL.path, finalURL.path) != 0 {
            let problem = FileError.system(finalURL.path, "cannot move the finished file into place")
            removeTemporary()
            throw problem
        }
        committed = true
    }

    /// A temporary file that never made it into place goes; the claim goes with the object.
    deinit { if !committed { removeTemporary() } }

    /// Removes the temporary file (or folder of a sequence) without touching the final path.
    public func removeTemporary() {
        if sequence { try? FileManager.default.removeItem(at: temporaryURL) } else { unlink(temporaryURL.path) }
    }

    /// Writes `bytes` as the output, whole or not at all (`AtomicFile`: a link's target is
    /// written, an existing output keeps its mode); errors name the output and the reason.
    public func write(_ bytes: Data) throws(FileError) {
        try AtomicFile.write(bytes, to: finalURL.path)
        committed = true
    }

    /// Removes `.NAME.partial-*` beside `output`: with its lock held, nobody else writes them.
    private static func removeAbandonedTemporaries(of output: URL) {
        let folder = output.deletingLastPathComponent()
        let prefix = AtomicFile.temporaryPrefix(of: output.path)
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] where name.hasPrefix(prefix) {
            // A file, or the folder of a picture sequence.
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
    }
}
