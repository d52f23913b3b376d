import CaptionCases
import CaptionFiles
import Captions
import Foundation
import Pipeline
import Settings
import TestSupport
import XCTest

@testable import FuzzTargets

/// Every committed seed (`Fuzz/corpus/TARGET/`) and every seed made from the caption cases
/// (`Tests/Cases/captions.json`) through its fuzz target, as `make fuzz` starts from them: the
/// corpus stays readable by its target and a fixed crash stays fixed.
final class FuzzCorpusTests: XCTestCase {
    private static let corpus = Repository.root.appendingPathComponent("Fuzz/corpus")

    private func runCorpus(of target: FuzzTarget, file: StaticString = #filePath, line: UInt = #line) throws {
        let folder = Self.corpus.appendingPathComponent(target.rawValue)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        XCTAssertFalse(names.isEmpty, "no seeds in \(folder.path)", file: file, line: line)
        for name in names {
            let data = try Data(contentsOf: folder.appendingPathComponent(name))
            XCTAssertLessThanOrEqual(data.count, 4096, "\(name): longer than the fuzzer's -max_len", file: file, line: line)
            target.run(data)  // a crash or a broken invariant stops the test run, naming the check
        }
    }

    func testSRTCorpus() throws { try runCorpus(of: .srt) }
    func testWebVTTCorpus() throws { try runCorpus(of: .webvtt) }
    func testJSONCorpus() throws { try runCorpus(of: .json) }
    func testLayoutCorpus() throws { try runCorpus(of: .layout) }
    func testRangeCorpus() throws { try runCorpus(of: .range) }
    func testReviewCorpus() throws { try runCorpus(of: .review) }
    func testRecognizerCorpus() throws { try runCorpus(of: .recognizer) }
    func testCacheCorpus() throws { try runCorpus(of: .cache) }

    /// One seed a caption case, each no longer than the layout fuzzer's -max_len, run through the target.
    func testLayoutSeedsFromTheCaptionCases() throws {
        let cases = try CaptionCaseFile.cases(in: Repository.root)
        let seeds = try FuzzTarget.layout.seeds(from: cases)
        XCTAssertEqual(seeds.count, cases.count)
        XCTAssertEqual(Set(seeds.map(\.name)).count, seeds.count, "seed names are unique")
        XCTAssertTrue(cases.contains { $0.suites == [.fuzz] }, "the former text seeds are cases of their own")
        for (seed, test) in zip(seeds, cases) {
            XCTAssertLessThanOrEqual(seed.data.count, LayoutTarget.maximumLength + 1, seed.name)
            XCTAssertEqual(seed.data.dropFirst(), Data(test.text.utf8), seed.name)
            FuzzTarget.layout.run(seed.data)
        }
        XCTAssertEqual(try FuzzTarget.srt.seeds(from: cases).count, 0)
    }

    /// A case's first byte names its preset and the nearest language the target knows.
    func testASeedPicksThePresetAndTheNearestLanguage() throws {
        func seed(_ language: String?, _ preset: String) throws -> (language: String?, preset: String) {
            let first = Int(try LayoutTarget.seed(CaptionCase(name: "x", language: language, text: "x", preset: preset, suites: [.fuzz])).first!)
            let names = Resources.presetNames()
            return (LayoutTarget.languages[first % LayoutTarget.languages.count], names[first / LayoutTarget.languages.count % names.count])
        }
        XCTAssertTrue(try seed("he", "youtube") == ("he", "youtube"))
        XCTAssertTrue(try seed("ja-JP", "tiktok") == ("ja", "tiktok"))
        XCTAssertTrue(try seed("zh-TW", "reels") == ("zh-Hant", "reels"))
        XCTAssertTrue(try seed("zh", "default") == ("zh-Hans", "default"))
        XCTAssertTrue(try seed("de-DE", "shorts") == (nil, "shorts"))
        XCTAssertTrue(try seed(nil, "tiktok") == (nil, "tiktok"))
        XCTAssertThrowsError(try seed("en", "no-such-preset"))
    }

    func testEveryTargetHasACorpusAndOnlyTargetsDo() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path).sorted()
        XCTAssertEqual(folders, FuzzTarget.allCases.map(\.rawValue).sorted())
    }

    /// The seeds are read, not only survived: each reader seed that is meant to be valid gives captions.
    func testValidSeedsParse() throws {
        let valid: [(String, String)] = [
            ("srt", "talk.srt"), ("srt", "bom-crlf-multiline.srt"), ("webvtt", "styled.vtt"),
            ("webvtt", "minimal.vtt"), ("json", "talk-native.json"), ("json", "whisper-openai.json"),
            ("json", "live.jsonl"), ("json", "live-array.json"),
        ]
        for (target, name) in valid {
            let url = Self.corpus.appendingPathComponent(target).appendingPathComponent(name)
            XCTAssertNoThrow(try CaptionReader.read(url), "\(target)/\(name)")
        }
    }
}

/// The review target reads a request as written on the wire, placeholders filled in.
final class ReviewTargetTests: XCTestCase {
    func testARequestIsReadAsOnTheWire() {
        let request = ReviewTarget.request(Data("POST /api/cue?id=2&token=TOKEN&a=b+c%21\nX-Review-Token: TOKEN\n\n{\"end\": 2}".utf8))
        XCTAssertEqual(request.method, "POST")
        XCTAssertEqual(request.path, "/api/cue")
        XCTAssertEqual(request.arguments, ["id": "2", "token": ReviewTarget.token, "a": "b c!"])
        XCTAssertEqual(request.header("x-review-token"), ReviewTarget.token)
        XCTAssertEqual(request.header("Host"), "127.0.0.1:\(ReviewTarget.port)", "a request without Host gets this server's")
        XCTAssertEqual(String(decoding: request.body, as: UTF8.self), "{\"end\": 2}")
        XCTAssertEqual(ReviewTarget.request(Data("GET /\nHost: evil:PORT\n\n".utf8)).header("host"), "evil:\(ReviewTarget.port)")
    }
}
