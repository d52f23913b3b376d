import Foundation
import Pipeline
import TestSupport
import XCTest

@testable import Review

/// `ReviewSession` without a browser: a Whisper file saves beside itself, and a split and a
/// merge of native JSON.
final class ReviewSessionTests: XCTestCase {
    private let talk = Repository.samples.appendingPathComponent("talk.mp4").path

    func testAWhisperFileSavesAsReviewedJSONAndIsNeverWritten() throws {
        let folder = try temporaryFolder()
        let whisper = folder.appendingPathComponent("talk.json")
        let original = """
            {"text": " Captions that pop. Burned right in.", "language": "en", "segments": [
              {"id": 0, "start": 0.5, "end": 2.0, "text": " Captions that pop.", "words": [
                {"word": " Captions", "start": 0.5, "end": 1.0}, {"word": " that", "start": 1.0, "end": 1.4},
                {"word": " pop.", "start": 1.4, "end": 2.0}]},
              {"id": 1, "start": 5.0, "end": 6.3, "text": " Burned right in.", "words": [
                {"word": " Burned", "start": 5.0, "end": 5.5}, {"word": " right", "start": 5.5, "end": 5.9},
                {"word": " in.", "start": 5.9, "end": 6.3}]}]}
            """
        try original.write(to: whisper, atomically: true, encoding: .utf8)
        let session = try ReviewSession(BurnRequest(input: .file(talk), captions: CaptionInput(file: whisper.path), output: .none))
        XCTAssertEqual(session.savesTo, folder.appendingPathComponent("talk.reviewed.json").path)
        try session.edit(1, text: "Burned in for good.", start: nil, end: 6.4)
        XCTAssertEqual(try session.save(), session.savesTo)
        XCTAssertEqual(try String(contentsOf: whisper, encoding: .utf8), original, "the Whisper file is never written")
        let saved = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: session.savesTo))) as! [String: Any]
        let segments = saved["segments"] as! [[String: Any]]
        XCTAssertEqual(segments.map { $0["text"] as? String }, ["Captions that pop.", "Burned in for good."])
        XCTAssertEqual(segments[1]["end"] as? Double, 6.4)
        XCTAssertNil(segments[1]["words"], "an edited segment's word timings no longer match")
        XCTAssertEqual((segments[0]["words"] as? [Any])?.count, 3, "an untouched segment keeps its word timings")
    }

    /// A recognized segment the chunker splits shows as its captions, with its findings.
    func testACueTheBurnSplitsShowsItsCaptions() throws {
        let folder = try temporaryFolder()
        let file = folder.appendingPathComponent("long.json")
        let words = "we walked along the river for a very long time talking about everything".split(separator: " ")
        let timed = words.enumerated().map { index, word in
            "{\"text\": \"\(word)\", \"start\": \(1 + Double(index) * 0.4), \"end\": \(1 + Double(index) * 0.4 + 0.35)}"
        }
        try """
            {"language": "en", "segments": [{"start": 1, "end": \(1 + Double(words.count) * 0.4), "text": "\(words.joined(separator: " "))",
              "words": [\(timed.joined(separator: ","))]}, {"start": 9, "end": 10, "text": "Short"}]}
            """.write(to: file, atomically: true, encoding: .utf8)
        let session = try ReviewSession(BurnRequest(input: .file(talk), captions: CaptionInput(file: file.path), output: .none))
        struct State: Decodable {
            struct Cue: Decodable { var text: String; var shown: [String] }
            var cues: [Cue]
        }
        let state = try JSONDecoder().decode(State.self, from: try session.state())
        XCTAssertEqual(state.cues.count, 2)
        XCTAssertGreaterThan(state.cues[0].shown.count, 1, "the long segment is shown as several captions")
        XCTAssertEqual(state.cues[0].shown.joined(separator: " "), words.joined(separator: " "))
        XCTAssertEqual(state.cues[1].shown, [], "a cue shown as one caption lists none")
    }

    /// `--save-as` into a folder that does not exist, onto a folder, or onto the video is
    /// refused when the review starts (as `-o` is), not at the first Save.
    func testSaveAsIsCheckedAtTheStart() throws {
        let folder = try temporaryFolder()
        let file = folder.appendingPathComponent("talk.srt")
        try "1\n00:00:00,500 --> 00:00:02,000\nCaptions that pop.\n".write(to: file, atomically: true, encoding: .utf8)
        let existing = folder.appendingPathComponent("taken.srt")
        try FileManager.default.createDirectory(at: existing, withIntermediateDirectories: false)
        let cases: [(String, String)] = [
            (folder.appendingPathComponent("missing/out.srt").path, "output folder \(folder.appendingPathComponent("missing").path) does not exist"),
            (existing.path, "\(existing.path): is a folder"),
        ]
        for (saveAs, message) in cases {
            XCTAssertThrowsError(
                try ReviewSession(BurnRequest(input: .file(talk), captions: CaptionInput(file: file.path), output: .none), saveAs: saveAs)
            ) { error in
                XCTAssertTrue("\(error)".contains(message), "\(saveAs): \(error)")
            }
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), ["taken.srt", "talk.srt"])
    }

    /// Words heard with a low probability are marked for a person to check, until an edit
    /// rewrites them; `--save-as` writes the edits as SubRip and leaves the file alone.
    func testUnsureWordsAreMarkedAndSaveAsWritesSubRip() throws {
        let folder = try temporaryFolder()
        let file = folder.appendingPathComponent("talk.json")
        let original = """
            {"language": "en", "segments": [
              {"start": 0.5, "end": 2.0, "text": "Captions that pop.", "words": [
                {"text": "Captions", "start": 0.5, "end": 1.0, "confidence": 0.93}, {"text": "that", "start": 1.0, "end": 1.4, "confidence": 0.31},
                {"text": "pop.", "start": 1.4, "end": 2.0, "confidence": 0.48}]},
              {"start": 5.0, "end": 6.3, "text": "Burned right in.", "words": [
                {"text": "Burned", "start": 5.0, "end": 5.5, "confidence": 0.9}, {"text": "right", "start": 5.5, "end": 5.9, "confidence": 0.5},
                {"text": "in.", "start": 5.9, "end": 6.3}]}]}
            """
        try original.write(to: file, atomically: true, encoding: .utf8)
        let srt = folder.appendingPathComponent("talk.srt")
        let session = try ReviewSession(
            BurnRequest(input: .file(talk), captions: CaptionInput(file: file.path), output: .none), saveAs: srt.path)
        struct State: Decodable {
            struct Word: Decodable, Equatable { var text: String; var probability: Double }
            struct Cue: Decodable { var unsure: [Word] }
            var cues: [Cue]
            var savesTo: String
        }
        var state = try JSONDecoder().decode(State.self, from: try session.state())
        XCTAssertEqual(state.savesTo, srt.path)
        XCTAssertEqual(state.cues[0].unsure, [.init(text: "that", probability: 0.31), .init(text: "pop.", probability: 0.48)])
        XCTAssertEqual(state.cues[1].unsure, [], "0.5 and no probability are not marked")
        try session.edit(0, text: "Captions that snap.", start: nil, end: nil)
        state = try JSONDecoder().decode(State.self, from: try session.state())
        XCTAssertEqual(state.cues[0].unsure, [.init(text: "that", probability: 0.31)], "the rewritten word is no longer marked")
        XCTAssertEqual(try session.save(), srt.path)
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), original, "the caption file is not written")
        XCTAssertEqual(
            try String(contentsOf: srt, encoding: .utf8),
            "1\n00:00:00,500 --> 00:00:02,000\nCaptions that snap.\n\n2\n00:00:05,000 --> 00:00:06,300\nBurned right in.\n")
    }

    func testSplitAndMergeOfNativeJSON() throws {
        let folder = try temporaryFolder()
        let file = folder.appendingPathComponent("talk.json")
        try """
            {"language": "en", "segments": [{"start": 0.5, "end": 2.5, "text": "One two three four"},
              {"start": 5, "end": 6, "text": "Five"}, {"start": 6.2, "end": 7, "text": "six"}]}
            """.write(to: file, atomically: true, encoding: .utf8)
        let session = try ReviewSession(BurnRequest(input: .file(talk), captions: CaptionInput(file: file.path), output: .none))
        try session.split(0, at: 8)  // after "One two "
        XCTAssertThrowsError(try session.split(0, at: 0), "the cursor at the start splits nothing")
        try session.merge(2)  // "Five" with "six"
        XCTAssertThrowsError(try session.merge(2), "the last cue has no next")
        _ = try session.save()
        let saved = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as! [String: Any]
        let segments = saved["segments"] as! [[String: Any]]
        XCTAssertEqual(segments.map { $0["text"] as? String }, ["One two", "three four", "Five six"])
        XCTAssertEqual(segments.map { $0["start"] as? Double }, [0.5, 1.324, 5])  // 2 s shared 7 : 10 characters
        XCTAssertEqual(segments.map { $0["end"] as? Double }, [1.324, 2.5, 7])
        XCTAssertTrue(FileManager.default.fileExists(atPath: file.path + "~"))
    }

    /// A save writes through `Files.AtomicFile`: links planted at the backup's name and at the
    /// temporary names earlier versions used are replaced or skipped, never followed.
    func testASaveNeverWritesThroughAPlantedLink() throws {
        let folder = try temporaryFolder()
        let victim = folder.appendingPathComponent("victim")
        try Data("keep".utf8).write(to: victim)
        let file = folder.appendingPathComponent("talk.srt")
        let original = "1\n00:00:00,500 --> 00:00:02,000\nCaptions that pop.\n"
        try original.write(to: file, atomically: true, encoding: .utf8)
        let planted = [file.path + "~", folder.appendingPathComponent(".talk.srt.partial-\(getpid())").path]
        for path in planted { try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: victim.path) }
        let session = try ReviewSession(BurnRequest(input: .file(talk), captions: CaptionInput(file: file.path), output: .none))
        try session.edit(0, text: "Captions that stay.", start: nil, end: nil)
        XCTAssertEqual(try session.save(), file.path)
        XCTAssertEqual(try String(contentsOf: victim, encoding: .utf8), "keep", "no link's target is written")
        XCTAssertTrue(try String(contentsOf: file, encoding: .utf8).contains("Captions that stay."))
        XCTAssertEqual(try String(contentsOf: URL(fileURLWithPath: planted[0]), encoding: .utf8), original, "the backup is the file as it was")
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: planted[0])[.type] as? FileAttributeType, .typeRegular)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        XCTAssertEqual(names, [".talk.srt.partial-\(getpid())", "talk.srt", "talk.srt~", "victim"], "nothing else is left")
    }
}
