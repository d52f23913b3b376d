import Foundation

/// The project's one way to replace a small file whole or not at all: the bytes go into a
/// temporary file created exclusively beside the file (`.NAME.partial-PID-RANDOM`, opened with
/// `O_CREAT | O_EXCL | O_NOFOLLOW`, so a link planted at a name it might pick is never
/// followed), flushed to disk, given the mode (and, when asked, the owner) the file must
/// have, and renamed over it. A failure leaves the file as it was and no temporary file.
public enum AtomicFile {
    /// What the written file's mode and owner come from.
    public enum Permissions: Sendable, Equatable {
        /// A new file's `mode` (less the umask); a file that exists keeps its mode (owner aside).
        case keepMode(newFile: mode_t)
        /// The existing file's mode and owner; a file whose owner cannot be kept is not written.
        case keepModeAndOwner(newFile: mode_t)
        /// Always `mode` (less the umask), whatever the file had: scratch copies (0600).
        case exactly(mode_t)
        /// The mode and owner of the file at `path` (a backup copy of it); when the owner cannot
        /// be given, the copy is readable by its owner only.
        case like(String)
    }

    /// What a link at the file's path means.
    public enum Links: Sendable, Equatable {
        /// The link's target is written and the link stays (a file the user named through a link).
        case writeTarget
        /// The link itself is replaced by the file (a name the program chose, such as a backup).
        case replace
    }

    /// Writes `bytes` as the whole content of `path`; returns the path written (the link's
    /// target with `.writeTarget`).
    @discardableResult
    public static func write(
        _ bytes: Data, to path: String, permissions: Permissions = .keepMode(newFile: 0o644), links: Links = .writeTarget
    ) throws(FileError) -> String {
        try write(bytes, to: path, permissions: permissions, links: links, randomName: { String($0.next() as UInt64, radix: 36) })
    }

    /// `write` with the random part of each temporary name drawn by `randomName` (a test
    /// plants links at the names it will draw).
    @discardableResult
    static func write(
        _ bytes: Data, to path: String, permissions: Permissions, links: Links,
        randomName: (inout SystemRandomNumberGenerator) -> String
    ) throws(FileError) -> String {
        let target = links == .writeTarget ? resolve(path) : URL(fileURLWithPath: path).standardizedFileURL.path
        var existing = stat()
        var exists = lstat(target, &existing) == 0 && (existing.st_mode & S_IFMT) == S_IFREG
        if case .like(let model) = permissions {
            exists = stat(model, &existing) == 0
        }
        let (descriptor, temporary) = try create(beside: target, mode: newMode(permissions), randomName: randomName)
        do throws(FileError) {
            try writeAll(bytes, to: descriptor, path: target)
            if exists { try keep(existing, permissions, descriptor: descriptor, path: target) }
            guard fsync(descriptor) == 0 else { throw failure(target, "cannot write") }
        } catch {
            close(descriptor)
            unlink(temporary)
            throw error
        }
        guard close(descriptor) == 0 else {
            let problem = failure(target, "cannot write")
            unlink(temporary)
            throw problem
        }
        guard rename(temporary, target) == 0 else {
            let problem = failure(target, "cannot move the new version into place")
            unlink(temporary)
            throw problem
        }
        syncFolder(of: target)
        return target
    }

    /// `path` as `.writeTarget` writes it: absolute, its links resolved.
    public static func resolve(_ path: String) -> String { RealPath.resolve(path) }

    /// The prefix of the temporary files of `path` (`.NAME.partial-`), which a writer that
    /// holds the file's lock may remove when a killed run left them.
    public static func temporaryPrefix(of path: String) -> String {
        ".\(URL(fileURLWithPath: path).lastPathComponent).partial-"
    }

    private static func newMode(_ permissions: Permissions) -> mode_t {
        switch permissions {
        case .keepMode(let mode), .keepModeAndOwner(let mode), .exactly(let mode): return mode
        case .like: return 0o600
        }
    }

    /// A new file beside `target`, created exclusively under a name no one could have planted.
    private static func create(
        beside target: String, mode: mode_t, randomName: (inout SystemRandomNumberGenerator) -> String
    ) throws(FileError) -> (Int32, String) {
        let folder = URL(fileURLWithPath: target).deletingLastPathComponent().path
        let prefix = (folder == "/" ? "" : folder) + "/" + temporaryPrefix(of: target) + "\(getpid())-"
        var random = SystemRandomNumberGenerator()
        for _ in 0..<64 {
            let name = prefix + randomName(&random)
            let descriptor = open(name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
            if descriptor >= 0 { return (descriptor, name) }
            guard errno == EEXIST else { throw failure(target, "cannot create a temporary file in \(folder)") }
        }
        throw failure(target, "cannot create a temporary file in \(folder)")
    }

    private static func writeAll(_ bytes: Data, to descriptor: Int32, path: String) throws(FileError) {
        let written: Bool = bytes.withUnsafeBytes { buffer in
            var done = 0
            while done < buffer.count {
                let count = Glibc.write(descriptor, buffer.baseAddress! + done, buffer.count - done)
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { return false }
                done += count
            }
            return true
        }
        guard written else { throw failure(path, "cannot write") }
    }

    /// Gives the new file the existing one's mode (and owner, when asked).
    private static func keep(_ existing: stat, _ permissions: Permissions, descriptor: Int32, path: String) throws(FileError) {
        switch permissions {
        case .exactly(let mode):
            guard fchmod(descriptor, mode & ~currentUmask) == 0 else { throw failure(path, "cannot set its mode") }
        case .keepMode:
            guard fchmod(descriptor, existing.st_mode & 0o7777) == 0 else { throw failure(path, "cannot keep its mode") }
        case .keepModeAndOwner:
            var made = stat()
            guard fstat(descriptor, &made) == 0 else { throw failure(path, "cannot keep its owner") }
            if made.st_uid != existing.st_uid || made.st_gid != existing.st_gid {
                guard fchown(descriptor, existing.st_uid, existing.st_gid) == 0 else {
                    throw failure(path, "cannot keep its owner (user \(existing.st_uid), group \(existing.st_gid))")
                }
            }
            // After the owner: changing it clears set-user-ID and set-group-ID.
            guard fchmod(descriptor, existing.st_mode & 0o7777) == 0 else { throw failure(path, "cannot keep its mode") }
        case .like:
            var made = stat()
            guard fstat(descriptor, &made) == 0 else { throw failure(path, "cannot set its mode") }
            let owned = (made.st_uid == existing.st_uid && made.st_gid == existing.st_gid)
                || fchown(descriptor, existing.st_uid, existing.st_gid) == 0
            let mode = existing.st_mode & (owned ? 0o777 : 0o700)
            guard fchmod(descriptor, mode) == 0 else { throw failure(path, "cannot set its mode") }
        }
    }

    /// The process's umask (read by setting it and putting it back).
    private static var currentUmask: mode_t {
        let mask = umask(0o022)
        umask(mask)
        return mask
    }

    /// Flushes the folder's entry of the rename (best effort: some file systems refuse it).
    private static func syncFolder(of path: String) {
        let descriptor = open(URL(fileURLWithPath: path).deletingLastPathComponent().path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    private static func failure(_ path: String, _ what: String) -> FileError { .system(path, what) }
}
