import Foundation
import XCTest

@testable import Captions

final class CaptionWriterTests: XCTestCase {
    private let captions = [
        Caption(text: "Tom & Jerry <3", start: 0.5, end: 2.0291, language: "en", speaker: "Ana",
                words: [Word(text: "Tom", start: 0.5, end: 0.8)]),
        Caption(text: "Second", start: 3661.25, end: 3662, language: "en"),
    ]

    func testSRT() {
        XCTAssertEqual(
            CaptionWriter.srt(captions),
            "1\n00:00:00,500 --> 00:00:02,029\nTom & Jerry <3\n\n2\n01:01:01,250 --> 01:01:02,000\nSecond\n")
    }

    func testWebVTTEscapesAndNamesTheSpeaker() {
        XCTAssertEqual(
            CaptionWriter.webVTT(captions),
            "WEBVTT\n\n00:00:00.500 --> 00:00:02.029\n<v Ana>Tom &amp; Jerry &lt;3\n\n01:01:01.250 --> 01:01:02.000\nSecond\n")
    }

    func testNativeJSONReadsBack() throws {
        let data = try CaptionWriter.nativeJSON(captions)
        let transcript = try CaptionReader.parse(data, file: "out.json", format: nil)
        XCTAssertEqual(transcript.segments.map(\.text), ["Tom & Jerry <3", "Second"])
        XCTAssertEqual(transcript.segments[0].end, 2.029)
        XCTAssertEqual(transcript.segments[0].speaker, "Ana")
        XCTAssertEqual(transcript.segments[0].words, [Word(text: "Tom", start: 0.5, end: 0.8)])
    }

    func testWebVTTReadsBackWithItsSpeaker() throws {
        let transcript = try CaptionReader.parse(Data(CaptionWriter.webVTT(captions).utf8), file: "out.vtt", format: nil)
        XCTAssertEqual(transcript.segments.map(\.text), ["Tom & Jerry <3", "Second"])
        XCTAssertEqual(transcript.segments[0].speaker, "Ana")
        XCTAssertEqual(CaptionWriter.format(forPath: "/tmp/x.VTT"), .vtt)
    }

    func testSRTReadsBack() throws {
        let transcript = try CaptionReader.parse(Data(CaptionWriter.srt(captions).utf8), file: "out.srt", format: nil)
        XCTAssertEqual(transcript.segments.map(\.start), [0.5, 3661.25])
    }
}
