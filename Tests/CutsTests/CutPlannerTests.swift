import Captions
import Foundation
import Speech
import TestSupport
import XCTest

@testable import Cuts

/// The cut plans of `Tests/Cases/cuts.json`: what is kept, what is cut and why, the silences
/// left, and the rules every plan keeps (edges on frame boundaries, clear of kept words).
final class CutPlannerTests: XCTestCase {
    private static let frame = 1.0 / 30

    private struct PlanCase {
        var name: String
        var kinds: CutKinds
        var duration: Double
        var segments: [[(text: String, start: Double, end: Double, sound: (start: Double, end: Double)?)]]
        var sounds: [(start: Double, end: Double, level: Double, steady: Bool)]
        var script: String?
        var kept: String
        var cuts: [String]
        var flagged: [String]
        var gaps: [(a: Int, b: Int, seconds: Double)]
        var head: Double?
        var tail: Double?
        var notice: String?
        /// The spans taken, each edge to within a frame and a half.
        var spans: [(start: Double, end: Double)]?
    }

    private static func cases() throws -> (plans: [PlanCase], files: [[String: Any]]) {
        let data = try Data(contentsOf: Repository.root.appendingPathComponent("Tests/Cases/cuts.json"))
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let plans = try XCTUnwrap(root["plans"] as? [[String: Any]]).map { item -> PlanCase in
            let segments = (item["segments"] as! [[[Any]]]).map { segment in
                segment.map { word in
                    let number = { (index: Int) in (word[index] as! NSNumber).doubleValue }
                    return (text: word[0] as! String, start: number(1), end: number(2), sound: word.count > 3 ? (number(3), number(4)) : nil)
                }
            }
            let sounds = ((item["sounds"] as? [[Any]]) ?? []).map {
                (start: ($0[0] as! NSNumber).doubleValue, end: ($0[1] as! NSNumber).doubleValue,
                 level: ($0[2] as! NSNumber).doubleValue, steady: $0[3] as! Bool)
            }
            return PlanCase(
                name: item["name"] as! String, kinds: CutKinds(list: item["kinds"] as! String)!,
                duration: (item["duration"] as! NSNumber).doubleValue, segments: segments, sounds: sounds,
                script: item["script"] as? String, kept: item["kept"] as! String, cuts: item["cuts"] as! [String],
                flagged: (item["flagged"] as? [String]) ?? [],
                gaps: ((item["gaps"] as? [[NSNumber]]) ?? []).map { (a: $0[0].intValue, b: $0[1].intValue, seconds: $0[2].doubleValue) },
                head: (item["head"] as? NSNumber)?.doubleValue, tail: (item["tail"] as? NSNumber)?.doubleValue,
                notice: item["notice"] as? String,
                spans: (item["spans"] as? [[NSNumber]])?.map { (start: $0[0].doubleValue, end: $0[1].doubleValue) })
        }
        return (plans, try XCTUnwrap(root["files"] as? [[String: Any]]))
    }

    /// The envelope of a case: the floor, the words at -20 dBFS (over their sound where it is
    /// given), and its sounds.
    private static func envelope(_ c: PlanCase) -> EnergyEnvelope {
        let hop = 0.01
        var values = [Float](repeating: Float(pow(10, -60.0 / 20)), count: Int(c.duration / hop))
        func fill(_ start: Double, _ end: Double, _ level: (Int) -> Double) {
            for index in Int((start / hop).rounded())..<min(values.count, Int((end / hop).rounded())) {
                values[index] = Float(pow(10, level(index) / 20))
            }
        }
        for word in c.segments.joined() { fill(word.sound?.start ?? word.start, word.sound?.end ?? word.end) { _ in -20 } }
        for sound in c.sounds { fill(sound.start, sound.end) { sound.steady || ($0 / 3) % 2 == 0 ? sound.level : sound.level - 14 } }
        return EnergyEnvelope(hop: hop, start: 0, values: values)
    }

