import CAVCodec
import CAVFilter
import CAVFormat
import CAVUtil
import Foundation
import TestSupport
import XCTest

@testable import Media

/// The silence sent while a live input is away (`SilentAudio`): packets in the input's own
/// codec that continue its sound where the last packet heard ended, one after another, and
/// that its own decoder (set up from the input's stream, as a receiver's is) plays as silence.
/// AAC from MPEG-TS carries ADTS headers, so the silence does too; AAC from MP4 does not.
final class SilentAudioTests: XCTestCase {
    /// The sample's first 2 s remuxed into `name` (its AAC copied).
    private func sample(_ name: String) throws -> String {
        let path = try temporaryFolder().appendingPathComponent(name).path
        try ProcessRunner.ffmpeg(["-i", Repository.samples.appendingPathComponent("talk.mp4").path, "-t", "2", "-map", "0", "-c", "copy", path])
        return path
    }

    /// Silence for `path`'s sound after its first audio packet, up to 0.5 s past it: whether
    /// each packet starts with an ADTS sync word, the packets' times against the heard packet's
    /// end, and the loudest sample the input's decoder makes of them.
    private func silence(after path: String) throws -> (adts: [Bool], starts: [Double], end: Double, loudest: Float) {
        let demuxer = try Demuxer(path: path)
        let silent = try SilentAudio(demuxer)
        let packet = try Packet()
        var audio: Int32 = -1
        var end = 0.0  // the heard packet's end, on the output's timeline
        while try demuxer.read(into: packet) {
            defer { packet.unref() }
            let index = packet.pointer.pointee.stream_index
            let stream = demuxer.stream(Int(index))
            if stream.pointee.codecpar.pointee.codec_type == AVMEDIA_TYPE_AUDIO {
                audio = index
                let p = packet.pointer.pointee
                end = Double(p.pts - demuxer.timelineOffset(in: stream.pointee.time_base) + p.duration) * av_q2d(stream.pointee.time_base)
                silent.heard(packet)
                break
            }
        }
        let stream = demuxer.stream(Int(audio))
        let timeBase = stream.pointee.time_base
        let offset = demuxer.timelineOffset(in: timeBase)
        let decoder = try CodecContext(decoding: stream, file: path)
        let frame = try Frame()
        var adts: [Bool] = [], starts: [Double] = [], loudest: Float = 0
        try silent.fill(until: end + 0.5) { made in
            XCTAssertEqual(made.pointer.pointee.stream_index, audio)
            let data = made.pointer.pointee.data!
            adts.append(made.pointer.pointee.size > 2 && data[0] == 0xFF && data[1] & 0xF0 == 0xF0)
            starts.append(Double(made.pointer.pointee.pts - offset) * av_q2d(timeBase))
            try decoder.send(packet: made)
            while try decoder.receive(into: frame) {
                let f = frame.pointer.pointee
                for channel in 0..<Int(f.ch_layout.nb_channels) {
                    let samples = UnsafeRawPointer(f.extended_data[channel]!).assumingMemoryBound(to: Float.self)
                    for i in 0..<Int(f.nb_samples) { loudest = max(loudest, abs(samples[i])) }
                }
            }
        }
        return (adts, starts, end, loudest)
    }

    func testSilenceContinuesTheSoundInItsOwnFraming() throws {
        for (name, framed) in [("talk.ts", true), ("talk.mp4", false)] {
            let made = try silence(after: try sample(name))
            XCTAssertGreaterThanOrEqual(made.starts.count, 20, "\(name): 0.5 s of 1024-sample AAC packets")
            XCTAssertEqual(made.adts, Array(repeating: framed, count: made.adts.count), "\(name): ADTS headers")
            XCTAssertEqual(try XCTUnwrap(made.starts.first), made.end, accuracy: 0.001, "\(name): where the sound heard ended")
            let steps = zip(made.starts, made.starts.dropFirst()).map { $1 - $0 }
            for step in steps { XCTAssertEqual(step, 1024.0 / 48000, accuracy: 0.0005, name) }
            XCTAssertLessThan(made.loudest, 0.001, "\(name): the input's decoder plays it as silence")
        }
    }
}
