import Foundation
import TestSupport
import XCTest

/// The cases of Tests/Cases/breaks.json through `plan`: no orphan captions (emoji or
/// punctuation alone, or one short word), and names with their numbers and numbers with their
/// units never broken across lines.
final class CaptionBreakTests: XCTestCase {
    private struct Cases: Decodable {
        struct Case: Decodable {
            var name: String
            var language: String
            var words: Bool
            var text: String
            var noShortWordAlone: Bool
            var keepTogether: [String]
        }
        var cases: [Case]
    }

    /// A native JSON transcript of `item`: one segment from 0.5 s, with word timings if asked.
    private func transcript(_ item: Cases.Case) throws -> Data {
        var time = 0.5
        var words: [[String: Any]] = []
        for word in item.text.split(separator: " ") {
            let spoken = word.unicodeScalars.contains { $0.properties.isAlphabetic || $0.properties.numericType != nil }
            let length = spoken ? 0.35 : 0.15
            words.append(["text": String(word), "start": time, "end": time + length])
            time += length + 0.05
        }
        var segment: [String: Any] = ["start": 0.5, "end": max(time, 3.5), "text": item.text, "language": item.language]
        if item.words { segment["words"] = words }
        return try JSONSerialization.data(withJSONObject: ["segments": [segment]])
    }

    func testNoOrphansAndNothingBoundIsBroken() throws {
        let folder = try temporaryFolder()
        let cases = try Repository.cases(Cases.self, "breaks.json").cases
        for item in cases {
            let captions = folder.appendingPathComponent("case.json")
            try transcript(item).write(to: captions)
            let plan = try CLI.burn(["plan", CLI.samples.appendingPathComponent("talk.mp4").path, "--captions", captions.path])
            XCTAssertEqual(plan.status, 0, "\(item.name): \(plan.stderr)")
            let document = try JSONSerialization.jsonObject(with: Data(plan.stdout.utf8)) as! [String: Any]
            let planned = document["captions"] as! [[String: Any]]
            XCTAssertFalse(planned.isEmpty, item.name)
            for caption in planned {
                let text = caption["text"] as! String
                let spoken = text.split(separator: " ").filter { word in
                    word.unicodeScalars.contains { $0.properties.isAlphabetic || $0.properties.numericType != nil }
                }
                XCTAssertFalse(spoken.isEmpty, "\(item.name): a caption of emoji or punctuation alone: \(text)")
                if item.noShortWordAlone, spoken.count == 1 {
                    XCTAssertGreaterThan(spoken[0].count, 6, "\(item.name): one short word alone: \(text)")
                }
                let lines = (caption["lines"] as! [[String: Any]]).map { $0["text"] as! String }
                for phrase in item.keepTogether where text.contains(phrase) {
                    XCTAssertTrue(lines.contains { $0.contains(phrase) }, "\(item.name): \(phrase) broken: \(lines)")
                }
            }
        }
    }
}
