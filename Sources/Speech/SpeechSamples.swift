import Files
import Foundation
import Media

/// The samples a recognizer hears (mono float32, little-endian as sent), kept where their
/// length costs no memory: a decoded recording goes to a temporary file of its own, unlinked
/// as soon as it is made (two hours are 460 MB; nothing is left behind, whatever ends the
/// process), and a few made in memory (tests, `doctor`) stay there. Read back block by block.
public final class SpeechSamples: Sendable {
    /// How many samples a block holds, written or read: 1 MiB of float32.
    static let blockSamples = 1 << 18

    private enum Storage {
        case memory([Float])
        case file(Int32)  // an unlinked file's descriptor
    }

    private let storage: Storage
    /// How many samples there are.
    public let count: Int
    /// SHA-256 of the samples' bytes as sent, 64 hex digits.
    public let digest: String

    /// Samples held in memory.
    public init(_ samples: [Float]) {
        storage = .memory(samples)
        count = samples.count
        let hash = ContentHash()
        samples.withUnsafeBytes { hash.add(Data($0)) }
        digest = hash.digest()
    }

    private init(file: Int32, count: Int, digest: String) {
        storage = .file(file)
        (self.count, self.digest) = (count, digest)
    }

    deinit {
        if case .file(let descriptor) = storage { close(descriptor) }
    }

    /// Hands the samples' bytes to `body` in order, a block at a time.
    public func forEachBlock(_ body: (UnsafeRawBufferPointer) throws -> Void) throws {
        switch storage {
        case .memory(let samples):
            try samples.withUnsafeBytes { bytes in
                var offset = 0
                while offset < bytes.count {
                    let end = min(bytes.count, offset + 4 * Self.blockSamples)
                    try body(UnsafeRawBufferPointer(rebasing: bytes[offset..<end]))
                    offset = end
                }
            }
        case .file(let descriptor):
            let block = UnsafeMutableRawBufferPointer.allocate(byteCount: 4 * Self.blockSamples, alignment: 16)
            defer { block.deallocate() }
            var offset = 0
            while offset < 4 * count {
                let got = pread(descriptor, block.baseAddress, min(block.count, 4 * count - offset), off_t(offset))
                if got < 0, errno == EINTR { continue }
                guard got > 0 else { throw RecognitionError.audio("cannot read the decoded audio back: \(Self.reason(errno))") }
                try body(UnsafeRawBufferPointer(rebasing: block[0..<got]))
                offset += got
            }
        }
    }

    /// Where the samples of a recording wait: `TMPDIR` when it is set, else /var/tmp (on disk:
    /// /tmp may be a tmpfs, whose files are held in memory, as on Debian 13), else /tmp.
    public static func folder(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let folder = environment["TMPDIR"], !folder.isEmpty { return folder }
        return access("/var/tmp", W_OK | X_OK) == 0 ? "/var/tmp" : "/tmp"
    }

    static func reason(_ code: Int32) -> String { code == 0 ? "end of file" : FileError.reason(of: code) }

    /// Samples written as they are decoded into a temporary file in `folder`, hashed on the way.
    final class Writer {
        private let descriptor: Int32
        private var block: [Float] = []
        private var written = 0  // samples
        private let hash = ContentHash()
        private var finished = false

        /// A writer whose file is made in `folder` (the temporary folder) and unlinked at once.
        init(folder: String) throws {
            do throws(FileError) {
                descriptor = try TemporaryFolder.unnamedFile(in: folder, prefix: "burn-captions-audio")
            } catch {
                throw RecognitionError.audio("cannot make a temporary file for the decoded audio in \(folder): \(SpeechSamples.reason(error.code))")
            }
            block.reserveCapacity(SpeechSamples.blockSamples)
        }

        deinit {
            if !finished { close(descriptor) }
        }

        /// Adds `samples` after the ones before.
        func append(_ samples: UnsafeBufferPointer<Float>) throws {
            var rest = samples[...]
            while !rest.isEmpty {
                let taken = rest.prefix(SpeechSamples.blockSamples - block.count)
                block.append(contentsOf: taken)
                rest = rest.dropFirst(taken.count)
                if block.count == SpeechSamples.blockSamples { try flush() }
            }
        }

        /// Adds `count` samples of silence.
        func appendSilence(count: Int) throws {
            var left = count
            while left > 0 {
                let taken = min(left, SpeechSamples.blockSamples - block.count)
                block.append(contentsOf: repeatElement(0, count: taken))
                left -= taken
                if block.count == SpeechSamples.blockSamples { try flush() }
            }
        }

        /// The samples written, read back from the file from now on.
        func finish() throws -> SpeechSamples {
            try flush()
            finished = true
            return SpeechSamples(file: descriptor, count: written, digest: hash.digest())
        }

        /// Writes the block and hashes it.
        private func flush() throws {
            guard !block.isEmpty else { return }
            try block.withUnsafeBytes { bytes in
                hash.add(Data(bytes))
                var offset = 0
                while offset < bytes.count {
                    let done = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                    if done < 0, errno == EINTR { continue }
                    guard done > 0 else {
                        throw RecognitionError.audio("cannot keep the decoded audio in the temporary folder: \(SpeechSamples.reason(errno))")
                    }
                    offset += done
                }
            }
            written += block.count
            block.removeAll(keepingCapacity: true)
        }
    }
}
