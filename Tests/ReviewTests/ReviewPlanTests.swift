import Files
import Foundation
import Media
import Pipeline
import TestSupport
import XCTest

@testable import Review

/// The review page plans once: its video is probed and its audio decoded for the timing fix
/// when the review opens and draws its first frame, and never again for a frame or a lint,
/// whatever is edited, chosen or reloaded.
final class ReviewPlanTests: XCTestCase {
    private let talk = Repository.samples.appendingPathComponent("talk.mp4").path

    /// A session of a copy of `sample`, and the copy.
    private func session(of sample: String) throws -> (ReviewSession, URL) {
        let file = try temporaryFolder().appendingPathComponent(sample)
        try FileManager.default.copyItem(at: Repository.samples.appendingPathComponent(sample), to: file)
        let session = try ReviewSession(BurnRequest(input: .file(talk), captions: CaptionInput(file: file.path), output: .none))
        return (session, file)
    }

    func testNoFrameOrLintAfterTheFirstFrameProbesOrDecodesAudioButOnceToAlign() throws {
        let opened = MediaCounters.current
        let (session, file) = try session(of: "talk.srt")
        let before = try session.frame(at: 5.7)
        let first = MediaCounters.current
        XCTAssertEqual(first.since(opened).inputsProbed, 1, "the review probes its video once")
        XCTAssertEqual(first.since(opened).audioTracksDecoded, 1, "and decodes its audio once, for the timing fix")
        try session.edit(2, text: "Burned right in, again and again", start: nil, end: nil)
        let edited = try session.frame(at: 5.7)
        XCTAssertNotEqual(edited, before, "the edit is drawn")
        _ = try session.state()  // the cues' findings: a lint of the edits
        try session.split(3, at: 5)
        try session.choose(preset: "reels", look: "highlight")
        XCTAssertNotEqual(try session.frame(at: 5.7), edited, "the preset and look are drawn")
        _ = try session.frame(at: 1.2)
        _ = try session.state()
        let text = try String(contentsOf: file, encoding: .utf8)
        try text.replacingOccurrences(of: "Have fun!", with: "Have more fun!").write(to: file, atomically: true, encoding: .utf8)
        try session.reload()
        _ = try session.frame(at: 14)
        _ = try session.state()
        let later = MediaCounters.current.since(first)
        XCTAssertEqual(later.inputsProbed, 0, "no frame or lint after the first probes the video")
        // Once more only: the highlight look aligns talk.srt's words to the speech, which takes
        // the audio as the recognizer hears it (then kept for every later plan).
        XCTAssertEqual(later.audioTracksDecoded, 1, "only the alignment decodes the audio again")
    }

    /// After the first frame, an edit plans once and reads no file: its captions go to the
    /// plan as a value (`CaptionOrigin.given`), the preset and look read are kept, and the
    /// frames and the lint after it share the one plan.
    func testAnEditPlansOnceAndReadsNoFile() throws {
        let opened = FileReads.current
        let (session, _) = try session(of: "talk.srt")
        _ = try session.frame(at: 5.7)
        _ = try session.state()
        let (plans, reads, media) = (session.plansMade, FileReads.current, MediaCounters.current)
        XCTAssertEqual(plans, 1, "the first frame and its lint share a plan")
        XCTAssertGreaterThanOrEqual(reads - opened, 3, "opened, the captions, the preset and the look are read")
        let edits: [() throws -> Void] = [
            { try session.edit(2, text: "Burned right in, again", start: nil, end: nil) },
            { try session.edit(2, text: nil, start: nil, end: 6.33) },
            { try session.split(3, at: 5) },
            { try session.merge(0) },
        ]
        for (count, edit) in edits.enumerated() {
            try edit()
            _ = try session.frame(at: 5.7)
            _ = try session.state()
            _ = try session.frame(at: 1.2)
            XCTAssertEqual(session.plansMade, plans + count + 1, "edit \(count + 1) plans once")
        }
        XCTAssertEqual(FileReads.current - reads, 0, "no edit, frame or lint reads a file")
        XCTAssertEqual(MediaCounters.current.since(media).inputsProbed, 0)
        XCTAssertEqual(MediaCounters.current.since(media).audioTracksDecoded, 0)
    }

