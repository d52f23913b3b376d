import Foundation
import TestSupport
import XCTest

/// `burn-captions review` as an attacker and an unlucky user meet it, over HTTP: bad values
/// are refused and the session goes on; the Host, the token and the page's headers; Save
/// through links and planted names; a file changed on disk; frames while cues are edited;
/// signals and a review that cannot start.
final class ReviewServerTests: XCTestCase {
    private let video = CLI.samples.appendingPathComponent("talk.mp4").path

    /// A copy of the sample's SubRip file in a new folder, and an empty TMPDIR for the review.
    private func captions(_ folder: URL) throws -> (captions: URL, temporary: URL) {
        let captions = folder.appendingPathComponent("talk.srt")
        try FileManager.default.copyItem(at: CLI.samples.appendingPathComponent("talk.srt"), to: captions)
        let temporary = folder.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        return (captions, temporary)
    }

    private func cues(_ review: ReviewProcess) throws -> [[String: Any]] {
        let answer = try review.send("GET", review.withToken("/api/state"))
        XCTAssertEqual(answer.status, 200, answer.text)
        return (try JSONSerialization.jsonObject(with: answer.body) as? [String: Any])?["cues"] as? [[String: Any]] ?? []
    }

    private func state(_ review: ReviewProcess) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: try review.send("GET", review.withToken("/api/state")).body) as? [String: Any] ?? [:]
    }

    func testBadValuesAreRefusedAndTheSessionGoesOn() throws {
        let (file, temporary) = try captions(try temporaryFolder())
        let review = try ReviewProcess(video: video, captions: file.path, temporaryFolder: temporary)
        let before = try cues(review)
        let megabyte = "{\"text\": \"" + String(repeating: "a", count: 1 << 20) + "\"}"
        let bad: [(String, String, String)] = [
            ("POST", "/api/cue?id=-1", #"{"text": "x"}"#), ("POST", "/api/cue?id=99999", #"{"text": "x"}"#),
            ("POST", "/api/cue?id=99999999999999999999", #"{"end": 2}"#), ("POST", "/api/cue?id=x", #"{"end": 2}"#),
            ("POST", "/api/cue", #"{"end": 2}"#), ("POST", "/api/cue?id=0", #"{"end": 1e300}"#),
            ("POST", "/api/cue?id=0", #"{"end": NaN}"#), ("POST", "/api/cue?id=0", #"{"start": -1}"#),
            ("POST", "/api/cue?id=0", #"{"end": 1e400}"#), ("POST", "/api/cue?id=0", #"{"end": true}"#),
            ("POST", "/api/cue?id=0", #"{"end": "2"}"#), ("POST", "/api/cue?id=0", #"{"text": 5}"#),
            ("POST", "/api/cue?id=0", #"{"text": null}"#), ("POST", "/api/cue?id=0", "{}"),
            ("POST", "/api/cue?id=0", #"{"txet": "x"}"#), ("POST", "/api/cue?id=0", "[1, 2]"),
            ("POST", "/api/cue?id=0", "not json"), ("POST", "/api/cue?id=0", ""),
            ("POST", "/api/cue?id=0", String(repeating: "[", count: 100_000)), ("POST", "/api/cue?id=0", megabyte),
            ("POST", "/api/cue?id=0", #"{"text": "\n \n"}"#), ("POST", "/api/cue?id=0", #"{"text": "a\u0000b"}"#),
            ("POST", "/api/cue?id=0", #"{"text": "a\n00:00:09,000 --> 00:00:10,000\nb"}"#),
            ("POST", "/api/cue?id=0", #"{"text": "<i></i>"}"#), ("POST", "/api/cue?id=0", #"{"text": "\\N"}"#),
            ("POST", "/api/cue?id=0", #"{"end": 0.1}"#), ("POST", "/api/split?id=0", #"{"at": 1e300}"#),
            ("POST", "/api/split?id=0", #"{"at": 2.5}"#), ("POST", "/api/split?id=0", "{}"),
            ("POST", "/api/split?id=0", #"{"at": 9999}"#), ("POST", "/api/merge?id=-1", ""),
            ("POST", "/api/merge?id=6", ""), ("POST", "/api/settings", #"{"preset": "../../etc/passwd"}"#),
            ("POST", "/api/settings", #"{"look": 1}"#), ("POST", "/api/render", #"{"output": ""}"#),
            ("POST", "/api/render", #"{"output": 7}"#), ("GET", "/api/frame?t=1e300", ""), ("GET", "/api/frame?t=nan", ""),
            ("GET", "/api/frame?t=-1", ""), ("GET", "/api/frame", ""),
        ]
        for (method, path, body) in bad {
            let answer = try review.send(method, review.withToken(path), body: Data(body.utf8))
            XCTAssertTrue([400, 409].contains(answer.status), "\(method) \(path) \(body.prefix(60)): \(answer.status) \(answer.text)")
            XCTAssertTrue(review.process.isRunning, "the review died of \(method) \(path) \(body.prefix(60))")
            guard review.process.isRunning else { break }
        }
        guard review.process.isRunning else { return }
        let after = try cues(review)
        XCTAssertEqual(after.map { $0["text"] as? String }, before.map { $0["text"] as? String }, "no bad request changed a cue")
        XCTAssertEqual(after.map { $0["end"] as? Double }, before.map { $0["end"] as? Double })
        let good = try review.send("POST", review.withToken("/api/cue?id=0"), body: Data(#"{"end": 2.1}"#.utf8))
        XCTAssertEqual(good.status, 200, "the session goes on: \(good.text)")
        XCTAssertEqual(review.stop().status, 130)
    }

    func testTheHostTheTokenAndThePageHeaders() throws {
        let (file, temporary) = try captions(try temporaryFolder())
        let review = try ReviewProcess(video: video, captions: file.path, temporaryFolder: temporary)
        for host in ["evil.example:\(review.port)", "127.0.0.1", "127.0.0.1:1", "localhost.evil.example:\(review.port)", ""] {
            let answer = try review.send("GET", review.withToken("/api/state"), headers: ["Host": host])
            XCTAssertEqual(answer.status, 403, "Host \(host): \(answer.status)")
        }
        for host in ["127.0.0.1:\(review.port)", "localhost:\(review.port)", "LOCALHOST:\(review.port)"] {
            XCTAssertEqual(try review.send("GET", review.withToken("/api/state"), headers: ["Host": host]).status, 200, host)
        }
        let page = try review.send("GET", review.withToken("/"))
        XCTAssertEqual(page.status, 200)
        let policy = page.headers["content-security-policy"] ?? ""
        XCTAssertTrue(policy.contains("default-src 'none'") && policy.contains("frame-ancestors 'none'"), policy)
        XCTAssertEqual(page.headers["referrer-policy"], "no-referrer")
        XCTAssertEqual(page.headers["x-frame-options"], "DENY")
        // No token: refused from the head, the announced megabyte never read.
        let refused = try review.send("POST", "/api/cue?id=0", body: nil, announcedLength: 1 << 20, timeout: 20)
        XCTAssertEqual(refused.status, 403, "a request without the token is refused before its body")
        let wrong = try review.send("POST", "/api/save?token=" + String(repeating: "0", count: 64), body: nil, announcedLength: 1 << 20, timeout: 20)
        XCTAssertEqual(wrong.status, 403)
        XCTAssertEqual(review.stop(SIGTERM).status, 143)
    }

    /// A caption file named through a link: its target is written with its mode, the link stays;
    /// `FILE~` is a real copy; links planted at the names a save might use are never followed.
    func testSaveWritesALinksTargetAndFollowsNoPlantedLink() throws {
        let folder = try temporaryFolder()
        let (real, temporary) = try captions(folder)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: real.path)
        let links = folder.appendingPathComponent("links")
        try FileManager.default.createDirectory(at: links, withIntermediateDirectories: true)
        let link = links.appendingPathComponent("talk.srt")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: real.path)
        let victim = folder.appendingPathComponent("victim")
        try Data("do not touch\n".utf8).write(to: victim)
        let original = try Data(contentsOf: real)
        let review = try ReviewProcess(video: video, captions: link.path, temporaryFolder: temporary)
        let pid = review.process.processIdentifier
        for planted in [
            real.path + "~", folder.appendingPathComponent(".talk.srt.partial-\(pid)").path,
            links.appendingPathComponent(".talk.srt.partial-\(pid)").path, link.path + "~",
        ] {
            try FileManager.default.createSymbolicLink(atPath: planted, withDestinationPath: victim.path)
        }
        let edit = try review.send("POST", review.withToken("/api/cue?id=0"), body: Data(#"{"text": "Saved through a link"}"#.utf8))
        XCTAssertEqual(edit.status, 200, edit.text)
        let save = try review.send("POST", review.withToken("/api/save"))
        XCTAssertEqual(save.status, 200, save.text)
        XCTAssertEqual(try String(contentsOf: victim, encoding: .utf8), "do not touch\n", "a planted link was followed")
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link.path), real.path, "the link stays a link")
        let saved = try String(contentsOf: real, encoding: .utf8)
        XCTAssertTrue(saved.contains("Saved through a link"), "the link's target is written: \(saved)")
        let attributes = try FileManager.default.attributesOfItem(atPath: real.path)
        XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o640, "the file keeps its mode")
        let backup = try FileManager.default.attributesOfItem(atPath: real.path + "~")
        XCTAssertEqual(backup[.type] as? FileAttributeType, .typeRegular, "FILE~ is a file, not the planted link")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: real.path + "~")), original, "FILE~ holds the previous version")
        XCTAssertEqual((backup[.posixPermissions] as? NSNumber)?.intValue, 0o640, "FILE~ has the file's mode")
        XCTAssertNotEqual(
            (backup[.systemFileNumber] as? NSNumber)?.intValue, (attributes[.systemFileNumber] as? NSNumber)?.intValue,
            "FILE~ is a copy, not a link to the file")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            $0.contains(".partial-") && !$0.hasSuffix("-\(pid)")
        }
        XCTAssertEqual(leftovers, [], "no temporary file is left")
        XCTAssertEqual(review.stop().status, 130)
    }

    /// The review writes no copy of the captions (its edits are a value): nothing in TMPDIR
    /// while it runs or after; SIGINT exits 130, SIGTERM 143.
    func testTheReviewWritesNothingAsideAndSignalsEndItAsARender() throws {
        let (file, temporary) = try captions(try temporaryFolder())
        for (signal, status) in [(SIGINT, Int32(130)), (SIGTERM, Int32(143))] {
            let review = try ReviewProcess(video: video, captions: file.path, temporaryFolder: temporary)
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: temporary.path), [], "no scratch copy")
            XCTAssertEqual(review.stop(signal).status, status, "signal \(signal)")
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: temporary.path), [])
        }
    }

    /// A review that fails to start (no video; a port in use) leaves nothing in TMPDIR.
    func testAReviewThatFailsToStartLeavesNoFolder() throws {
        let folder = try temporaryFolder()
        let (file, temporary) = try captions(folder)
        let notVideo = folder.appendingPathComponent("noise.mp4")
        try Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31) }).write(to: notVideo)
        let failed = try ProcessRunner.run(
            CLI.binary, ["review", notVideo.path, "--captions", file.path], environment: ["TMPDIR": temporary.path])
        XCTAssertEqual(failed.status, 1, failed.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: temporary.path), [], "after a video that does not open")
        let first = try ReviewProcess(video: video, captions: file.path, temporaryFolder: folder)
        let second = try ProcessRunner.run(
            CLI.binary, ["review", video, "--captions", file.path, "--port", String(first.port)],
            environment: ["TMPDIR": temporary.path])
        XCTAssertNotEqual(second.status, 0, second.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: temporary.path), [], "after a port in use")
        _ = first.stop()
    }

    /// Save refuses a file changed on disk, again and again, until a reload reads the new version.
    func testAFileChangedOnDiskIsReloadedBeforeItIsSaved() throws {
        let (file, temporary) = try captions(try temporaryFolder())
        let review = try ReviewProcess(video: video, captions: file.path, temporaryFolder: temporary)
        XCTAssertEqual(try review.send("POST", review.withToken("/api/cue?id=0"), body: Data(#"{"text": "Mine"}"#.utf8)).status, 200)
        let changed = try String(contentsOf: file, encoding: .utf8).replacingOccurrences(of: "Burned right in.", with: "Changed elsewhere.")
        try changed.write(to: file, atomically: true, encoding: .utf8)
        XCTAssertEqual(try state(review)["changedOnDisk"] as? Bool, true, "the page is told")
        for _ in 0..<2 {
            let save = try review.send("POST", review.withToken("/api/save"))
            XCTAssertEqual(save.status, 409)
            XCTAssertTrue(save.text.contains("changed on disk"), save.text)
        }
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), changed, "not overwritten")
        let reload = try review.send("POST", review.withToken("/api/reload"))
        XCTAssertEqual(reload.status, 200, reload.text)
        let reloaded = try cues(review)
        XCTAssertTrue(reloaded.contains { $0["text"] as? String == "Changed elsewhere." }, "the new version is shown")
        XCTAssertFalse(reloaded.contains { $0["text"] as? String == "Mine" }, "nothing stale stays")
        XCTAssertEqual(try state(review)["changedOnDisk"] as? Bool, false)
        XCTAssertEqual(try review.send("POST", review.withToken("/api/cue?id=0"), body: Data(#"{"text": "Mine"}"#.utf8)).status, 200)
        XCTAssertEqual(try review.send("POST", review.withToken("/api/save")).status, 200)
        let saved = try String(contentsOf: file, encoding: .utf8)
        XCTAssertTrue(saved.contains("Changed elsewhere.") && saved.contains("Mine"), saved)
        _ = review.stop()
    }

    /// Text with blank lines is saved with one line break for each run of them: the file keeps
    /// its cues, each with all of its text.
    func testEditedTextWithABlankLineIsFoldedIntoOneLineBreakOnSave() throws {
        let (file, temporary) = try captions(try temporaryFolder())
        let review = try ReviewProcess(video: video, captions: file.path, temporaryFolder: temporary)
        let before = try cues(review)
        let body = try JSONSerialization.data(withJSONObject: ["text": "Burned\n\nright\r\n \r\n\nin.\n\n"])
        XCTAssertEqual(try review.send("POST", review.withToken("/api/cue?id=2"), body: body).status, 200)
        XCTAssertEqual(try review.send("POST", review.withToken("/api/save")).status, 200)
        _ = review.stop()
        let saved = try String(contentsOf: file, encoding: .utf8)
        let blocks = saved.components(separatedBy: "\n\n").filter { !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
        XCTAssertEqual(blocks.count, before.count, "the saved file has as many cues as before:\n\(saved)")
        XCTAssertTrue(saved.contains("00:00:06,297\nBurned\nright\nin.\n\n4\n"), saved)
        let read = try ProcessRunner.run(CLI.binary, ["lint", file.path, "--json"])
        XCTAssertFalse(read.stderr.contains("dropped") || read.stderr.contains("malformed"), read.stderr)
    }

    /// Frames asked for while another connection edits cues are all drawn (before the edited
    /// copy was replaced atomically, about one frame in six failed here).
    func testFramesNeverFailWhileCuesAreEdited() throws {
        let (file, temporary) = try captions(try temporaryFolder())
        let review = try ReviewProcess(video: video, captions: file.path, temporaryFolder: temporary)
        let failures = Failures()
        // Edits, one after another, until the frames are drawn.
        let editing = Thread {
            var index = 0
            while !failures.finished {
                let text = index % 2 == 0 ? String(repeating: "long text ", count: 60) : "short"
                let body = try? JSONSerialization.data(withJSONObject: ["text": text])
                if (try? review.send("POST", review.withToken("/api/cue?id=3"), body: body))?.status != 200 { failures.add("edit \(index)") }
                index += 1
                failures.count()
            }
        }
        editing.start()
        for frame in 0..<30 {
            let answer = try review.send("GET", review.withToken("/api/frame?t=1.7&r=\(frame)"))
            if answer.status != 200 { failures.add("frame \(frame): \(answer.status) \(answer.text)") }
        }
        failures.finish()
        while editing.isExecuting { usleep(10_000) }
        XCTAssertEqual(failures.list, [], "30 frames drawn while \(failures.edits) edits were made")
        XCTAssertGreaterThan(failures.edits, 0)
        _ = review.stop()
    }
}

/// What the editing thread saw go wrong, and whether it is done.
private final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var found: [String] = []
    private var done = false
    private var made = 0
    func add(_ failure: String) { lock.withLock { found.append(failure) } }
    func count() { lock.withLock { made += 1 } }
    var edits: Int { lock.withLock { made } }
    func finish() { lock.withLock { done = true } }
    var finished: Bool { lock.withLock { done } }
    var list: [String] { lock.withLock { found } }
}
