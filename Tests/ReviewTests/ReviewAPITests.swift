import Foundation
import Pipeline
import TestSupport
import XCTest

@testable import Review

/// `ReviewAPI` without a socket: who is admitted, and every bad value refused with 400 or 409
/// while the session goes on.
final class ReviewAPITests: XCTestCase {
    private let talk = Repository.samples.appendingPathComponent("talk.mp4").path
    private let token = String(repeating: "ab", count: 32)
    private let port: UInt16 = 4321

    private func api() throws -> ReviewAPI {
        let file = try temporaryFolder().appendingPathComponent("talk.srt")
        try FileManager.default.copyItem(at: Repository.samples.appendingPathComponent("talk.srt"), to: file)
        let session = try ReviewSession(BurnRequest(input: .file(talk), captions: CaptionInput(file: file.path), output: .none))
        return try ReviewAPI(session: session, token: token, video: talk)
    }

    private func request(_ method: String, _ path: String, _ arguments: [String: String] = [:], body: String = "", host: String? = nil)
        -> HTTPRequest
    {
        HTTPRequest(
            method: method, path: path, arguments: arguments.merging(["token": token]) { first, _ in first },
            headers: ["Host": host ?? "127.0.0.1:\(port)"], body: Data(body.utf8), port: port)
    }

    private func texts(_ api: ReviewAPI) throws -> [String] {
        guard case .bytes(_, _, let data) = api.respond(request("GET", "/api/state")) else { return [] }
        let state = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        return (state?["cues"] as? [[String: Any]] ?? []).map { "\($0["start"]!) \($0["end"]!) \($0["text"]!)" }
    }

    func testAdmission() throws {
        let api = try api()
        XCTAssertNil(api.admit(request("GET", "/api/state")))
        XCTAssertNil(api.admit(request("GET", "/api/state", host: "localhost:\(port)")))
        for host in ["evil.example:\(port)", "127.0.0.1", "127.0.0.1:\(port + 1)", "[::1]:\(port)", ""] {
            XCTAssertEqual(api.admit(request("GET", "/api/state", host: host))?.status, 403, host)
        }
        var noToken = request("GET", "/api/state")
        noToken.arguments = [:]
        XCTAssertEqual(api.admit(noToken)?.status, 403)
        noToken.headers["x-review-token"] = token
        XCTAssertNil(api.admit(noToken), "the token may come as a header")
    }

    func testBadValuesGet400Or409AndTheSessionGoesOn() throws {
        let api = try api()
        let before = try texts(api)
        let cases: [(String, [String: String], String, Int)] = [
            ("/api/cue", ["id": "-1"], #"{"text": "x"}"#, 400), ("/api/cue", ["id": "7"], #"{"text": "x"}"#, 409),
            ("/api/cue", ["id": "1e3"], #"{"text": "x"}"#, 400), ("/api/cue", [:], #"{"text": "x"}"#, 400),
            ("/api/cue", ["id": "0"], #"{"end": 1e300}"#, 400), ("/api/cue", ["id": "0"], #"{"end": NaN}"#, 400),
            ("/api/cue", ["id": "0"], #"{"start": 5}"#, 409), ("/api/cue", ["id": "0"], #"{"end": false}"#, 400),
            ("/api/cue", ["id": "0"], #"{"text": ["a"]}"#, 400), ("/api/cue", ["id": "0"], #"{}"#, 400),
            ("/api/cue", ["id": "0"], #"{"text": "a", "extra": 1}"#, 400),
            ("/api/cue", ["id": "0"], "{\"text\": \"" + String(repeating: "é", count: 1 << 20) + "\"}", 400),
            ("/api/cue", ["id": "0"], #"{"text": "\n\n"}"#, 409), ("/api/cue", ["id": "0"], #"{"text": "a --> b"}"#, 409),
            ("/api/split", ["id": "0"], #"{"at": 0}"#, 400), ("/api/split", ["id": "0"], #"{"at": 100}"#, 409),
            ("/api/split", ["id": "0"], #"{"at": "3"}"#, 400), ("/api/merge", ["id": "6"], "", 409),
            ("/api/merge", ["id": "99999999"], "", 409), ("/api/settings", [:], #"{"preset": "/etc/passwd"}"#, 400),
            ("/api/settings", [:], #"{"look": "nope"}"#, 400), ("/api/render", [:], "{\"output\": \"a\\u0000b\"}", 400),
        ]
        for (path, arguments, body, status) in cases {
            let answer = api.respond(request("POST", path, arguments, body: body))
            XCTAssertEqual(answer.status, status, "\(path) \(arguments) \(body.prefix(50))")
        }
        for t in ["nan", "inf", "-1", "1e300", "", "x"] {
            XCTAssertEqual(api.respond(request("GET", "/api/frame", ["t": t])).status, 400, "t=\(t)")
        }
        XCTAssertEqual(api.respond(request("DELETE", "/api/cue", ["id": "0"])).status, 405)
        XCTAssertEqual(api.respond(request("GET", "/../etc/passwd")).status, 404)
        // A cue 1 ms long cannot be split into two cues of whole milliseconds: undone, 409.
        XCTAssertEqual(api.respond(request("POST", "/api/cue", ["id": "1"], body: #"{"start": 2.48, "end": 2.481}"#)).status, 200)
        XCTAssertEqual(api.respond(request("POST", "/api/split", ["id": "1"], body: #"{"at": 3}"#)).status, 409)
        XCTAssertEqual(api.respond(request("POST", "/api/cue", ["id": "1"], body: #"{"start": 2.48, "end": 4.622}"#)).status, 200)
        XCTAssertEqual(try texts(api), before, "no refused request changed a cue")
        XCTAssertEqual(api.respond(request("POST", "/api/cue", ["id": "0"], body: #"{"text": "a\n\nb"}"#)).status, 200)
        XCTAssertEqual(try texts(api).first?.hasSuffix(" a\nb"), true, "the session goes on, the blank line folded")
    }

    func testReloadDropsTheEditsAndSaveWorksAgain() throws {
        let api = try api()
        XCTAssertEqual(api.respond(request("POST", "/api/cue", ["id": "0"], body: #"{"text": "Mine"}"#)).status, 200)
        let file = URL(fileURLWithPath: api.session.savesTo)
        try (try String(contentsOf: file, encoding: .utf8) + "\n").write(to: file, atomically: true, encoding: .utf8)
        XCTAssertEqual(api.respond(request("POST", "/api/save")).status, 409)
        XCTAssertEqual(api.respond(request("POST", "/api/reload")).status, 200)
        XCTAssertEqual(try texts(api).first?.hasSuffix(" Captions that pop"), true)
        XCTAssertEqual(api.respond(request("POST", "/api/save")).status, 200)
    }
}
