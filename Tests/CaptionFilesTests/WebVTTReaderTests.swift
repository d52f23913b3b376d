import Captions
import Foundation
import TestSupport
import XCTest

@testable import CaptionFiles

final class WebVTTReaderTests: XCTestCase {
    private func parse(_ text: String, format: CaptionFormat? = .vtt) throws -> Transcript {
        try CaptionReader.parse(Data(text.utf8), file: "t.vtt", format: format)
    }

    private func problems(_ text: String) -> [String] {
        problemLines { try parse(text) }
    }

    static let styled = """
        WEBVTT - Styled sample
        Kind: captions
        Language: en

        STYLE
        ::cue(.yellow) { color: yellow; }
        ::cue(v[voice="Mary Ann"]) { font-weight: bold; }

        REGION
        id:top width:40% lines:3 regionanchor:0%,100% viewportanchor:10%,90%

        NOTE This file mixes
        every block a player skips

        intro
        00:01.000 --> 00:03.500 align:start position:10%,line-left line:0
        <v.loud Mary Ann>Hello <b>there</b>,</v>
        <i>Tom &amp; Jerry</i> &lt;3

        00:00:03.500 --> 00:00:05.000
        <v Bob><c.yellow>Fish</c> &amp; <u>chips</u>&nbsp;&#39;n&#x27; <lang fr>bière</lang>

        NOTE a cue that is only tags shows nothing and is skipped

        00:05.000 --> 00:06.000
        <b></b>

        3
        01:00:00.000 --> 01:00:02.250 region:top
        <ruby>漢<rt>kan</rt></ruby> <00:00:01.500>later &lrm;word&rlm;
        """

    func testReadsAStyledFile() throws {
        let transcript = try parse(Self.styled)
        XCTAssertEqual(
            transcript.segments,
            [
                Segment(text: "Hello there,\nTom & Jerry <3", start: 1, end: 3.5, speaker: "Mary Ann"),
                Segment(text: "Fish & chips 'n' bière", start: 3.5, end: 5, speaker: "Bob"),
                Segment(text: "漢 later \u{200E}word\u{200F}", start: 3600, end: 3602.25),
            ])
    }

    func testRubyTextIsLeftOut() {
        XCTAssertEqual(CueText("<ruby>漢<rt>かん</rt></ruby>字").text, "漢字")
        XCTAssertEqual(CueText("<ruby>東京<rp>(</rp><rt>とう&amp;きょう</rt><rp>)</rp></ruby>へ").text, "東京へ")
        XCTAssertEqual(CueText("<ruby>漢<rt.small>かん</ruby>字 &amp; <b>b</b>").text, "漢字 & b")
    }

    func testBOMAndCRLFGiveTheSameTranscriptAndLines() throws {
        let crlf = "\u{FEFF}" + Self.styled.replacingOccurrences(of: "\n", with: "\r\n")
        XCTAssertEqual(try parse(crlf), try parse(Self.styled))
        let broken = "\u{FEFF}WEBVTT\r\n\r\n00:01.000 --> 00:00.500\r\nBackwards\r\n"
        XCTAssertEqual(problems(broken), ["t.vtt:3: ends (0.5) before it starts (1.0)"])
    }

    func testFirstVoiceNamesTheSpeakerAndUnknownReferencesStay() throws {
        let text = "WEBVTT\n\n00:01.000 --> 00:02.000\n<v Ann>Hi</v> <v Bob>there &copy; &#0; & co\n"
        XCTAssertEqual(
            try parse(text).segments, [Segment(text: "Hi there &copy; &#0; & co", start: 1, end: 2, speaker: "Ann")])
    }

    func testCueWithoutBlankLineAfterTheHeaderAndBetweenCues() throws {
        let text = "WEBVTT\n00:01.000 --> 00:02.000\nOne\n00:02.000 --> 00:03.000\nTwo\n"
        XCTAssertEqual(try parse(text).segments.map(\.text), ["One", "Two"])
    }

    func testReportsEveryMalformedCueWithItsLine() {
        let text = """
            WEBVTT

            00:00:01,000 --> 00:00:02,000
            Comma

            00:01.5 --> 00:02.000
            Short fraction

            00:02.000 --> 00:01.000
            Backwards

            -00:01.000 --> 00:02.000
            Negative

            just some text
            without timing

            00:61.000 --> 01:02.000
            Sixty-one seconds
            """
        XCTAssertEqual(
            problems(text),
            [
                "t.vtt:3: malformed timing line `00:00:01,000 --> 00:00:02,000` (expected `[hh:]mm:ss.ttt --> [hh:]mm:ss.ttt`)",
                "t.vtt:6: malformed timing line `00:01.5 --> 00:02.000` (expected `[hh:]mm:ss.ttt --> [hh:]mm:ss.ttt`)",
                "t.vtt:9: ends (1.0) before it starts (2.0)",
                "t.vtt:12: start time -1.0 is negative",
                "t.vtt:15: expected a timing line `00:01.000 --> 00:02.000`",
                "t.vtt:18: malformed timing line `00:61.000 --> 01:02.000` (expected `[hh:]mm:ss.ttt --> [hh:]mm:ss.ttt`)",
            ])
    }

