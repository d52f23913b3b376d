import Foundation

/// Runs programs for the tests: the binary under test and the tools that make and check
/// media (ffmpeg, ffprobe, espeak-ng), each collecting what the program writes.
public enum ProcessRunner {
    /// A finished program: its exit status and what it wrote.
    public struct Result: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String
    }

    /// A program that had to succeed and did not, with its error output.
    public struct Failure: Error, CustomStringConvertible {
        public var command: [String]
        public var message: String
        public var description: String { "\(command.joined(separator: " ")) failed: \(message)" }

        public init(command: [String], message: String) {
            self.command = command
            self.message = message
        }
    }

    /// Starts `executable` with `arguments` (and `environment` added to this process's), in
    /// `folder` when given; the caller finishes it with `finish`.
    public static func start(
        _ executable: String, _ arguments: [String], environment: [String: String] = [:], in folder: URL? = nil
    ) throws -> (Process, Pipe, Pipe) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        if let folder { process.currentDirectoryURL = folder }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        return (process, out, err)
    }

    /// Collects the output of a started program and waits for its end.
    public static func finish(_ process: Process, _ out: Pipe, _ err: Pipe) -> Result {
        // Read before waiting so a full pipe cannot block the child.
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// Runs to the end and collects the output.
    public static func run(
        _ executable: String, _ arguments: [String], environment: [String: String] = [:], in folder: URL? = nil
    ) throws -> Result {
        let (process, out, err) = try start(executable, arguments, environment: environment, in: folder)
        return finish(process, out, err)
    }

    /// Runs a tool from PATH (ffmpeg, ffprobe).
    public static func tool(_ name: String, _ arguments: [String]) throws -> Result {
        try run("/usr/bin/env", [name] + arguments)
    }

    /// Runs `command` (the tool is looked up on PATH); throws with its error output if it fails.
    public static func check(_ command: [String]) throws {
        let result = try run("/usr/bin/env", command)
        guard result.status == 0 else { throw Failure(command: command, message: result.stderr) }
    }

    /// ffmpeg, quiet, overwriting its output; throws if it fails.
    public static func ffmpeg(_ arguments: [String]) throws {
        try check(["ffmpeg", "-nostdin", "-y", "-v", "error"] + arguments)
    }
}
