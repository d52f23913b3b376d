import Foundation

/// Scratch space: a new folder in `TMPDIR` (else `/tmp`), made exclusively by `mkdtemp(3)` and
/// readable by its owner only. Whoever makes it removes it.
public enum TemporaryFolder {
    /// A new folder named `PREFIX-XXXXXX` in the temporary folder.
    public static func make(prefix: String) throws(FileError) -> URL {
        let template = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-XXXXXX").path
        var name = Array(template.utf8CString)
        guard mkdtemp(&name) != nil else { throw FileError.system(template, "cannot make a temporary folder") }
        return URL(fileURLWithPath: String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self), isDirectory: true)
    }

    /// An open file named `PREFIX-XXXXXX` in `folder`, made exclusively by `mkstemp(3)`, closed
    /// on exec, and already unlinked: it goes when its descriptor is closed.
    public static func unnamedFile(in folder: String, prefix: String) throws(FileError) -> Int32 {
        var template = Array(URL(fileURLWithPath: folder).appendingPathComponent("\(prefix)-XXXXXX").path.utf8CString)
        let descriptor = mkstemp(&template)
        guard descriptor >= 0 else { throw FileError.system(folder, "cannot make a temporary file") }
        unlink(template)
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        return descriptor
    }
}
