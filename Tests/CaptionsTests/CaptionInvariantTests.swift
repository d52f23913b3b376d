import XCTest

@testable import CaptionFiles
@testable import Captions

/// Whatever the input, the Captions stage gives captions in time order, never two at once,
/// two frames apart, with every word of the input and word timings inside their caption.
final class CaptionInvariantTests: XCTestCase {
    private let limits = ChunkingLimits(maxCharacters: 32, maxDuration: 3.5, minDuration: 0.8, minGap: 2.0 / 30)

    private func check(_ transcript: Transcript, file: StaticString = #filePath, line: UInt = #line) -> [Caption] {
        var warnings: [String] = []
        let captions = CaptionBuilder.captions(from: transcript, limits: limits, warnings: &warnings)
        for caption in captions {
            XCTAssertLessThan(caption.start, caption.end, "\(caption)", file: file, line: line)
            for word in caption.words {
                XCTAssertTrue(
                    word.start >= caption.start - 1e-9 && word.end <= caption.end + 1e-9, "\(word) in \(caption)",
                    file: file, line: line)
            }
        }
        for (a, b) in zip(captions, captions.dropFirst()) {
            XCTAssertLessThanOrEqual(a.start, b.start, file: file, line: line)
        }
        // One lane shows one caption at a time; lanes share the screen.
        for lane in Set(captions.map(\.lane)) {
            let inLane = captions.filter { $0.lane == lane }
            for (a, b) in zip(inLane, inLane.dropFirst()) {
                XCTAssertLessThanOrEqual(a.end, b.start - limits.minGap + 1e-9, "\(a.text) / \(b.text)", file: file, line: line)
            }
        }
        // No text lost: the words of all captions are those of the input, in the input's order per segment.
        let shown = Set(captions.flatMap { Tokenizer.tokens($0.text).map(\.text) })
        let given = Set(transcript.segments.flatMap { Tokenizer.tokens($0.text).map(\.text) })
        XCTAssertEqual(shown, given, file: file, line: line)
        return captions
    }

    func testLongSegmentOverlappingAShortOne() {
        let long = Segment(
            text: "This long sentence keeps on going without any punctuation at all for a while", start: 0, end: 8)
        let short = Segment(text: "Short interjection", start: 2, end: 4)
        let captions = check(Transcript(segments: [long, short]))
        XCTAssertTrue(captions.contains { $0.text.contains("Short interjection") })
    }

    func testInterleavedSpeakersAndEqualStarts() {
        let captions = check(
            Transcript(segments: [
                Segment(text: "we review the numbers today", start: 1, end: 3, speaker: "Ana"),
                Segment(text: "sounds good", start: 1, end: 2, speaker: "Bo"),
                Segment(text: "and then the roadmap", start: 2.5, end: 5, speaker: "Ana"),
            ]))
        XCTAssertFalse(captions.isEmpty)
    }

    func testZeroLengthAndDisorderedWords() {
        let zero = Segment(text: "zero", start: 1, end: 1)
        let disordered = Segment(
            text: "one two three", start: 3, end: 4,
            words: [Word(text: "one", start: 3.5, end: 3.6), Word(text: "two", start: 3.2, end: 3.1),
                    Word(text: "three", start: 8, end: 9)])
        let captions = check(Transcript(segments: [zero, disordered]))
        XCTAssertEqual(captions.map(\.text), ["zero", "one two three"])
        XCTAssertEqual(captions[0].end - captions[0].start, 0.8, accuracy: 1e-9, "the minimum duration")
    }

    func testUntimedWordsAndPunctuationFromTheSegmentText() {
        // faster-whisper can leave a word without times; only the segment text has the full stop.
        let segment = Segment(
            text: "Hello world, this is big. Fine",
            start: 0, end: 3,
            words: [Word(text: "Hello", start: 0, end: 0.4), Word(text: "world", start: 0.5, end: 0.9),
                    Word(text: "this", start: 1.0, end: 1.2), Word(text: "is", start: 1.3, end: 1.4),
                    Word(text: "Fine", start: 2.4, end: 3)])
        let captions = check(Transcript(segments: [segment]))
        // "Fine" alone would be an orphan: it joins the caption before.
        XCTAssertEqual(captions.map(\.text), ["Hello world, this is big. Fine"])
    }

    /// Found by `make fuzz` (srt): a cue without length that starts with the next cue stayed a
    /// caption without length, which is never shown. A segment without length (JSON) joins the
    /// next; a SubRip cue without length is no longer read at all (no player shows one).
    func testZeroLengthCueStartingWithTheNextJoinsIt() throws {
        let captions = check(
            Transcript(segments: [Segment(text: "first", start: 1, end: 1), Segment(text: "second", start: 1, end: 3)]))
        XCTAssertEqual(captions.map(\.text), ["first second"])
        XCTAssertEqual(captions.first?.start, 1)
        XCTAssertEqual(captions.first?.end, 3)
        let srt = "1\n00:00:01,000 --> 00:00:01,000\nfirst\n\n2\n00:00:01,000 --> 00:00:03,000\nsecond\n"
        XCTAssertEqual(check(try CaptionReader.parse(Data(srt.utf8), file: "t.srt", format: .srt)).map(\.text), ["second"])
    }