    func testHeaderIsRequired() {
        XCTAssertEqual(
            problems("00:01.000 --> 00:02.000\nNo header\n"), ["t.vtt:1: missing `WEBVTT` header line"])
        XCTAssertEqual(
            problems("WEBVTTX\n\n00:01.000 --> 00:02.000\nBad header\n"),
            ["t.vtt:1: the header must be `WEBVTT`, or `WEBVTT` then a space or tab and text"])
        XCTAssertEqual(problems("WEBVTT\tTab title\n\n00:01.000 --> 00:02.000\nOK\n"), [])
    }

    func testOnlyTagsOrOnlyBlocksIsAFileWithoutCaptions() throws {
        let text = "WEBVTT\n\nNOTE nothing\n\n00:01.000 --> 00:02.000\n<i></i>\n"
        XCTAssertEqual(try parse(text).segments, [])
        XCTAssertEqual(
            problemLines { try CaptionReader.parse(Data(text.utf8), file: "t.vtt", format: .vtt, strict: true) },
            ["t.vtt: no captions in file"])
    }

    func testHoursTooLargeForADoubleAreNotFinite() {
        let hours = String(repeating: "9", count: 400)
        XCTAssertEqual(
            problems("WEBVTT\n\n00:01.000 --> \(hours):00:00.000\nForever\n"),
            ["t.vtt:3: time is not a finite number"])
    }

    func testTruncatedTimingLine() {
        XCTAssertEqual(
            problems("WEBVTT\n\n00:01.000 --> 00:0"),
            ["t.vtt:3: malformed timing line `00:01.000 --> 00:0` (expected `[hh:]mm:ss.ttt --> [hh:]mm:ss.ttt`)"])
    }

    func testInvalidUTF8NamesTheLine() {
        var data = Data("WEBVTT\n\n00:01.000 --> 00:02.000\n".utf8)
        data.append(contentsOf: [0x48, 0xC3, 0x0A])
        XCTAssertThrowsError(try CaptionReader.parse(data, file: "t.vtt", format: nil)) { error in
            // ICU's detector reads the lone 0xC3 as Latin-1's Ã and says so.
            XCTAssertEqual(
                (error as? CaptionError)?.problems.map(\.description),
                ["t.vtt:4: invalid UTF-8; it looks like ISO-8859-1: try --captions-encoding ISO-8859-1"])
        }
    }

    func testTimestamps() {
        XCTAssertEqual(ClockStyle.webVTT.seconds("01:02:03.456"), 3723.456)
        XCTAssertEqual(ClockStyle.webVTT.seconds("123:00:00.000"), 442800)
        XCTAssertEqual(ClockStyle.webVTT.seconds("02:03.500"), 123.5)
        XCTAssertNil(ClockStyle.webVTT.seconds("2:03.500"))
        XCTAssertNil(ClockStyle.webVTT.seconds("02:03.50"))
        XCTAssertNil(ClockStyle.webVTT.seconds("02:03,500"))
        XCTAssertNil(ClockStyle.webVTT.seconds("02:03"))
        XCTAssertNil(ClockStyle.webVTT.seconds("60:00.000"))
        XCTAssertEqual(ClockStyle.webVTT.timing("00:01.000-->00:02.000 line:0")?.end, 2)
    }

    func testSniffedByHeaderAndExtension() throws {
        XCTAssertEqual(CaptionFormat.sniff("\u{FEFF}WEBVTT\n\n00:01.000 --> 00:02.000\n"), .vtt)
        XCTAssertEqual(CaptionFormat.sniff("WEBVTT"), .vtt)
        XCTAssertEqual(CaptionFormat(fileExtension: "VTT"), .vtt)
        let transcript = try parse("\u{FEFF}WEBVTT\n\n00:01.000 --> 00:02.000\n<v Ann>Hi\n", format: nil)
        XCTAssertEqual(transcript.segments, [Segment(text: "Hi", start: 1, end: 2, speaker: "Ann")])
    }
}
