import Captions
import Files
import Foundation

/// The bytes of a caption input: a regular file, or `-` for standard input (read once per
/// process and shared by every reader of `-`), at most `CaptionReader.maximumFileSize`.
/// Anything else (a FIFO, a device, a folder) is refused before it is opened for reading.
enum CaptionBytes {
    /// The path that names standard input.
    static let standardInputPath = "-"

    /// The name problems give standard input.
    static let standardInputName = "standard input"

    /// The name of `path` in problems.
    static func name(of path: String) -> String { path == standardInputPath ? standardInputName : path }

    /// The bytes at `path`; `-` is standard input unless `standardInput` is false. Throws a
    /// `CaptionError` naming it.
    static func contents(of path: String, standardInput: Bool = true, limit: Int = CaptionReader.maximumFileSize) throws -> Data {
        if standardInput, path == standardInputPath { return try Self.standardInput.get() }
        let name = standardInput ? name(of: path) : path
        var status = stat()
        guard stat(path, &status) == 0 else { throw failure(name, errno) }
        guard status.st_mode & S_IFMT == S_IFREG else { throw refusal(name, "not a regular file") }
        guard status.st_size <= off_t(limit) else { throw tooLarge(name, limit) }
        // O_NONBLOCK: a FIFO put in the file's place since the stat never blocks the open.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure(name, errno) }
        FileReads.add()
        defer { close(descriptor) }
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw refusal(name, "not a regular file")
        }
        return try read(descriptor, name: name, limit: limit)
    }

    /// Standard input, read on first use.
    private static let standardInput: Result<Data, CaptionError> = {
        do throws(CaptionError) {
            return .success(try read(STDIN_FILENO, name: standardInputName, limit: CaptionReader.maximumFileSize))
        } catch {
            return .failure(error)
        }
    }()

    /// Everything `descriptor` holds, refused when it is more than `limit` bytes (read no further).
    private static func read(_ descriptor: Int32, name: String, limit: Int) throws(CaptionError) -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure(name, errno)
            }
            if count == 0 { return data }
            data.append(contentsOf: buffer[..<count])
            if data.count > limit { throw tooLarge(name, limit) }
        }
    }

    private static func tooLarge(_ name: String, _ limit: Int) -> CaptionError {
        refusal(name, "file is larger than \(limit >> 20) MiB")
    }

    private static func refusal(_ name: String, _ message: String) -> CaptionError {
        CaptionError([CaptionProblem(file: name, message: message)])
    }

    /// The problem `code` (an `errno`) is, said as it is: "no such file", "permission denied".
    private static func failure(_ name: String, _ code: Int32) -> CaptionError {
        refusal(name, FileError.readProblem(code))
    }
}