    /// What lint finds of a caption maps back to its cue by the cue's id: after a split
    /// before it, the findings move with their cue.
    func testFindingsMapToCuesById() throws {
        let (session, _) = try session(of: "talk.srt")
        let cues = { try JSONDecoder().decode(ReviewSession.State.self, from: try session.state()).cues }
        try session.edit(3, text: "Save five percent on every single twenty dollar plan we sell this week", start: nil, end: nil)
        let before = try cues()
        XCTAssertFalse(before[3].findings.isEmpty, "the crowded cue breaks a reading rule")
        try session.split(0, at: 9)  // "Captions " | "that pop"
        let after = try cues()
        XCTAssertEqual(after.map(\.text), ["Captions", "that pop"] + before.dropFirst().map(\.text))
        XCTAssertEqual(after.dropFirst(2).map(\.findings), before.dropFirst().map(\.findings), "the findings move with their cue")
        XCTAssertEqual(after.dropFirst(2).map(\.shown), before.dropFirst().map(\.shown))
    }

    /// After edits, another preset and a look, the session's plan and frame are those a fresh
    /// `plan` and `still` give of the saved file (timing fix, chunking and layout included).
    func testThePlanAfterEditsIsTheFreshPlanOfTheSavedFile() throws {
        for sample in ["talk.srt", "talk.json"] {
            let (session, _) = try session(of: sample)
            let unedited = try session.document()
            _ = try session.frame(at: 5.7)  // planned before the edits
            try session.edit(0, text: "Captions that pop and pop again", start: nil, end: nil)
            try session.edit(2, text: nil, start: 5.2, end: 6.5)
            try session.split(3, at: 5)  // "Save " | "5% on $20 plans"
            try session.merge(5)  // the sixth cue (the fourth split in two) with the seventh
            try session.choose(preset: "reels", look: "karaoke")
            let frame = try session.frame(at: 5.7)
            let document = try session.document()
            XCTAssertNotEqual(document, unedited, "\(sample): the edits are planned")
            let saved = try session.save()
            var fresh = BurnRequest(input: .file(talk), captions: CaptionInput(file: saved), preset: "reels", output: .none, look: "karaoke")
            fresh.captions.format = sample.hasSuffix(".json") ? .json : nil
            XCTAssertEqual(document, try Burner.plan(fresh), "\(sample): the plan is a fresh plan of the saved file")
            XCTAssertEqual(frame, try Burner.stillPicture(fresh, at: 5.7), "\(sample): the frame is what still draws")
            XCTAssertEqual(try session.document(), document, "\(sample): a save plans nothing new")
        }
    }

    /// A file the request names besides the captions (here the preset) is part of what the
    /// kept plan was made from: changed on disk, the next frame is drawn with it.
    func testAPresetFileChangedOnDiskIsDrawnAtTheNextFrame() throws {
        let folder = try temporaryFolder()
        let file = folder.appendingPathComponent("talk.srt")
        try FileManager.default.copyItem(at: Repository.samples.appendingPathComponent("talk.srt"), to: file)
        let preset = folder.appendingPathComponent("mine.json")
        let tiktok = try String(contentsOf: Repository.root.appendingPathComponent("Presets/tiktok.json"), encoding: .utf8)
        try tiktok.write(to: preset, atomically: true, encoding: .utf8)
        let session = try ReviewSession(BurnRequest(input: .file(talk), captions: CaptionInput(file: file.path), preset: preset.path, output: .none))
        let white = try session.frame(at: 5.7)
        XCTAssertEqual(try session.frame(at: 5.7), white, "the same plan draws the same frame")
        try tiktok.replacingOccurrences(of: "\"fill\": \"#FFFFFF\"", with: "\"fill\": \"#FFD000\"")
            .write(to: preset, atomically: true, encoding: .utf8)
        XCTAssertNotEqual(try session.frame(at: 5.7), white, "the changed preset is drawn")
    }
}
