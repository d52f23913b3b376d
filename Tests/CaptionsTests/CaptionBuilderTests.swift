import XCTest

@testable import Captions

final class CaptionBuilderTests: XCTestCase {
    /// Overlaps shorter than half a second (and than the shorter cue) are timing slips.
    func testOverlapsEndWhereTheNextStartsWithOneWarning() {
        let transcript = Transcript(
            segments: [
                Segment(text: "second", start: 2, end: 3.2),
                Segment(text: "first  one", start: 0, end: 2.3),
                Segment(text: "third", start: 3, end: 5),
            ], language: "de")
        var warnings: [String] = []
        let captions = CaptionBuilder.captions(from: transcript, warnings: &warnings)
        XCTAssertEqual(captions.map(\.text), ["first one", "second", "third"])
        // Overlaps cut at the next start, then two frames (of 30 fps) left between captions.
        XCTAssertEqual(captions[0].end, 2 - 2.0 / 30, accuracy: 1e-9)
        XCTAssertEqual(captions[1].end, 3 - 2.0 / 30, accuracy: 1e-9)
        XCTAssertEqual(captions[2].end, 5)
        XCTAssertEqual(captions.map(\.language), ["de", "de", "de"])
        XCTAssertEqual(warnings.count, 1)
    }

    /// A cue starting within `shortestAfterCut` of the one before joins it, unless another
    /// person speaks it: then it waits, and each caption keeps one speaker.
    func testTwoSpeakersStartingTogetherAreNeverOneCaption() {
        let transcript = Transcript(segments: [
            Segment(text: "Well", start: 1.0, end: 1.2, speaker: "Ana"),
            Segment(text: "I think so too", start: 1.1, end: 3.0, speaker: "Ben"),
            Segment(text: "and so", start: 3.1, end: 3.3, speaker: "Ben"),
            Segment(text: "do I", start: 3.2, end: 5.0, speaker: "Ben"),
        ])
        var warnings: [String] = []
        let captions = CaptionBuilder.captions(from: transcript, warnings: &warnings)
        XCTAssertEqual(captions.map(\.text), ["Well", "I think so too", "and so do I"], "one speaker's cues still join")
        XCTAssertEqual(captions.map(\.speaker), ["Ana", "Ben", "Ben"])
        XCTAssertEqual(Set(captions.map(\.lane)), [0], "one lane: the cues do not share the screen")
        XCTAssertEqual(captions[1].start, 1.0 + CaptionBuilder.shortestAfterCut, accuracy: 1e-9)
        XCTAssertLessThanOrEqual(captions[0].end, captions[1].start)
        XCTAssertGreaterThan(captions[0].end, captions[0].start)
        XCTAssertTrue(warnings.contains { $0.contains("another speaker") }, "\(warnings)")
    }

    /// Cues that share the screen for half a second or more, or for the whole of the shorter
    /// one, are shown together: each in a lane of its own, whole and untrimmed.
    func testSimultaneousCuesGetLanesOfTheirOwn() {
        let top = "This text should be at the top and horizontally centered"
        let middle = "This text should be at the middle and horizontally centered"
        let bottom = "This text should be at the bottom and horizontally centered"
        let transcript = Transcript(segments: [
            Segment(text: top, start: 1, end: 4, position: .top),
            Segment(text: middle, start: 1, end: 4, position: .middle),
            Segment(text: bottom, start: 1, end: 4),
            Segment(text: "Narrator: long ago in a land far away there lived a king", start: 5, end: 9),
            Segment(text: "Sign: Royal Palace", start: 6, end: 7),
            Segment(text: "A slip", start: 9.2, end: 10),
        ])
        var warnings: [String] = []
        let captions = CaptionBuilder.captions(from: transcript, limits: ChunkingLimits(maxCharacters: 80), warnings: &warnings)
        XCTAssertEqual(captions.map(\.text), [top, middle, bottom, "Narrator: long ago in a land far away there lived a king", "Sign: Royal Palace", "A slip"])
        XCTAssertEqual(captions.map(\.lane), [0, 1, 2, 0, 1, 0])
        XCTAssertEqual(captions.map(\.position), [.top, .middle, nil, nil, nil, nil])
        XCTAssertEqual(captions.prefix(3).map(\.end), [4, 4, 4])
        XCTAssertEqual(captions[3].end, 9, "shares the screen with the sign, not cut by it")
        XCTAssertEqual(warnings, [])
        // Split in pieces, a cue's pieces follow each other in its lane and never mix with another cue's words.
        let pieces = CaptionBuilder.captions(from: transcript, limits: ChunkingLimits(maxCharacters: 32), warnings: &warnings)
        for lane in Set(pieces.map(\.lane)) {
            let inLane = pieces.filter { $0.lane == lane }
            for (a, b) in zip(inLane, inLane.dropFirst()) { XCTAssertLessThanOrEqual(a.end, b.start) }
        }
        XCTAssertEqual(pieces.filter { $0.lane == 1 && $0.start < 5 }.map(\.text).joined(separator: " "), middle)
    }

    /// A file with every cue at one time gets at most `maximumLanes` blocks at once; the rest
    /// are trimmed as slips, and no text is lost.
    func testLanesAreBounded() {
        let segments = (0..<50).map { Segment(text: "cue \($0)", start: 1, end: 4) }
        var warnings: [String] = []
        let captions = CaptionBuilder.captions(from: Transcript(segments: segments), warnings: &warnings)
        XCTAssertEqual(Set(captions.map(\.lane)), Set(0..<CaptionLanes.maximumLanes))
        XCTAssertEqual(Set(captions.flatMap { $0.text.split(separator: " ") }.filter { $0 != "cue" }).count, 50)
        XCTAssertFalse(warnings.isEmpty)
    }

    func testCoversIsStartInclusiveEndExclusive() {
        let caption = Caption(text: "x", start: 1, end: 2)
        XCTAssertTrue(caption.covers(1))
        XCTAssertTrue(caption.covers(1.999))
        XCTAssertFalse(caption.covers(2))
        XCTAssertFalse(caption.covers(0.999))
    }
}