    /// Found by `make fuzz` (srt): a caption without length whose next caption starts exactly
    /// `minGap` later kept no length: the gap left it none, and it was not given half the room.
    func testCaptionWithoutLengthJustAGapBeforeTheNextGetsHalfTheRoom() throws {
        let srt = "0:0-->0:2\n00I\0\u{8}000!\0\0\0\0\0\0\0\n\n0:1-->0:1\n-"
        var warnings: [String] = []
        // The SubRip reader alone: `CaptionReader` would take the control characters out first.
        let captions = CaptionBuilder.captions(
            from: try SRTReader.parse(srt, file: "t.srt"), limits: limits, warnings: &warnings)
        // The control characters alone would be an orphan: they join the caption before.
        XCTAssertEqual(captions.map(\.text), ["00I\0\u{8}000!\0\0\0\0\0\0\0", "-"])
        for caption in captions { XCTAssertLessThan(caption.start, caption.end, "\(caption)") }
        for (a, b) in zip(captions, captions.dropFirst()) { XCTAssertLessThanOrEqual(a.end, b.start) }
    }

    func testManySegmentsStayOrdered() {
        let segments = (0..<300).map { i in
            Segment(text: "caption number \(i), with a comma and more words", start: Double(i) * 0.7, end: Double(i) * 0.7 + 1.5)
        }
        _ = check(Transcript(segments: segments))
    }

    func testLanguageFallbackReachesTheCaptions() {
        var warnings: [String] = []
        let captions = CaptionBuilder.captions(
            from: Transcript(segments: [Segment(text: "字幕", start: 0, end: 1)]), language: "ja", warnings: &warnings)
        XCTAssertEqual(captions.first?.language, "ja")
    }

    // MARK: Hand-timed cues stay inside their time (robustness, third pass, item 8)

    /// A cue of 35 characters (tiktok: 32 a caption) shown as two captions shares its own time:
    /// the last piece ends where the cue does, also with a cut just after it.
    func testPiecesOfAHandTimedCueShareItsTime() {
        let cue = Segment(text: "This is a hand timed cue of 35 chr", start: 2, end: 8)
        for shots in [nil, ShotChanges(times: [8.2], frameDuration: 1.0 / 30)] {
            var warnings: [String] = []
            let captions = CaptionBuilder.captions(
                from: Transcript(segments: [cue]), limits: limits, shotChanges: shots, warnings: &warnings)
            XCTAssertEqual(captions.map(\.text), ["This is a hand timed cue of", "35 chr"])
            XCTAssertEqual(captions.first?.start, 2)
            XCTAssertEqual(captions.last?.end, 8)
            for caption in captions {
                XCTAssertEqual(caption.cueTime, 2...8)
                XCTAssertGreaterThanOrEqual(caption.end - caption.start, limits.minDuration)
            }
        }
    }

    /// Pieces shorter than the shortest time are not made: the cue stays one caption, in its
    /// own time, and says why.
    func testAPieceTooShortIsNotMade() {
        let long = (0..<60).map { "word\($0)" }.joined(separator: " ")
        for (text, start, end) in [("This is a hand timed cue of 35 chr", 2.0, 3.8), (long, 1.0, 3.0)] {
            let captions = check(Transcript(segments: [Segment(text: text, start: start, end: end)]))
            XCTAssertEqual(captions.map(\.text), [text])
            XCTAssertEqual(captions.first?.start, start)
            XCTAssertEqual(captions.first?.end, end)
            XCTAssertEqual(captions.first?.cueTime, nil)
            XCTAssertEqual(captions.first?.changes.map(\.kind), [.notSplit])
        }
    }

    /// A caption without length and nothing after it, where the shortest time is 0, gets two
    /// frames: no time is ever infinite.
    func testTheLastCaptionWithoutLengthGetsTwoFrames() {
        var warnings: [String] = []
        var limits = self.limits
        limits.minDuration = 0
        let captions = CaptionBuilder.captions(
            from: Transcript(segments: [Segment(text: "Hidden", start: 1, end: 1)]), limits: limits, warnings: &warnings)
        XCTAssertEqual(captions.map(\.end), [1 + limits.minGap])
    }

    /// A word timed to end after the next one starts (a fuzzed WebVTT cue's inline times did
    /// this) left untimed words spread after the first's end: the piece that took them and
    /// the second word started after it ended, and, with the next caption too close behind
    /// for the gap, was shown for less than nothing. Now it gets half the room to the next.
    func testOverlappingWordTimesGiveNoCaptionEndingBeforeItStarts() {
        let overlapping = Segment(
            text: "alpha and then a good many words without any timing at all omega", start: 1, end: 2.5,
            words: [Word(text: "alpha", start: 1, end: 2.5), Word(text: "omega", start: 1.2, end: 1.3)])
        var warnings: [String] = []
        let captions = CaptionBuilder.captions(
            from: Transcript(segments: [overlapping, Segment(text: "next one", start: 2.52, end: 3.5)]), limits: limits,
            warnings: &warnings)
        XCTAssertEqual(captions.map(\.text).joined(separator: " "), overlapping.text + " next one")
        for caption in captions {
            XCTAssertLessThan(caption.start, caption.end, "\(caption)")
            XCTAssertTrue(caption.words.allSatisfy { $0.start >= caption.start && $0.end <= caption.end }, "\(caption)")
        }
        for (a, b) in zip(captions, captions.dropFirst()) {
            XCTAssertLessThanOrEqual(a.end, b.start, "\(a.text) / \(b.text)")
        }
    }
}
