import Foundation
import TestSupport
import XCTest

@testable import Media

/// The audio reader hands on mono 16 kHz samples on the caption clock: a start, the samples,
/// and silence for gaps; Pipeline's `SpeechEnvelopeTests` measure what it reads.
final class AudioSampleReaderTests: XCTestCase {
    /// What a read handed on: the start, the sample count, the silences and the loudest sample.
    private struct Read {
        var starts: [Double] = []
        var samples = 0
        var silences: [Int] = []
        var peak: Float = 0
    }

    private func read(_ path: String, minimumGap: Double = 0.01) throws -> Read? {
        var read = Read()
        let found = try AudioSampleReader.read(path: path, minimumGap: minimumGap) { piece in
            switch piece {
            case .start(let time): read.starts.append(time)
            case .samples(let samples):
                read.samples += samples.count
                read.peak = max(read.peak, samples.map(abs).max() ?? 0)
            case .silence(let count): read.silences.append(count)
            }
        }
        return found ? read : nil
    }

    func testAToneComesAsMonoSamplesAt16kHz() throws {
        let path = try temporaryFolder().appendingPathComponent("tone.wav").path
        try ProcessRunner.ffmpeg(["-f", "lavfi", "-i", "sine=f=440:d=1.5:r=44100", "-ac", "2", path])
        let read = try XCTUnwrap(try read(path))
        XCTAssertEqual(read.starts, [0])
        XCTAssertEqual(Double(read.samples), 1.5 * 16_000, accuracy: 32)
        XCTAssertEqual(read.silences, [])
        // ffmpeg's sine has amplitude 1/8.
        XCTAssertEqual(Double(read.peak), 0.125, accuracy: 0.01)
    }

    func testAGapInTheTimestampsComesAsSilence() throws {
        // A tone whose frames from 1 s on are stamped 0.5 s later.
        let path = try temporaryFolder().appendingPathComponent("gap.mkv").path
        try ProcessRunner.ffmpeg([
            "-f", "lavfi", "-i", "sine=f=440:d=2:r=44100", "-af",
            "asetnsamples=n=1024,asetpts='N/SR/TB+if(gte(N/SR,1),0.5/TB,0)'", "-c:a", "pcm_s16le", path,
        ])
        let read = try XCTUnwrap(try read(path))
        XCTAssertEqual(read.silences.count, 1)
        XCTAssertEqual(Double(read.silences.first ?? 0), 0.5 * 16_000, accuracy: 400)
        // A gap shorter than `minimumGap` is not filled.
        XCTAssertEqual(try XCTUnwrap(try self.read(path, minimumGap: 1)).silences, [])
    }

    func testAFileWithoutAudioReadsNothing() throws {
        let path = try temporaryFolder().appendingPathComponent("silent-film.mp4").path
        try ProcessRunner.ffmpeg(["-f", "lavfi", "-i", "color=c=gray:s=64x64:r=25:d=0.5", "-c:v", "mpeg4", path])
        XCTAssertNil(try read(path))
        // Through the probe, too: the probe's demuxer is left for the video.
        let input = try MediaInput(path: path)
        XCTAssertFalse(try AudioSampleReader.read(input, minimumGap: 0.01) { _ in XCTFail("no audio expected") })
    }
}
