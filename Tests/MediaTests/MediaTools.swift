import Foundation
import XCTest

/// Command-line tools (ffmpeg, espeak-ng) for tests that make their own media.
enum MediaTools {
    struct Failure: Error, CustomStringConvertible {
        var command: [String]
        var message: String
        var description: String { "\(command.joined(separator: " ")) failed: \(message)" }
    }

    /// Runs `command` (the tool is looked up on PATH); throws with its error output if it fails.
    static func run(_ command: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = command
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failure(command: command, message: message) }
    }

    /// ffmpeg, quiet, overwriting its output.
    static func ffmpeg(_ arguments: [String]) throws {
        try run(["ffmpeg", "-nostdin", "-y", "-v", "error"] + arguments)
    }
}

extension XCTestCase {
    /// A new empty folder under the temporary directory, removed when the test ends.
    func makeScratchFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("burn-captions-media-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return folder
    }
}
