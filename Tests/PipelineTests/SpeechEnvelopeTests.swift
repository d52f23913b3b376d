import Foundation
import Media
import Pipeline
import Speech
import TestSupport
import XCTest

final class SpeechEnvelopeTests: XCTestCase {
    /// 1 s of silence, then a 440 Hz tone (amplitude 1/8) for 1 s, as `name` in a scratch folder.
    private func silenceThenTone(_ name: String, _ options: [String] = []) throws -> String {
        let path = try temporaryFolder().appendingPathComponent(name).path
        try ProcessRunner.ffmpeg(
            [
                "-f", "lavfi", "-i", "anullsrc=r=44100:cl=mono", "-f", "lavfi", "-i", "sine=f=440:d=1:r=44100",
                "-filter_complex", "[0]atrim=duration=1[quiet];[quiet][1]concat=n=2:v=0:a=1",
            ] + options + [path])
        return path
    }

    /// The start of the first window at least half as loud as the loudest. // seconds
    private func rise(_ envelope: EnergyEnvelope) -> Double {
        let loudest = envelope.values.max() ?? 0
        return envelope.time(at: envelope.values.firstIndex { $0 >= loudest / 2 } ?? envelope.values.count)
    }

    func testToneRisesWhereItStartsInPCM() throws {
        let envelope = try XCTUnwrap(SpeechEnvelope.read(path: try silenceThenTone("tone.wav")))
        XCTAssertEqual(envelope.hop, 0.01)
        XCTAssertEqual(envelope.start, 0, accuracy: 1e-9)
        XCTAssertEqual(envelope.end, 2, accuracy: 0.011)
        XCTAssertEqual(rise(envelope), 1, accuracy: 0.01)
        XCTAssertEqual(envelope.value(at: 0.5), 0)
        // A sine of amplitude 1/8 has an RMS of 1/8/sqrt(2).
        XCTAssertEqual(Double(envelope.value(at: 1.5)), 0.125 / 2.0.squareRoot(), accuracy: 0.002)
    }

    func testToneRisesWhereItStartsInAACAfterPriming() throws {
        let path = try silenceThenTone("tone.m4a", ["-c:a", "aac", "-b:a", "96k"])
        let envelope = try XCTUnwrap(SpeechEnvelope.read(path: path, hop: 0.02))
        XCTAssertEqual(envelope.hop, 0.02)
        XCTAssertEqual(rise(envelope), 1, accuracy: 0.02)
    }

    func testTimelineStartIsSubtracted() throws {
        // A stereo file with a picture whose timeline starts at 1.5 s (as MPEG-TS starts near 1.4 s).
        let path = try silenceThenTone(
            "tone.mkv",
            ["-f", "lavfi", "-i", "color=c=gray:s=64x64:r=25:d=2", "-map", "2:v", "-c:v", "mpeg4",
             "-ac", "2", "-c:a", "pcm_s16le", "-output_ts_offset", "1.5"])
        let envelope = try XCTUnwrap(SpeechEnvelope.read(path: path))
        XCTAssertEqual(envelope.start, 0, accuracy: 0.05)
        XCTAssertEqual(rise(envelope), 1, accuracy: 0.01)
    }

    func testGapInTheAudioStaysSilent() throws {
        // A tone whose frames from 1 s on are stamped 0.5 s later: silence from about 1.02 to 1.52 s.
        let path = try temporaryFolder().appendingPathComponent("gap.mkv").path
        try ProcessRunner.ffmpeg([
            "-f", "lavfi", "-i", "sine=f=440:d=2:r=44100", "-af",
            "asetnsamples=n=1024,asetpts='N/SR/TB+if(gte(N/SR,1),0.5/TB,0)'", "-c:a", "pcm_s16le", path,
        ])
        let envelope = try XCTUnwrap(SpeechEnvelope.read(path: path))
        XCTAssertGreaterThan(envelope.value(at: 0.9), 0.05)
        XCTAssertEqual(envelope.value(at: 1.1), 0)
        XCTAssertEqual(envelope.value(at: 1.45), 0)
        let resumed = try XCTUnwrap(envelope.values.indices.first { envelope.time(at: $0) > 1.1 && envelope.values[$0] > 0.05 })
        XCTAssertEqual(envelope.time(at: resumed), 1.52, accuracy: 0.01)
        XCTAssertEqual(envelope.end, 2.52, accuracy: 0.02)
    }

    func testFileWithoutAudioGivesNil() throws {
        let path = try temporaryFolder().appendingPathComponent("silent-film.mp4").path
        try ProcessRunner.ffmpeg(["-f", "lavfi", "-i", "color=c=gray:s=64x64:r=25:d=0.5", "-c:v", "mpeg4", path])
        XCTAssertNil(try SpeechEnvelope.read(path: path))
    }

    func testMissingFileThrowsNamingIt() {
        XCTAssertThrowsError(try SpeechEnvelope.read(path: "/nonexistent/talk.m4a")) { error in
            XCTAssertTrue(String(describing: error).hasPrefix("/nonexistent/talk.m4a: No such file"), "\(error)")
        }
    }
}
