import Foundation
import TestSupport
import XCTest

/// Item 11 of the robustness issue, third pass: a caption file of up to 64 MiB of any shape is
/// refused (naming the limit and the line) or linted with bounded work. Each shape is made in
/// a temporary folder and given to `lint` and `plan`; each run must end within a generous
/// timeout and peak under 1 GiB (the child's `ru_maxrss`). Times are not asserted.
final class HugeCaptionTests: XCTestCase {
    private let talk = CLI.samples.appendingPathComponent("talk.mp4").path

    /// What one run of the binary did.
    struct Run {
        var status: Int32  // exit status; -1 when killed at the timeout
        var stderr: String
        var peakBytes: Int  // ru_maxrss
        var seconds: Double
    }

    /// Runs the binary with `arguments` (standard output to /dev/null), kills it after
    /// `timeout` seconds, and reports its peak memory from `wait4`.
    private func measure(_ arguments: [String], folder: URL, timeout: Double = 120) throws -> Run {
        let errorPath = folder.appendingPathComponent("stderr.txt").path
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let argv = ([CLI.binary] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let started = Date()
        let spawned = posix_spawn(&pid, CLI.binary, &actions, nil, argv, environ)
        XCTAssertEqual(spawned, 0, "posix_spawn")
        var status: Int32 = 0
        var usage = rusage()
        var killed = false
        while wait4(pid, &status, WNOHANG, &usage) == 0 {
            if Date().timeIntervalSince(started) > timeout, !killed {
                kill(pid, SIGKILL)
                killed = true
            }
            usleep(50_000)
        }
        let seconds = Date().timeIntervalSince(started)
        let exited = status & 0x7F == 0
        return Run(
            status: killed || !exited ? -1 : (status >> 8) & 0xFF,
            stderr: (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "",
            peakBytes: usage.ru_maxrss * 1024, seconds: seconds)
    }

    /// A SubRip cue from 0 to 10 s holding `payload`.
    private static func cue(_ payload: Data) -> Data { Data("1\n00:00:00,000 --> 00:00:10,000\n".utf8) + payload + Data("\n".utf8) }

    /// `count` SubRip cues of two seconds each, `hello world N`.
    private static func manyCues(_ count: Int) -> Data {
        var data = Data()
        data.reserveCapacity(count * 60)
        for index in 0..<count {
            let seconds = index * 2
            let clock = String(format: "%02d:%02d:%02d", seconds / 3600, seconds / 60 % 60, seconds % 60)
            data.append(contentsOf: "\(index + 1)\n\(clock),000 --> \(clock),500\nhello world \(index)\n\n".utf8)
        }
        return data
    }

    /// The huge shapes: a file name, its bytes, and the start of the error `lint` must give.
    private static let shapes: [(name: String, make: @Sendable () -> Data, error: String)] = [
        ("line.srt", { cue(Data(String(repeating: "word ", count: 10 << 20).utf8)) },
         "line.srt:3: the cue holds more than 50000 characters"),
        ("word.srt", { cue(Data(repeating: UInt8(ascii: "a"), count: 50 << 20)) }, "word.srt:3: the cue holds more than 50000 characters"),
        ("words.srt", { cue(Data(String(repeating: "ab cd ef gh ij\n", count: 2 << 20).utf8)) },
         // 14 characters a text line: the 3572nd, on line 3574, passes 50000.
         "words.srt:3574: the cue holds more than 50000 characters"),
        ("cues.srt", { manyCues(1 << 20) }, "cues.srt:400002: more than 100000 cues"),
        ("junk.srt", { Data(repeating: UInt8(ascii: "x"), count: 50 << 20) }, "junk.srt:1: expected a timing line"),
        ("words.json", { Data((#"{"segments": [{"start": 0, "end": 10, "text": ""# + String(repeating: "ab ", count: 10 << 20) + #""}]}"#).utf8) },
         "words.json: segments[0]: the cue holds more than 50000 characters"),
        ("text.srt", {
            // 500 cues of 9,999 characters each: every cue is within its limit, the file is not.
            var data = Data()
            let words = Data(([String](repeating: "ab", count: 3333).joined(separator: " ")).utf8)
            for index in 0..<500 {
                data.append(contentsOf: "\(index + 1)\n00:\(String(format: "%02d", index / 60)):\(String(format: "%02d", index % 60)),000 --> 00:\(String(format: "%02d", index / 60)):\(String(format: "%02d", index % 60)),900\n".utf8)
                data.append(words)
                data.append(contentsOf: "\n\n".utf8)
            }
            return data
        }, "text.srt:802: the file holds more than 2000000 characters of text"),
    ]

    func testHugeCaptionFilesAreRefusedWithTheirLimitInBoundedMemory() throws {
        let folder = try temporaryFolder()
        var report: [String] = []
        for shape in Self.shapes {
            let path = folder.appendingPathComponent(shape.name).path
            try shape.make().write(to: URL(fileURLWithPath: path))
            defer { try? FileManager.default.removeItem(atPath: path) }
            for arguments in [["lint", "--captions", path, "--fps", "30"], ["plan", talk, "--captions", path]] {
                let run = try measure(arguments, folder: folder)
                let context = "\(arguments[0]) \(shape.name): exit \(run.status), \(run.peakBytes >> 20) MiB, \(run.seconds) s: \(run.stderr.prefix(300))"
                report.append(context)
                XCTAssertEqual(run.status, 1, context)
                XCTAssertTrue(run.stderr.hasPrefix("burn-captions: \(folder.path)/\(shape.error)"), context)
                // AddressSanitizer (make test-asan) reserves its own shadow memory and quarantine,
                // about 1 GiB of resident pages before any work: the bound holds for real builds.
                if ProcessInfo.processInfo.environment["ASAN_OPTIONS"] == nil {
                    XCTAssertLessThan(run.peakBytes, 1 << 30, context)
                }
            }
        }
        print(report.joined(separator: "\n"))
    }
}
