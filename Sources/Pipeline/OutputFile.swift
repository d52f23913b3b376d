import Foundation

/// The output written safely: into a temporary file beside the final path, renamed over it
/// only when complete, removed on any failure. The input is never the output.
struct OutputFile {
    let finalURL: URL
    let temporaryURL: URL

    /// Checks that `output` can be written and is not `input`, before any decoding.
    init(output: String, input: String) throws {
        let manager = FileManager.default
        finalURL = URL(fileURLWithPath: output).standardizedFileURL
        let inputURL = URL(fileURLWithPath: input).standardizedFileURL
        if finalURL.resolvingSymlinksInPath().path == inputURL.resolvingSymlinksInPath().path
            || Self.sameFile(finalURL.path, inputURL.path)
        {
            throw BurnError.usage("\(output): output is the input file; choose another output path")
        }
        let folder = finalURL.deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw BurnError.output("\(output): output folder \(folder.path) does not exist")
        }
        guard manager.isWritableFile(atPath: folder.path) else {
            throw BurnError.output("\(output): output folder \(folder.path) is not writable")
        }
        if manager.fileExists(atPath: finalURL.path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw BurnError.output("\(output): is a folder")
        }
        let name = finalURL.lastPathComponent
        temporaryURL = folder.appendingPathComponent(".\(name).partial-\(getpid())")
    }

    /// Moves the finished temporary file over the final path.
    func commit() throws {
        if rename(temporaryURL.path, finalURL.path) != 0 {
            let reason = String(cString: strerror(errno))
            removeTemporary()
            throw BurnError.output("\(finalURL.path): cannot move the finished file into place: \(reason)")
        }
    }

    func removeTemporary() { unlink(temporaryURL.path) }

    /// Removes temporary files a killed run (SIGKILL leaves no chance to clean up) left
    /// beside `output`: `.NAME.partial-PID` whose process no longer exists.
    static func removeStalePartials(of output: String) {
        let url = URL(fileURLWithPath: output)
        let folder = url.deletingLastPathComponent()
        let prefix = ".\(url.lastPathComponent).partial-"
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] where name.hasPrefix(prefix) {
            guard let pid = Int32(name.dropFirst(prefix.count)), pid != getpid() else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH { unlink(folder.appendingPathComponent(name).path) }
        }
    }

    private static func sameFile(_ a: String, _ b: String) -> Bool {
        var first = stat()
        var second = stat()
        guard stat(a, &first) == 0, stat(b, &second) == 0 else { return false }
        return first.st_dev == second.st_dev && first.st_ino == second.st_ino
    }
}
