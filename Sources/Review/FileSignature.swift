import Foundation

/// What tells a file changed on disk: its size, modification time and inode.
struct FileSignature: Equatable {
    var size: Int64
    var modified: Double
    var inode: UInt64

    init(_ path: String) throws {
        var info = stat()
        guard stat(path, &info) == 0 else { throw ReviewError("\(path): cannot read it") }
        size = Int64(info.st_size)
        modified = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
        inode = UInt64(info.st_ino)
    }
}
