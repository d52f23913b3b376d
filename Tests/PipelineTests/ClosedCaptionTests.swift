import CaptionFiles
import Foundation
import TestSupport
import XCTest

/// `--cea608`: the burned captions also carried as CEA-608 roll-up in the H.264 stream, read
/// back by FFmpeg's own 608 decoder (`movie=…[out0+subcc]`); and the input's closed captions
/// kept by a plain render, dropped by a cut render (their times no longer hold).
final class ClosedCaptionTests: XCTestCase {
    /// FFmpeg's reading of `video`'s closed captions: each event's start (seconds) and rows.
    private func decoded(_ video: String, in folder: URL) throws -> [(start: Double, rows: [String])] {
        let srt = folder.appendingPathComponent(UUID().uuidString + ".srt").path
        try ProcessRunner.ffmpeg(["-f", "lavfi", "-i", "movie=\(video)[out0+subcc]", "-map", "0:1", srt])
        let text = try String(contentsOfFile: srt, encoding: .utf8).replacingOccurrences(of: "\r\n", with: "\n")
        return text.components(separatedBy: "\n\n").compactMap { block in
            let lines = block.split(separator: "\n").map(String.init)
            guard lines.count >= 3, let arrow = lines[1].range(of: " --> ") else { return nil }
            let clock = lines[1][..<arrow.lowerBound].replacingOccurrences(of: ",", with: ":").split(separator: ":").compactMap { Double($0) }
            guard clock.count == 4 else { return nil }
            let start = clock[0] * 3600 + clock[1] * 60 + clock[2] + clock[3] / 1000
            let rows = lines[2...].map {
                $0.replacingOccurrences(of: #"<[^>]*>|\{[^}]*\}"#, with: "", options: .regularExpression)
            }
            return (start, rows)
        }
    }

    func testTheBurnedCaptionsReadBackAsRollUpAndCutRendersDropTheInputs() throws {
        let folder = try temporaryFolder()
        let input = try CLI.smallSample(in: folder, seconds: 15.3)
        let captioned = folder.appendingPathComponent("cc.mp4").path
        let exported = folder.appendingPathComponent("captions.json").path
        let talk = CLI.samples.appendingPathComponent("talk.json").path
        let result = try CLI.burn([
            input, "--captions", talk, "--cea608", "--export-captions", exported, "-o", captioned, "--x264-preset", "ultrafast",
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        let events = try decoded(captioned, in: folder)

        // Our schedule for the same words: one pair a frame at 30 fps; a row ends (and FFmpeg
        // starts an event) at each carriage return we send.
        struct Exported: Decodable {
            struct Segment: Decodable {
                struct Word: Decodable {
                    var text: String
                    var start: Double
                }
                var start: Double
                var end: Double
                var words: [Word]
            }
            var segments: [Segment]
        }
        let segments = try JSONDecoder().decode(Exported.self, from: Data(contentsOf: URL(fileURLWithPath: exported))).segments
        let words = segments.flatMap(\.words)
        XCTAssertGreaterThan(words.count, 15)
        var writer = CEA608RollUp()
        var scheduled: [CEA608Schedule.Event] = []
        for (index, segment) in segments.enumerated() {
            scheduled += try segment.words.map { CEA608Schedule.Event(seconds: $0.start, pairs: try writer.append($0.text)) }
            // The rows are cleared after the last caption, or before a pause of 3 s.
            if index + 1 == segments.count || segments[index + 1].start - segment.end >= 3 {
                scheduled.append(.init(seconds: segment.end, pairs: writer.end()))
            }
        }
        var schedule = CEA608Schedule(events: scheduled, framesPerSecond: 30)
        let carriageReturn = CEA608Pair(0x14, 0x2D)
        var returns: [Double] = []
        var previous = CEA608Pair.null
        for frame in 0..<460 {
            let pair = schedule.pair(forFrameAt: Double(frame) / 30)
            if pair == carriageReturn && previous != carriageReturn { returns.append(Double(frame) / 30) }
            previous = pair
        }
        XCTAssertEqual(events.map(\.start).count, returns.count, "\(events.map(\.start)) against our carriage returns \(returns)")
        for (event, sent) in zip(events.map(\.start), returns) {
            XCTAssertEqual(event, sent, accuracy: 1.0 / 30 + 0.002, "an event against the carriage return we sent")
        }
        // The rows in order are the captions' words, each at most 32 columns.
        var rows: [String] = []
        for event in events {
            for row in event.rows where rows.last != row && !rows.suffix(2).contains(row) { rows.append(row) }
        }
        XCTAssertTrue(events.allSatisfy { $0.rows.count <= 2 && $0.rows.allSatisfy { $0.count <= 32 } }, "\(events)")
        let spoken = words.map(\.text).joined(separator: " ").replacingOccurrences(of: "'", with: "’")
        XCTAssertEqual(rows.joined(separator: " "), spoken)

        // The input's closed captions: a plain render passes them on, a cut render drops them.
        let again = folder.appendingPathComponent("again.mp4").path
        XCTAssertEqual(try CLI.burn([captioned, "--captions", talk, "-o", again, "--x264-preset", "ultrafast"]).status, 0)
        XCTAssertEqual(try decoded(again, in: folder).map(\.rows), events.map(\.rows))
        let cutsFile = folder.appendingPathComponent("cuts.json")
        try #"{"format": "burn-captions cuts", "version": 1, "cuts": [{"start": 2.0, "end": 4.0, "reason": "pause", "cut": true}]}"#.write(
            to: cutsFile, atomically: true, encoding: .utf8)
        let cut = folder.appendingPathComponent("cut.mp4").path
        let cutRun = try CLI.burn([captioned, "--captions", talk, "--cuts-file", cutsFile.path, "-o", cut, "--x264-preset", "ultrafast"])
        XCTAssertEqual(cutRun.status, 0, cutRun.stderr)
        XCTAssertEqual(try decoded(cut, in: folder).count, 0, "a cut render carries none of the input's closed captions")
    }

    /// Text 608 cannot carry, and an encoder that does not write A/53 data, are refused
    /// before anything is written (exit 2, one line).
    func testRefusals() throws {
        let folder = try temporaryFolder()
        let input = try CLI.smallSample(in: folder, seconds: 2)
        let srt = folder.appendingPathComponent("ja.srt")
        try "1\n00:00:00,200 --> 00:00:01,500\n東京へ行きます\n".write(to: srt, atomically: true, encoding: .utf8)
        let output = folder.appendingPathComponent("out.mp4").path
        let script = try CLI.burn([input, "--captions", srt.path, "--cea608", "-o", output])
        XCTAssertEqual(script.status, 2, script.stderr)
        XCTAssertTrue(script.stderr.contains("--cea608: 608 captions carry Latin text only"), script.stderr)
        XCTAssertEqual(script.stderr.split(separator: "\n").count, 1, script.stderr)
        let talk = CLI.samples.appendingPathComponent("talk.json").path
        let hevc = try CLI.burn([input, "--captions", talk, "--cea608", "--codec", "hevc", "-o", output])
        XCTAssertEqual(hevc.status, 2, hevc.stderr)
        XCTAssertTrue(hevc.stderr.contains("libx264 or NVENC"), hevc.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: output))
        let null = try CLI.burn([input, "--captions", talk, "--cea608", "--null"])
        XCTAssertEqual(null.status, 2, null.stderr)
    }
}