    private static func transcript(_ c: PlanCase) -> Transcript {
        Transcript(
            segments: c.segments.map { words in
                Segment(
                    text: words.map(\.text).joined(separator: " "), start: words[0].start, end: words.last!.end,
                    words: words.map { Word(text: $0.text, start: $0.start, end: $0.end) })
            }, language: "en")
    }

    private static func fillers() throws -> FillerWords {
        try FillerWords(file: Repository.root.appendingPathComponent("Presets/rules/fillers.json"))
    }

    func testEachCaseKeepsAndCutsWhatItSays() throws {
        let fillers = try Self.fillers()
        for c in try Self.cases().plans {
            let material = CutMaterial(
                transcript: Self.transcript(c), envelope: Self.envelope(c), duration: c.duration, frameDuration: Self.frame,
                script: c.script.map { (text: $0, file: "script.txt") }, language: "en")
            var settings = CutSettings(kinds: c.kinds)
            settings.pausesOverMotion = false
            let outcome = try CutPlanner.plan(material, settings: settings, fillers: fillers)
            let plan = outcome.plan
            // The words as the plan hands them to the captions (a word heard elsewhere moved there).
            let words = outcome.transcript.segments.flatMap(\.words).map { (text: $0.text, start: $0.start, end: $0.end) }
            let kept = words.filter { word in !plan.taken.contains { $0.start < (word.start + word.end) / 2 && (word.start + word.end) / 2 < $0.end } }
            XCTAssertEqual(kept.map(\.text).joined(separator: " "), c.kept, c.name)
            XCTAssertEqual(plan.taken.map(\.reason.rawValue), c.cuts, c.name)
            XCTAssertEqual(plan.flagged.compactMap { $0.flag?.rawValue }, c.flagged, c.name)
            let timeline = plan.timeline
            for gap in c.gaps {
                let left = try XCTUnwrap(timeline.time(words[gap.b].start), c.name) - (try XCTUnwrap(timeline.time(words[gap.a].end), c.name))
                XCTAssertEqual(left, gap.seconds, accuracy: 1.5 * Self.frame, "\(c.name): the silence between \(gap.a) and \(gap.b)")
            }
            if let head = c.head, let first = kept.first {
                XCTAssertEqual(try XCTUnwrap(timeline.time(first.start)), head, accuracy: 1.5 * Self.frame, "\(c.name): head")
            }
            if let tail = c.tail, let last = kept.last {
                XCTAssertEqual(timeline.duration - (try XCTUnwrap(timeline.time(last.end))), tail, accuracy: 1.5 * Self.frame, "\(c.name): tail")
            }
            if let spans = c.spans {
                XCTAssertEqual(plan.taken.count, spans.count, c.name)
                for (cut, span) in zip(plan.taken, spans) {
                    XCTAssertEqual(cut.start, span.start, accuracy: 1.5 * Self.frame, "\(c.name): \(cut)")
                    XCTAssertEqual(cut.end, span.end, accuracy: 1.5 * Self.frame, "\(c.name): \(cut)")
                }
            }
            if let notice = c.notice {
                let said = outcome.notices.map { $0.wording(input: "take.mp4") }
                XCTAssertTrue(said.contains { $0.contains(notice) }, "\(c.name): \(said)")
            }
            // Each kept word where its sound is (given, or where the plan moved it).
            let sounds = zip(words, c.segments.joined()).filter { word, _ in kept.contains { $0 == word } }.map { word, given in
                given.sound.map { (start: $0.start, end: $0.end) } ?? (start: word.start, end: word.end)
            }
            checkEdges(plan, kept: sounds, name: c.name)
        }
    }

