import CAVCodec
import CAVFormat
import Foundation
import TestSupport
import XCTest

@testable import Media

/// The decoding thread hands over the same frames and packets, in the same order, as
/// reading the file on one thread; it stays at most `depth` frames ahead, and stops cleanly.
final class DecodeAheadTests: XCTestCase {
    private let talk = Repository.samples.appendingPathComponent("talk.mp4").path

    /// One line per item: "v <pts>" for a frame, "p <stream> <pts>" for another packet.
    private func describe(_ item: DecodeAhead.Item) -> String {
        switch item {
        case .frame(let frame, _): "v \(frame.pointer.pointee.pts)"
        case .packet(let packet): "p \(packet.pointer.pointee.stream_index) \(packet.pointer.pointee.pts)"
        case .seek: "seek"
        }
    }

    /// The file read and decoded on this thread, described like `describe`.
    private func readInline(_ path: String) throws -> [String] {
        let source = try VideoSource(path: path, decoderThreads: 1)
        let packet = try Packet()
        var lines: [String] = []
        let frame = { (f: Frame) in lines.append("v \(f.pointer.pointee.pts)") }
        while try source.demuxer.read(into: packet) {
            if packet.pointer.pointee.stream_index == source.demuxer.videoStreamIndex {
                try source.decode(packet, frame)
            } else {
                lines.append("p \(packet.pointer.pointee.stream_index) \(packet.pointer.pointee.pts)")
            }
            packet.unref()
        }
        try source.decode(nil, frame)
        return lines
    }

    func testItemsComeInFileOrder() throws {
        let ahead = DecodeAhead(source: try VideoSource(path: talk, decoderThreads: 1), depth: 1)
        ahead.start()
        defer { ahead.stop() }
        var lines: [String] = []
        var times: [Double] = []
        while let item = try ahead.next() {
            lines.append(describe(item))
            switch item {
            case .frame(let frame, let time):
                times.append(time)
                ahead.recycle(frame)
            case .packet(let packet): ahead.recycle(packet)
            case .seek: break
            }
        }
        let expected = try readInline(talk)
        XCTAssertEqual(lines.filter { $0.hasPrefix("v") }.count, 460, "every frame of the sample")
        XCTAssertGreaterThan(lines.filter { $0.hasPrefix("p") }.count, 100, "the audio packets")
        XCTAssertEqual(lines, expected)
        XCTAssertEqual(times, times.sorted())
        XCTAssertEqual(ahead.ending.lastTime, times.last)
        XCTAssertNil(ahead.ending.damage.reason)
        XCTAssertEqual(ahead.ending.damage.skippedPackets, 0)
        XCTAssertGreaterThan(ahead.ending.decodeSeconds, 0)
    }

    func testStaysAtMostDepthFramesAhead() throws {
        for depth in [1, 3] {
            let ahead = DecodeAhead(source: try VideoSource(path: talk, decoderThreads: 1), depth: depth)
            ahead.start()
            defer { ahead.stop() }
            var frames = 0
            while frames < 5, let item = try ahead.next() {
                if case .frame(let frame, _) = item {
                    frames += 1
                    ahead.recycle(frame)
                }
                Thread.sleep(forTimeInterval: 0.02)  // a slow consumer: the decoder fills the queue
                XCTAssertLessThanOrEqual(ahead.waiting.frames, depth)
            }
            let deadline = Date().addingTimeInterval(10)
            while ahead.waiting.frames < depth && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
            XCTAssertEqual(ahead.waiting.frames, depth, "a slow consumer finds the queue full")
            Thread.sleep(forTimeInterval: 0.1)
            XCTAssertEqual(ahead.waiting.frames, depth, "and the decoder waits")
        }
    }

    func testStopEndsTheThreadMidFile() throws {
        let ahead = DecodeAhead(source: try VideoSource(path: talk, decoderThreads: 1), depth: 2)
        ahead.start()
        for _ in 0..<10 { _ = try ahead.next() }
        let start = Date()
        ahead.stop()
        XCTAssertLessThan(Date().timeIntervalSince(start), 2)
        XCTAssertNil(try ahead.next(), "nothing after stop")
        XCTAssertEqual(ahead.waiting.frames, 0)
        ahead.stop()  // a second stop is harmless
    }

    func testStopWithoutStartReturns() throws {
        let ahead = DecodeAhead(source: try VideoSource(path: talk, decoderThreads: 1), depth: 1)
        ahead.stop()
        XCTAssertNil(try ahead.next())
    }
}
