import Foundation

/// Paths as the file system finds them, so that two names of one file compare equal.
public enum RealPath {
    /// `path` absolute, with `.` and `..` gone and symbolic links resolved: in full when it
    /// exists, else in its folder (a file still to be written).
    public static func resolve(_ path: String) -> String {
        let url = URL(fileURLWithPath: path).standardizedFileURL
        if let real = canonical(url.path) { return real }
        guard let folder = canonical(url.deletingLastPathComponent().path) else { return url.path }
        return (folder == "/" ? "" : folder) + "/" + url.lastPathComponent
    }

    /// Whether `a` and `b` name one file: the same real path, or (hard links) the same inode.
    public static func sameFile(_ a: String, _ b: String) -> Bool {
        if resolve(a) == resolve(b) { return true }
        var first = stat()
        var second = stat()
        guard stat(a, &first) == 0, stat(b, &second) == 0 else { return false }
        return first.st_dev == second.st_dev && first.st_ino == second.st_ino
    }

    private static func canonical(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