    /// Every edge inside the input is a frame boundary at least 20 ms from every kept word,
    /// and no kept word is inside a cut.
    private func checkEdges(_ plan: CutPlan, kept: [(start: Double, end: Double)], name: String) {
        for cut in plan.taken {
            for edge in [cut.start, cut.end] where edge > 0 && edge < plan.duration {
                let frames = edge / Self.frame
                XCTAssertEqual(frames, frames.rounded(), accuracy: 1e-6, "\(name): \(edge) s is not a frame boundary")
                for word in kept {
                    XCTAssertGreaterThanOrEqual(
                        min(abs(edge - word.start), abs(edge - word.end)), CutEdges.clearance - 1e-9, "\(name): edge \(edge) s")
                }
            }
            for word in kept {
                XCTAssertFalse(cut.start < word.end && word.start < cut.end, "\(name): a kept word (\(word)) is inside \(cut)")
            }
        }
    }

    func testACutFileReadsBackWhatWasWritten() throws {
        let plan = CutPlan(
            cuts: [
                Cut(start: 1, end: 2.5, reason: .pause), Cut(start: 3, end: 4, reason: .filler, text: "um"),
                Cut(start: 5, end: 7, reason: .retake, isCut: false, flag: .reworded, sentence: 2, text: "This takes an hour."),
            ], duration: 10)
        let data = try CutFile.data(plan, input: "talk.mp4")
        XCTAssertEqual(try CutFile.read(data, path: "cuts.json", duration: 10), plan)
        XCTAssertEqual(plan.summary, "cut 1 pause, 1 filler: 10.0 s -> 7.5 s; 1 flagged, not cut")
    }

    func testABadCutFileIsRefusedNamingTheField() throws {
        for c in try Self.cases().files {
            let name = c["name"] as! String
            let data = try JSONSerialization.data(withJSONObject: c["json"]!)
            do {
                let plan = try CutFile.read(data, path: "cuts.json", duration: 10)
                XCTAssertNil(c["error"], "\(name): read")
                XCTAssertEqual(plan.taken.count, (c["taken"] as? Int) ?? -1, name)
            } catch let error as CutError {
                let expected = try XCTUnwrap(c["error"] as? String, "\(name): \(error)")
                XCTAssertTrue(error.description.hasPrefix("cuts.json: "), "\(name): \(error)")
                XCTAssertTrue(error.description.contains(expected), "\(name): \(error) lacks \(expected)")
            }
        }
    }

    func testTheTimelineMovesWordsAndDropsTheCutOnes() {
        let timeline = CutTimeline(kept: [0...1, 2...3])
        XCTAssertEqual(timeline.duration, 2)
        XCTAssertEqual(timeline.joins, [1])
        XCTAssertEqual(timeline.time(2.5), 1.5)
        XCTAssertNil(timeline.time(1.5))
        XCTAssertEqual(timeline.nearestTime(1.5), 1)
        XCTAssertEqual(timeline.inputTime(1.25), 2.25)
        let transcript = Transcript(segments: [
            Segment(text: "one two three", start: 0.2, end: 2.6, words: [
                Word(text: "one", start: 0.2, end: 0.6), Word(text: "two", start: 1.2, end: 1.6), Word(text: "three", start: 2.2, end: 2.6),
            ])
        ])
        let moved = timeline.retimed(transcript)
        XCTAssertEqual(moved.segments.count, 1)
        XCTAssertEqual(moved.segments[0].text, "one three")
        XCTAssertEqual(moved.segments[0].words[0].start, 0.2, accuracy: 1e-9)
        XCTAssertEqual(moved.segments[0].words[1].start, 1.2, accuracy: 1e-9)
        XCTAssertEqual(timeline.retimed(shotChanges: [0.5, 1.5, 2.5]), [0.5, 1, 1.5])
    }

    func testKindsAreReadFromTheirList() {
        XCTAssertEqual(CutKinds(list: "pauses,fillers,retakes"), [.pauses, .fillers, .retakes])
        XCTAssertEqual(CutKinds(list: "off"), [])
        XCTAssertNil(CutKinds(list: "pauses,silence"))
        XCTAssertEqual(CutKinds([.pauses, .lexical]).list, "pauses,lexical")
    }
}
