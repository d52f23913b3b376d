import Captions
import Foundation
import TestSupport
import XCTest

@testable import CaptionFiles

final class SRTReaderTests: XCTestCase {
    private func parse(_ text: String) throws -> Transcript {
        try CaptionReader.parse(Data(text.utf8), file: "t.srt", format: .srt)
    }

    func testReadsCuesWithBOMCRLFAndMultipleLines() throws {
        let text = "\u{FEFF}1\r\n00:00:01,000 --> 00:00:02,500\r\nHello\r\nworld\r\n\r\n2\r\n00:00:03,000 --> 00:00:04,000\r\nAgain\r\n"
        let transcript = try parse(text)
        XCTAssertEqual(transcript.segments.count, 2)
        XCTAssertEqual(transcript.segments[0].text, "Hello\nworld")
        XCTAssertEqual(transcript.segments[0].start, 1.0)
        XCTAssertEqual(transcript.segments[0].end, 2.5)
        XCTAssertEqual(transcript.segments[1].text, "Again")
    }

    func testTagsAndOverrideBlocksAreStrippedButEntitiesStay() throws {
        let text = """
            1
            00:00:01,000 --> 00:00:02,000
            {\\an8}<i>Hello</i> <B>there</B>,
            <font color="#ff0000">red</font> <u>line</u> {\\i1}x{\\i0}

            2
            00:00:03,000 --> 00:00:04,000
            Tom &amp; Jerry &lt;3 <3 a < b {not a block} <b
            {\\an8 y

            3
            00:00:05,000 --> 00:00:06,000
            {\\an8}
            <i></i>

            4
            00:00:07,000 --> 00:00:08,000
            </font><font face="Arial" size="20"><i>End</i></font>
            """
        XCTAssertEqual(
            try parse(text).segments,
            [
                Segment(text: "Hello there,\nred line x", start: 1, end: 2, position: .top),
                Segment(text: "Tom &amp; Jerry &lt;3 <3 a < b {not a block} <b\n{\\an8 y", start: 3, end: 4),
                Segment(text: "End", start: 7, end: 8),
            ])
    }

    func testToleratesMissingAndOddCueNumbers() throws {
        let text = "00:00:01,000 --> 00:00:02,000\nFirst\n\n7\n00:00:02.000 --> 00:00:03.250 align:start\nSecond\n"
        let transcript = try parse(text)
        XCTAssertEqual(transcript.segments.map(\.text), ["First", "Second"])
        XCTAssertEqual(transcript.segments[1].end, 3.25)
    }

    func testTimestampsWithAndWithoutHours() {
        XCTAssertEqual(ClockStyle.srt.seconds("01:02:03,456"), 3723.456)
        XCTAssertEqual(ClockStyle.srt.seconds("02:03.5"), 123.5)
        XCTAssertNil(ClockStyle.srt.seconds("00:61:00,000"))
        XCTAssertNil(ClockStyle.srt.seconds("aa:00:00,000"))
    }

    func testReportsEveryBadCueWithItsLine() {
        let text = "1\n00:00:02,000 --> 00:00:01,000\nBackwards\n\n2\n00:00:0x,000 --> 00:00:05,000\nBroken\n\n3\n-00:00:01,000 --> 00:00:05,000\nNegative\n"
        XCTAssertThrowsError(try parse(text)) { error in
            let problems = (error as? CaptionError)?.problems ?? []
            XCTAssertEqual(problems.map(\.line), [2, 6, 10])
            XCTAssertTrue(problems[0].description.hasPrefix("t.srt:2: ends"), problems[0].description)
            XCTAssertTrue(problems[2].description.contains("negative"), problems[2].description)
        }
    }

    func testInvalidUTF8NamesTheLine() {
        var data = Data("1\n00:00:01,000 --> 00:00:02,000\n".utf8)
        data.append(contentsOf: [0x48, 0xFF, 0x0A])
        XCTAssertThrowsError(try CaptionReader.parse(data, file: "bad.srt", format: nil)) { error in
            XCTAssertEqual((error as? CaptionError)?.description, "bad.srt:3: invalid UTF-8")
        }
    }

    /// Only CR, LF and CRLF end lines: other separators stay in their line, so cue numbers,
    /// timing lines and reported line numbers are the file's physical lines.
    func testOnlyCRAndLFEndLines() throws {
        let cr = try parse("1\r00:00:01,000 --> 00:00:02,000\rOld Mac\r\r2\r00:00:03,000 --> 00:00:04,000\rtwo\r")
        XCTAssertEqual(cr.segments.map(\.text), ["Old Mac", "two"])
        XCTAssertEqual(cr.segments.map(\.source), [SourceLocation(line: 2), SourceLocation(line: 6)])
        // U+2028 and U+0085 inside a cue are not line ends; the cue after them keeps its line number.
        let inside = try parse("1\n00:00:01,000 --> 00:00:02,000\na\u{2028}b\u{85}c\n\n2\n00:00:03,000 --> 00:00:04,000\nd\n")
        XCTAssertEqual(inside.segments.map(\.text), ["a\u{2028}bc", "d"])
        XCTAssertEqual(inside.segments[1].source, SourceLocation(line: 6))
        // A vertical tab does not end the cue number's line: the block has no timing line.
        XCTAssertEqual(
            problemLines { try self.parse("1\u{0B}00:00:01,000 --> 00:00:02,000\nx\n") },
            ["t.srt:1: malformed timing line `1\u{0B}00:00:01,000 --> 00:00:02,000` (expected `hh:mm:ss,ttt --> hh:mm:ss,ttt`)"])
    }

