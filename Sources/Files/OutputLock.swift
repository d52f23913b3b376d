import Foundation

/// The claim of one process on one output path, for every burn-captions process that sees the
/// folder, on this host or another: an exclusive flock(2) on `.NAME.lock` beside the output,
/// held from before the temporary file is made until the finished file (and a batch job's
/// stamp) is in place. The kernel (or, on NFS, the server) drops the lock when its process
/// dies, however it dies, so a lock that can be taken means nobody is writing that output,
/// and its temporary files are abandoned. docs/RENDER-FARM.md states what this guarantees on
/// shared storage.
public final class OutputLock {
    /// Where the lock of `output` is kept.
    static func url(for output: URL) -> URL {
        output.deletingLastPathComponent().appendingPathComponent(".\(output.lastPathComponent).lock")
    }

    let url: URL
    private var descriptor: Int32

    /// Takes the claim on `output`, or returns nil when a live process holds it (`holder` then
    /// says who: `host HOST pid PID`, as that process wrote it). Throws when the lock file cannot be made.
    public static func take(_ output: URL, holder: inout String?) throws(FileError) -> OutputLock? {
        let url = Self.url(for: output)
        while true {
            let descriptor = open(url.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else {
                throw FileError.system(output.path, "cannot make the lock file \(url.path)")
            }
            guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
                let reason = errno
                holder = Self.contents(descriptor)
                close(descriptor)
                if reason == EWOULDBLOCK || reason == EAGAIN { return nil }
                throw FileError.system(output.path, "cannot lock \(url.path)", code: reason)
            }
            // The holder before us may have removed the file between our open and our lock: the
            // lock counts only on the file that is still at the path.
            var opened = stat()
            var current = stat()
            if fstat(descriptor, &opened) == 0, stat(url.path, &current) == 0, opened.st_dev == current.st_dev,
                opened.st_ino == current.st_ino
            {
                let lock = OutputLock(url: url, descriptor: descriptor)
                lock.sign()
                return lock
            }
            close(descriptor)
        }
    }

    private init(url: URL, descriptor: Int32) {
        self.url = url
        self.descriptor = descriptor
    }

    deinit { release() }

    /// Removes the lock file (while still holding it) and lets go. Safe to call more than once.
    public func release() {
        guard descriptor >= 0 else { return }
        unlink(url.path)
        close(descriptor)
        descriptor = -1
    }

    /// Writes `host HOST pid PID` into the lock file, for a process that finds it taken to name.
    private func sign() {
        let text = "host \(ProcessInfo.processInfo.hostName) pid \(getpid())\n"
        _ = ftruncate(descriptor, 0)
        _ = text.withCString { pwrite(descriptor, $0, strlen($0), 0) }
    }

    /// What the holder wrote into the lock file, or nil.
    private static func contents(_ descriptor: Int32) -> String? {
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = pread(descriptor, &buffer, buffer.count, 0)
        guard count > 0 else { return nil }
        let text = String(decoding: buffer.prefix(count), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }
}
