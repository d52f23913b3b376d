import Captions
import Foundation
import XCTest

@testable import CaptionFiles

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

    /// A caption of `words` (text, start), each lasting to the next one's start.
    private func timed(_ words: [(String, Double)], end: Double, estimated: Bool = false) -> Caption {
        let list = words.enumerated().map { i, item in
            Word(text: item.0, start: item.1, end: i + 1 < words.count ? words[i + 1].1 : end, estimated: estimated)
        }
        return Caption(text: words.map(\.0).joined(separator: " "), start: words[0].1, end: end, words: list)
    }

    func testWebVTTWritesCueTimestampsBeforeTimedWords() {
        let caption = timed([("Fish", 1), ("&", 1.25), ("chips,", 1.5), ("please.", 1.9996)], end: 3)
        XCTAssertEqual(
            CaptionWriter.webVTT([caption]),
            "WEBVTT\n\n00:00:01.000 --> 00:00:03.000\n"
                + "Fish <00:00:01.250>&amp; <00:00:01.500>chips, <00:00:02.000>please.\n")
    }

    func testWebVTTLeavesOutTimestampsThatWouldBreakTheOrder() {
        // Same millisecond as the word before, at the cue's end, past it: left out.
        let caption = timed([("a", 1), ("b", 1.5), ("c", 1.5002), ("d", 2), ("e", 2.5)], end: 2)
        XCTAssertEqual(CaptionWriter.timedText(caption), "a <00:00:01.500>b c d e")
        let first = timed([("a", 1), ("b", 1.0004)], end: 2)
        XCTAssertEqual(CaptionWriter.timedText(first), "a b", "not after the cue's start in whole milliseconds")
    }

    func testWebVTTWritesNoTimestampsForSpreadOrMissingWords() {
        XCTAssertEqual(CaptionWriter.timedText(timed([("a", 1), ("b", 1.5)], end: 2, estimated: true)), "a b")
        var moved = timed([("a", 1), ("b", 1.5)], end: 2)
        moved.text = "b a"
        XCTAssertEqual(CaptionWriter.timedText(moved), "b a", "words not in the text in order")
        XCTAssertEqual(CaptionWriter.timedText(Caption(text: "x <y>", start: 0, end: 1)), "x &lt;y&gt;")
    }

    func testWebVTTExportReadsBackWithTheSameWordStarts() throws {
        for (name, fixture) in [("openai", WhisperJSONReaderTests.openAI), ("faster", WhisperJSONReaderTests.fasterWhisper)] {
            let transcript = try CaptionReader.parse(Data(fixture.utf8), file: "\(name).json", format: nil)
            var warnings: [String] = []
            let captions = CaptionBuilder.captions(from: transcript, warnings: &warnings)
            let vtt = CaptionWriter.webVTT(captions)
            XCTAssertTrue(vtt.contains(name == "openai" ? "<00:00:00.560>" : "<00:00:00.640>"), vtt)
            let back = try CaptionReader.parse(Data(vtt.utf8), file: "\(name).vtt", format: nil)
            XCTAssertEqual(back.notes, [], name)
            XCTAssertEqual(back.segments.count, captions.count, name)
            for (segment, caption) in zip(back.segments, captions) {
                if caption.words.allSatisfy(\.estimated) {
                    XCTAssertEqual(segment.words, [], "\(name): a spread caption gets no timestamps")
                    continue
                }
                XCTAssertEqual(segment.words.map(\.text), caption.words.map(\.text), name)
                for (read, written) in zip(segment.words, caption.words) {
                    XCTAssertEqual(read.start, written.start, accuracy: 0.001, "\(name): \(read.text)")
                }
            }
        }
    }

    func testExportFormatsByExtension() throws {
        let paths = ["a.srt", "b.VTT", "c.json", "d.ass", "e.ASS", "f.ssa", "g.txt", "noext"]
        XCTAssertEqual(paths.map(CaptionWriter.format(forPath:)), [.srt, .vtt, .json, .ass, .ass, nil, nil, nil])
        XCTAssertEqual(ExportFormat.allCases.map(\.captionFormat), [.srt, .vtt, .json, nil])
        XCTAssertNil(CaptionFormat(fileExtension: "ass"), "burn-captions does not read .ass")
        XCTAssertThrowsError(try CaptionWriter.data(captions, format: ExportFormat.ass)) { error in
            XCTAssertTrue(error is ExportError, "\(error)")
        }
        let style = ASSStyle(playResX: 1080, playResY: 1920, fontSize: 80, outlineWidth: 6, anchorX: 540, anchorY: 1500)
        let ass = try CaptionWriter.data(captions, format: .ass, style: style)
        XCTAssertEqual(String(decoding: ass, as: UTF8.self), CaptionWriter.ass(captions, style: style))
        XCTAssertEqual(try CaptionWriter.data(captions, format: ExportFormat.vtt), Data(CaptionWriter.webVTT(captions).utf8))
    }
}
