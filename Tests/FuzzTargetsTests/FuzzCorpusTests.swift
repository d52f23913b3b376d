import Captions
import Foundation
import TestSupport
import XCTest

@testable import FuzzTargets

/// Every committed seed (`Fuzz/corpus/TARGET/`) through its fuzz target, as `make fuzz`
/// starts from them: the corpus stays readable by its target and a fixed crash stays fixed.
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