    /// Files converted from ASS keep `\N` (a line break in the cue) and `\h` (a no-break space).
    func testASSLineBreakAndHardSpace() throws {
        let transcript = try parse("1\n00:00:01,000 --> 00:00:02,000\n{\\an8}First line\\Nsecond line\n\n2\n00:00:03,000 --> 00:00:04,000\n10\\h000 people\n")
        XCTAssertEqual(transcript.segments.map(\.text), ["First line\nsecond line", "10\u{A0}000 people"])
        // The no-break space holds its number together through the Captions stage.
        var warnings: [String] = []
        let captions = CaptionBuilder.captions(from: transcript, warnings: &warnings)
        XCTAssertEqual(captions[1].words.map(\.text), ["10\u{A0}000", "people"])
        XCTAssertEqual(captions[1].text, "10\u{A0}000 people")
    }

    /// An empty or blank file is valid and has nothing to show; a strict read refuses it.
    func testFileWithoutCaptionsHasNoSegmentsAndFailsAStrictRead() throws {
        for text in ["", "\n\n", " \n\t\n"] {
            let transcript = try parse(text)
            XCTAssertEqual(transcript.segments, [], text.debugDescription)
            XCTAssertEqual(transcript.notes, [], text.debugDescription)
            XCTAssertEqual(
                problemLines { try CaptionReader.parse(Data(text.utf8), file: "t.srt", format: .srt, strict: true) },
                ["t.srt: no captions in file"], text.debugDescription)
        }
    }

    /// A cue of no length is left out with one warning for all of them, at the first.
    func testZeroLengthCuesAreLeftOutWithOneWarning() throws {
        let text = "1\n00:00:01,000 --> 00:00:01,000\nHidden\n\n2\n00:00:02,000 --> 00:00:03,000\nShown\n\n"
            + "3\n00:00:04,500 --> 00:00:04,500\nHidden too\n"
        let transcript = try parse(text)
        XCTAssertEqual(transcript.segments.map(\.text), ["Shown"])
        XCTAssertEqual(
            transcript.notes.map(\.description),
            ["t.srt:2: 2 cues of no length (end = start) left out, the first here: no player shows them"])
        let alone = try parse("1\n00:00:01,000 --> 00:00:01,000\nHidden\n")
        XCTAssertEqual(alone.segments, [])
        XCTAssertEqual(alone.notes.map(\.description), ["t.srt:2: a cue of no length (its end is its start) left out: no player shows it"])
    }

    func testOnlySubRipsOwnTagsAreStripped() throws {
        let text = "1\n00:00:01,000 --> 00:00:02,000\nPress <Enter> to <I>go</I> <inaudible>\n<font\tcolor=red>x</font> <s>y</s> </br> <b\n"
        XCTAssertEqual(try parse(text).segments[0].text, "Press <Enter> to go <inaudible>\nx y </br> <b")
    }

    func testPositionComesFromAnOverrideBlockOnly() {
        XCTAssertEqual(SRTReader.position("\\an8 {\\i1\\an7}x"), CaptionPosition(assAlignment: 7))
        XCTAssertEqual(SRTReader.position("{x {\\an9}"), CaptionPosition(assAlignment: 9))
        XCTAssertNil(SRTReader.position("{\\an8 x {y} \\an8}"))
        XCTAssertNil(SRTReader.position(String(repeating: "\\an8", count: 100_000)))
    }

    func testCuesOverTheLimitsAreErrorsAtTheirLines() {
        let long = "1\n00:00:01,000 --> 00:00:02,000\n" + String(repeating: "ab ", count: 20_000) + "\n\n2\n00:00:03,000 --> 00:00:04,000\nok\n"
        XCTAssertThrowsError(try parse(long)) { error in
            XCTAssertEqual("\(error)", "t.srt:3: the cue holds more than 50000 characters, the most one cue may hold")
        }
        // At the text line that passes the limit, not the timing line.
        let third = "1\n00:00:01,000 --> 00:00:02,000\nshort\n" + String(repeating: "ab ", count: 10_000) + "\n"
            + String(repeating: "cd ", count: 10_000) + "\n"
        XCTAssertThrowsError(try parse(third)) { error in
            XCTAssertEqual("\(error)", "t.srt:5: the cue holds more than 50000 characters, the most one cue may hold")
        }
        let many = String(repeating: "00:00:01,000 --> 00:00:02,000\nx\n\n", count: CaptionReader.maximumCues + 1)
        XCTAssertThrowsError(try parse(many)) { error in
            XCTAssertEqual("\(error)", "t.srt:\(3 * CaptionReader.maximumCues + 1): more than 100000 cues, the most one file may hold")
        }
    }
}
