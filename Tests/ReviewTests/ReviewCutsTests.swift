import Cuts
import Foundation
import Pipeline
import TestSupport
import XCTest

@testable import Review

/// `review --cuts-file`: the cut file's spans listed, kept or cut, saved back whole (`CutStore`),
/// a bad cut file refused when the review opens, and every value of the cut routes checked.
final class ReviewCutsTests: XCTestCase {
    private let talk = Repository.samples.appendingPathComponent("talk.mp4").path
    private let token = String(repeating: "cd", count: 32)
    private let port: UInt16 = 4322

    /// A cut file for the sample (15.334 s): a pause and a filler cut, a reworded retake only
    /// flagged, and a pause inside that retake.
    private let cutFile = """
        {"format": "burn-captions cuts", "version": 1, "input": "talk.mp4", "duration": 15.334, "summary": "old",
         "cuts": [
          {"start": 0, "end": 0.3, "reason": "pause", "cut": true},
          {"start": 3.1, "end": 3.4, "reason": "filler", "text": "um", "cut": true},
          {"start": 6.0, "end": 8.0, "reason": "retake", "sentence": 2, "text": "Burned right", "cut": false, "flag": "reworded"},
          {"start": 7.5, "end": 7.9, "reason": "pause", "cut": true}
         ]}
        """

    /// A session of the sample's captions with `cuts` as its cut file; gives the session and
    /// the cut file's path.
    private func session(cuts: String? = nil) throws -> (ReviewSession, String) {
        let folder = try temporaryFolder()
        let captions = folder.appendingPathComponent("talk.srt")
        try FileManager.default.copyItem(at: Repository.samples.appendingPathComponent("talk.srt"), to: captions)
        let file = folder.appendingPathComponent("cuts.json").path
        try (cuts ?? cutFile).write(toFile: file, atomically: true, encoding: .utf8)
        var request = BurnRequest(input: .file(talk), captions: CaptionInput(file: captions.path), output: .none)
        request.cuts = .file(file)
        return (try ReviewSession(request), file)
    }

    private func spans(_ session: ReviewSession) throws -> [CutStore.Span] {
        try JSONDecoder().decode([CutStore.Span].self, from: try session.cutList())
    }

