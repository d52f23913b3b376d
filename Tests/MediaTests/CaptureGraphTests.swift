import CAVCodec
import CAVFilter
import CAVFormat
import CAVUtil
import Foundation
import TestSupport
import XCTest

@testable import Media

/// The lavfi graph a capture input is read through (`CaptureDevice.graph`), opened by FFmpeg:
/// the `movie` and `amovie` sources a camera and a microphone become, here reading a file, so
/// that a name with every character the graph's three levels of escaping touch opens, and a
/// device option reaches the device's demuxer whole; and a real ALSA capture (alsa-lib's
/// `file` plugin reading a file, no sound card needed), its name in ALSA's own quoting.
final class CaptureGraphTests: XCTestCase {
    /// A copy of Samples/talk.mp4 in a folder, under `name`.
    private func sample(named name: String) throws -> String {
        let path = try temporaryFolder().appendingPathComponent(name).path
        try FileManager.default.copyItem(atPath: Repository.samples.appendingPathComponent("talk.mp4").path, toPath: path)
        return path
    }

    /// The graph of the pictures and the sound of `path`, as a camera's and a microphone's.
    private func graph(_ path: String, options: [CaptureDevice.Option] = []) -> String {
        CaptureDevice.source(filter: "movie", format: "mov", name: path, options: options, output: "out0") + ";"
            + CaptureDevice.source(filter: "amovie", format: "mov", name: path, options: [], output: "out1")
    }

    private func open(_ graph: String) throws -> MediaInput {
        try MediaInput(live: try StreamAddress("lavfi:" + graph), watch: InterruptWatch(stopped: { false }))
    }

    func testANameWithEveryEscapedCharacterOpensWithItsPicturesAndSound() throws {
        let path = try sample(named: "cam: one, two; 'three' [4] \\ five .mp4")
        let input = try open(graph(path, options: [CaptureDevice.Option(name: "probesize", value: "5000000")]))
        XCTAssertEqual(input.info.width, 1080)
        XCTAssertEqual(input.info.height, 1920)
        XCTAssertEqual(input.info.frameRate, 30, accuracy: 0.01)
        XCTAssertTrue(input.info.hasAudio, "the sound source is joined to the pictures")
        // Pictures and sound both come, interleaved by time.
        let source = try VideoSource(input, decoderThreads: 1, keepingChroma: true, lowDelay: true)
        let packet = try Packet()
        var kinds: Set<Bool> = []
        var times: [Bool: [Double]] = [:]
        for _ in 0..<40 {
            guard try source.demuxer.read(into: packet) else { break }
            let isVideo = packet.pointer.pointee.stream_index == source.demuxer.videoStreamIndex
            let base = source.demuxer.stream(Int(packet.pointer.pointee.stream_index)).pointee.time_base
            times[isVideo, default: []].append(Double(packet.pointer.pointee.pts) * Double(base.num) / Double(base.den))
            kinds.insert(isVideo)
            packet.unref()
        }
        XCTAssertEqual(kinds, [true, false], "both streams are read")
        let pictures = try XCTUnwrap(times[true]), sound = try XCTUnwrap(times[false])
        XCTAssertEqual(pictures, pictures.sorted())
        XCTAssertLessThan(abs(pictures.last! - sound.last!), 0.5, "neither stream runs ahead of the other")
    }

    func testAnOptionReachesTheDemuxerWhole() throws {
        let path = try sample(named: "talk.mp4")
        // A value with the dictionary's own separators: escaped, it reaches the demuxer as one
        // value, which is no number, and the source cannot open.
        XCTAssertThrowsError(try open(graph(path, options: [CaptureDevice.Option(name: "probesize", value: "5000:probesize=6000")]))) { error in
            XCTAssertTrue(String(describing: error).contains("lavfi:"), "\(error)")
        }
        XCTAssertNoThrow(try open(graph(path, options: [CaptureDevice.Option(name: "probesize", value: "6000")])))
    }

    /// ALSA through alsa-lib: a PCM of our own configuration (`ALSA_CONFIG_PATH`: a `file`
    /// plugin whose capture reads `FILE`, over a `null` one) named with an argument in quotes
    /// holding a colon, a comma and spaces; the sound read through the graph is the file's.
    func testAnALSADeviceNamedWithItsOwnQuotingCapturesItsSound() throws {
        let folder = try temporaryFolder()
        let raw = folder.appendingPathComponent("mic: one, two.raw").path
        try ProcessRunner.ffmpeg([
            "-i", Repository.samples.appendingPathComponent("talk.mp4").path, "-t", "1", "-f", "s16le", "-ac", "2", "-ar", "48000", raw,
        ])
        let config = folder.appendingPathComponent("asound.conf").path
        try """
            pcm.quiet { type null }
            pcm.file_mic {
                @args [ FILE ]
                @args.FILE { type string }
                type file
                slave.pcm "quiet"
                file "/dev/null"
                infile $FILE
                format "raw"
            }
            """.write(toFile: config, atomically: true, encoding: .utf8)
        setenv("ALSA_CONFIG_PATH", config, 1)
        defer { unsetenv("ALSA_CONFIG_PATH") }
        let device = try XCTUnwrap(try CaptureDevice("alsa:file_mic:FILE=\"\(raw)\"?sample_rate=48000&channels=2"))
        XCTAssertEqual(device.name, "file_mic:FILE=\"\(raw)\"")
        let graph = CaptureDevice.source(filter: "amovie", format: "alsa", name: device.name, options: device.options, output: "out0")
        let demuxer = try Demuxer(live: try StreamAddress("lavfi:" + graph), watch: InterruptWatch(stopped: { false }))
        let parameters = demuxer.stream(0).pointee.codecpar.pointee
        XCTAssertEqual(parameters.codec_id, AV_CODEC_ID_PCM_S16LE)
        XCTAssertEqual(parameters.sample_rate, 48000)
        let packet = try Packet()
        var heard = Data()
        while heard.count < 96_000, try demuxer.read(into: packet) {
            heard.append(packet.pointer.pointee.data, count: Int(packet.pointer.pointee.size))
            packet.unref()
        }
        let spoken = try Data(contentsOf: URL(fileURLWithPath: raw))
        XCTAssertGreaterThanOrEqual(heard.count, 96_000)
        XCTAssertTrue(spoken.prefix(96_000).contains { $0 != 0 }, "the half second compared is not silence")
        XCTAssertEqual(heard.prefix(96_000), spoken.prefix(96_000), "the sound captured is the file's, byte for byte")
    }
}
