import Foundation

/// What tells a file changed on disk: its size, modification time and inode.
public struct FileSignature: Equatable, Sendable {
    public var size: Int64
    public var modified: Double
    public var inode: UInt64

    /// The signature of the file at `path` as it is now.
    public init(_ path: String) throws(FileError) {
        var info = stat()
        guard stat(path, &info) == 0 else { throw FileError(path: path, reason: "cannot read it") }
        size = Int64(info.st_size)
        modified = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
        inode = UInt64(info.st_ino)
    }
}