    func testTheSpansAreListedKeptOrCutAndSavedWhole() throws {
        let (session, file) = try session()
        let original = try Data(contentsOf: URL(fileURLWithPath: file))
        XCTAssertEqual(try spans(session).map(\.label), ["pause", "filler \"um\"", "retake of sentence 2", "pause"])
        XCTAssertEqual(try spans(session).map(\.cut), [true, true, false, true])
        XCTAssertEqual(try spans(session)[2].flag, "reworded")
        XCTAssertNil(try cutsOfThePlan(session), "the frames are on the input's own timeline")
        XCTAssertThrowsError(try session.setCut(2, cut: true), "the retake overlaps the pause, which is cut") { error in
            XCTAssertTrue("\(error)".contains("overlaps the pause at 7.500 s"), "\(error)")
        }
        XCTAssertThrowsError(try session.setCut(4, cut: true)) { XCTAssertTrue("\($0)".contains("no cut 4"), "\($0)") }
        try session.setCut(3, cut: false)
        try session.setCut(2, cut: true)
        XCTAssertThrowsError(try session.startRender(to: file + ".mp4"), "the render cuts by the file as saved") { error in
            XCTAssertTrue("\(error)".contains("unsaved"), "\(error)")
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: file)), original, "nothing is written before Save")
        _ = try session.save()
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: file + "~")), original, "the previous version is kept as FILE~")
        let saved = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as! [String: Any]
        let cuts = saved["cuts"] as! [[String: Any]]
        XCTAssertEqual(cuts.map { $0["cut"] as? Bool }, [true, true, true, false])
        XCTAssertEqual(cuts[2]["flag"] as? String, "reworded", "every other field is kept")
        XCTAssertEqual(cuts[2]["sentence"] as? Int, 2)
        XCTAssertEqual(cuts[2]["text"] as? String, "Burned right")
        XCTAssertEqual(cuts[1]["text"] as? String, "um")
        XCTAssertEqual(saved["input"] as? String, "talk.mp4")
        XCTAssertEqual((saved["kept"] as? [[String: Double]])?.map { [$0["start"]!, $0["end"]!] }, [[0.3, 3.1], [3.4, 6.0], [8.0, 15.334]])
        XCTAssertEqual(saved["summary"] as? String, "cut 1 pause, 1 filler, 1 retake: 15.3 s -> 12.7 s; 1 flagged, not cut")
        XCTAssertEqual(try spans(session).map(\.cut), [true, true, true, false])
    }

    /// The frames' plan of the session: its cuts (nil: none applied).
    private func cutsOfThePlan(_ session: ReviewSession) throws -> [Any]? {
        let document = try JSONSerialization.jsonObject(with: try session.document().json()) as? [String: Any]
        return document?["cuts"] as? [Any]
    }

    func testNothingToggledWritesNothing() throws {
        let (session, file) = try session()
        _ = try session.save()
        XCTAssertEqual(try String(contentsOfFile: file, encoding: .utf8), cutFile)
        XCTAssertFalse(FileManager.default.fileExists(atPath: file + "~"))
    }

    func testABadCutFileIsRefusedWhenTheReviewOpens() throws {
        let head = #"{"format": "burn-captions cuts", "version": 1, "cuts": ["#
        let cases = [
            (head + #"{"start": 10, "end": 30, "reason": "pause"}]}"#, "cuts[0].end: 30.0 s is past the input's end"),
            (head + #"{"start": 1, "end": 2, "reason": "cough"}]}"#, "cuts[0].reason: expected one of"),
            (head + #"{"start": 1, "end": 2, "reason": "pause", "flag": "odd"}]}"#, "cuts[0].flag: expected reworded or long"),
            (head + #"{"start": 2, "end": 3, "reason": "pause"}, {"start": 1, "end": 2.5, "reason": "pause"}]}"#, "cuts[1]: starts at"),
            (#"{"format": "other", "version": 1, "cuts": []}"#, "format: expected"),
        ]
        for (text, message) in cases {
            XCTAssertThrowsError(try session(cuts: text), message) { error in
                XCTAssertTrue("\(error)".contains("cuts.json: " + message), "\(error)")
            }
        }
    }

    private func request(_ method: String, _ path: String, _ arguments: [String: String] = [:], body: String = "") -> HTTPRequest {
        HTTPRequest(
            method: method, path: path, arguments: arguments.merging(["token": token]) { first, _ in first },
            headers: ["Host": "127.0.0.1:\(port)"], body: Data(body.utf8), port: port)
    }

    func testTheCutRoutesCheckEveryValue() throws {
        let (session, _) = try session()
        let api = try ReviewAPI(session: session, token: token, video: talk)
        let cases: [(String, String, [String: String], String, Int)] = [
            ("POST", "/api/cut", ["index": "-1"], #"{"cut": true}"#, 400), ("POST", "/api/cut", [:], #"{"cut": true}"#, 400),
            ("POST", "/api/cut", ["index": "1e3"], #"{"cut": true}"#, 400), ("POST", "/api/cut", ["index": "123456789"], #"{"cut": true}"#, 400),
            ("POST", "/api/cut", ["index": "0"], #"{"cut": 1}"#, 400), ("POST", "/api/cut", ["index": "0"], #"{"cut": "false"}"#, 400),
            ("POST", "/api/cut", ["index": "0"], #"{}"#, 400), ("POST", "/api/cut", ["index": "0"], #"{"cut": false, "x": 1}"#, 400),
            ("POST", "/api/cut", ["index": "0"], "[false]", 400), ("POST", "/api/cut", ["index": "9"], #"{"cut": false}"#, 409),
            ("POST", "/api/cut", ["index": "2"], #"{"cut": true}"#, 409), ("GET", "/api/cut", ["index": "0"], "", 405),
            ("POST", "/api/cuts", [:], "", 405),
        ]
        for (method, path, arguments, body, status) in cases {
            XCTAssertEqual(api.respond(request(method, path, arguments, body: body)).status, status, "\(method) \(path) \(arguments) \(body)")
        }
        XCTAssertEqual(try spans(session).map(\.cut), [true, true, false, true], "no refused request changed a span")
        var noToken = request("POST", "/api/cut", ["index": "0"], body: #"{"cut": false}"#)
        noToken.arguments = ["index": "0"]
        XCTAssertEqual(api.respond(noToken).status, 403)
        XCTAssertEqual(api.respond(request("POST", "/api/cut", ["index": "0"], body: #"{"cut": false}"#)).status, 200)
        XCTAssertEqual(try spans(session).map(\.cut), [false, true, false, true])
        guard case .bytes(200, _, let data) = api.respond(request("GET", "/api/cuts")) else { return XCTFail("GET /api/cuts") }
        XCTAssertEqual(try JSONDecoder().decode([CutStore.Span].self, from: data).count, 4)
        guard case .bytes(200, _, let saved) = api.respond(request("POST", "/api/save")) else { return XCTFail("POST /api/save") }
        XCTAssertEqual((try JSONSerialization.jsonObject(with: saved) as? [String: String])?["cutsSavedTo"], session.cutsFile)
    }

    /// A review of the sample's word-timed transcript planning its pauses (`--cuts pauses
    /// --max-pause 0.3 --cuts-file NEW.json`), on a fresh cut file path; gives the session,
    /// its request and the path.
    private func planningSession(in folder: URL) throws -> (ReviewSession, BurnRequest, String) {
        let captions = folder.appendingPathComponent("talk.json")
        try FileManager.default.copyItem(at: Repository.samples.appendingPathComponent("talk.json"), to: captions)
        var request = BurnRequest(input: .file(talk), captions: CaptionInput(file: captions.path), output: .none)
        var settings = CutSettings(kinds: [.pauses])
        settings.maxPause = 0.3
        request.cuts = .planned(settings)
        let file = folder.appendingPathComponent("cuts.json").path
        return (try ReviewSession(request, planCutsTo: file), request, file)
    }

    func testAReviewWithCutsPlansThemAndSaveWritesANewCutFile() throws {
        let folder = try temporaryFolder()
        let (session, request, file) = try planningSession(in: folder)
        let api = try ReviewAPI(session: session, token: token, video: talk)
        guard case .bytes(200, _, let data) = api.respond(self.request("GET", "/api/cuts")) else { return XCTFail("GET /api/cuts") }
        let listed = try JSONDecoder().decode([CutStore.Span].self, from: data)
        // What `burn-captions cuts` plans of the same request.
        let reference = try Burner.cutPlan(request, cancellation: Cancellation(), events: { _ in }).plan
        XCTAssertFalse(reference.cuts.isEmpty, "the sample's pauses over 0.3 s are shortened")
        XCTAssertEqual(listed.map { [$0.start, $0.end] }, reference.cuts.map { [$0.start, $0.end] })
        XCTAssertEqual(listed.map(\.label), reference.cuts.map(\.label))
        XCTAssertTrue(listed.allSatisfy(\.cut))
        XCTAssertFalse(FileManager.default.fileExists(atPath: file), "nothing is written before Save")
        let state = try JSONSerialization.jsonObject(with: try session.state()) as? [String: Any]
        XCTAssertEqual(state?["cutsPlanned"] as? Bool, true)
        XCTAssertEqual(state?["cutsEdited"] as? Bool, true, "a plan made here is unsaved")
        XCTAssertThrowsError(try session.startRender(to: file + ".mp4")) { XCTAssertTrue("\($0)".contains("unsaved"), "\($0)") }
        guard case .bytes(200, _, let saved) = api.respond(self.request("POST", "/api/save")) else { return XCTFail("POST /api/save") }
        XCTAssertEqual((try JSONSerialization.jsonObject(with: saved) as? [String: String])?["cutsSavedTo"], file)
        // The reader of `--cuts-file` (a render's, `cuts --cuts-file`'s) takes it back whole.
        let read = try CutFile.read(path: file, duration: 15.334)
        XCTAssertEqual(read.cuts.count, reference.cuts.count)
        for (got, wanted) in zip(read.cuts, reference.cuts) {  // the file holds microseconds
            XCTAssertEqual(got.start, wanted.start, accuracy: 1e-6)
            XCTAssertEqual(got.end, wanted.end, accuracy: 1e-6)
            XCTAssertEqual(got.reason, wanted.reason)
            XCTAssertTrue(got.isCut)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: file + "~"), "a new file has no previous version")
        let written = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any]
        XCTAssertEqual(written?["input"] as? String, "talk.mp4")
        XCTAssertEqual(written?["summary"] as? String, reference.summary)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("cuts") }, ["cuts.json"])
        let after = try JSONSerialization.jsonObject(with: try session.state()) as? [String: Any]
        XCTAssertEqual(after?["cutsPlanned"] as? Bool, false)
        XCTAssertEqual(after?["cutsEdited"] as? Bool, false)
    }

    /// A cut file already there is never planned over: refused when the review opens, and
    /// when one appears before Save, Save leaves it as it is.
    func testAPlanIsNeverSavedOverAFileThere() throws {
        let folder = try temporaryFolder()
        let file = folder.appendingPathComponent("cuts.json").path
        try cutFile.write(toFile: file, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try planningSession(in: folder)) { error in
            XCTAssertTrue("\(error)".contains("cuts.json exists"), "\(error)")
        }
        try FileManager.default.removeItem(atPath: file)
        try FileManager.default.removeItem(at: folder.appendingPathComponent("talk.json"))
        let (session, _, _) = try planningSession(in: folder)
        try cutFile.write(toFile: file, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try session.save()) { XCTAssertTrue("\($0)".contains("was made on disk"), "\($0)") }
        XCTAssertEqual(try String(contentsOfFile: file, encoding: .utf8), cutFile)
    }

    func testAReviewWithoutACutFileHasNoCutList() throws {
        let file = try temporaryFolder().appendingPathComponent("talk.srt")
        try FileManager.default.copyItem(at: Repository.samples.appendingPathComponent("talk.srt"), to: file)
        let session = try ReviewSession(BurnRequest(input: .file(talk), captions: CaptionInput(file: file.path), output: .none))
        let api = try ReviewAPI(session: session, token: token, video: talk)
        XCTAssertEqual(api.respond(request("GET", "/api/cuts")).status, 409)
        XCTAssertEqual(api.respond(request("POST", "/api/cut", ["index": "0"], body: #"{"cut": false}"#)).status, 409)
        let state = try JSONSerialization.jsonObject(with: try session.state()) as? [String: Any]
        XCTAssertNil(state?["cuts"] as? [Any])
    }
}
