import Foundation
import XCTest

/// Runs the `burn-captions` binary (BURN_CAPTIONS_BIN, else the debug build) and other tools.
enum CLI {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let samples = root.appendingPathComponent("Samples")

    static var binary: String {
        if let path = ProcessInfo.processInfo.environment["BURN_CAPTIONS_BIN"] { return path }
        return root.appendingPathComponent(".build/debug/burn-captions").path
    }

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Starts `executable` with `arguments`; the caller waits.
    static func start(_ executable: String, _ arguments: [String]) throws -> (Process, Pipe, Pipe) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        return (process, out, err)
    }

    /// Runs to the end and collects the output.
    static func run(_ executable: String, _ arguments: [String]) throws -> Result {
        let (process, out, err) = try start(executable, arguments)
        // Read before waiting so a full pipe cannot block the child.
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }

    static func burn(_ arguments: [String]) throws -> Result { try run(binary, arguments) }

    /// Runs a tool from PATH (ffmpeg, ffprobe).
    static func tool(_ name: String, _ arguments: [String]) throws -> Result {
        try run("/usr/bin/env", [name] + arguments)
    }

    /// A fresh empty folder; the caller removes it.
    static func makeFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("burn-captions-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// One ffprobe value of the first stream of `kind` ("v" or "a").
    static func probe(_ path: String, stream kind: String, _ entry: String, countFrames: Bool = false) throws -> String {
        var arguments = ["-v", "error", "-select_streams", "\(kind):0", "-show_entries", "stream=\(entry)", "-of", "default=nw=1:nk=1"]
        if countFrames { arguments.insert("-count_packets", at: 0) }
        return try tool("ffprobe", arguments + [path]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

extension XCTestCase {
    /// A fresh empty folder for this test, removed when it ends.
    func temporaryFolder() throws -> URL {
        let url = try CLI.makeFolder()
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }
}
