import Foundation
import Media
import Pipeline
import TestSupport
import XCTest

/// Each command does the phases it needs and no more: the input is probed once, `plan`
/// decodes no video, `still` and `preview` decode only up to the frames they show on the
/// calling thread, and only a render starts the decode-ahead thread.
final class PhaseTests: XCTestCase {
    private let talk = CLI.samples.appendingPathComponent("talk.mp4").path
    private let captions = CLI.samples.appendingPathComponent("talk.json").path

    private func request(_ output: RenderDestination, timingFix: Bool = true) -> BurnRequest {
        BurnRequest(input: .file(talk), captions: CaptionInput(file: captions), output: output, timingFix: timingFix)
    }

    /// What `body` added to the process's media counters.
    private func counted(_ body: () throws -> Void) rethrows -> MediaCounters.Counts {
        let before = MediaCounters.current
        try body()
        return MediaCounters.current.since(before)
    }

    func testPlanProbesOnceAndDecodesNoVideo() throws {
        for timingFix in [true, false] {
            var plan: PlanDocument?
            let counts = try counted { plan = try Burner.plan(request(.none, timingFix: timingFix)) }
            XCTAssertEqual(try Plan.decode(String(decoding: XCTUnwrap(plan).json(), as: UTF8.self)).captions.count, 7)
            // With the timing fix, the audio is read through the probe's own demuxer.
            XCTAssertEqual(
                counts,
                MediaCounters.Counts(
                    inputsProbed: 1, inputsOpened: 1, videoFramesDecoded: 0, decodeThreadsStarted: 0,
                    audioTracksDecoded: timingFix ? 1 : 0),
                "timing fix \(timingFix)")
        }
    }

    func testStillDecodesOnlyUpToItsFrame() throws {
        let folder = try temporaryFolder()
        let counts = try counted {
            try Burner.still(request(.file(folder.appendingPathComponent("at1.png").path)), at: 1)
        }
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("at1.png").path))
        XCTAssertEqual(counts.inputsProbed, 1)
        XCTAssertEqual(counts.decodeThreadsStarted, 0)
        // Frames 0...30 at 30 fps, and what the decoder holds back (the clip has 460 frames).
        XCTAssertGreaterThanOrEqual(counts.videoFramesDecoded, 31)
        XCTAssertLessThanOrEqual(counts.videoFramesDecoded, 31 + 16)
        // The probe's demuxer read the audio; the video pass opened the file once more.
        XCTAssertEqual(counts.inputsOpened, 2)
        XCTAssertEqual(counts.audioTracksDecoded, 1)
        let withoutAudio = try counted {
            try Burner.still(request(.file(folder.appendingPathComponent("at1b.png").path), timingFix: false), at: 1)
        }
        XCTAssertEqual(withoutAudio.inputsOpened, 1)
        XCTAssertEqual(withoutAudio.inputsProbed, 1)
        XCTAssertEqual(withoutAudio.audioTracksDecoded, 0)
    }

    func testPreviewDecodesUpToTheLastCaptionOnTheCallingThread() throws {
        let folder = try temporaryFolder()
        let counts = try counted {
            try Burner.preview(request(.file(folder.appendingPathComponent("sheet.png").path)))
        }
        XCTAssertEqual(counts.inputsProbed, 1)
        XCTAssertEqual(counts.decodeThreadsStarted, 0)
        // The last caption's midpoint is near 14.2 s: about 427 of the 460 frames.
        XCTAssertGreaterThan(counts.videoFramesDecoded, 400)
        XCTAssertLessThan(counts.videoFramesDecoded, 460)
    }

    func testARenderProbesOnceAndDecodesEveryFrameAhead() throws {
        var result: BurnResult?
        let counts = try counted { result = try Burner.run(request(.discard)) }
        XCTAssertEqual(result?.frames, 460)
        XCTAssertEqual(counts.inputsProbed, 1)
        XCTAssertEqual(counts.decodeThreadsStarted, 1)
        XCTAssertEqual(counts.videoFramesDecoded, 460)
    }

    func testTheProbeDescribesTheInputFromItsHeaders() throws {
        var info: InputInfo?
        let counts = try counted { info = try MediaInput(path: talk).info }
        let probed = try XCTUnwrap(info)
        XCTAssertEqual(counts, MediaCounters.Counts(inputsProbed: 1, inputsOpened: 1))
        XCTAssertEqual([probed.width, probed.height], [1080, 1920])
        XCTAssertEqual(probed.frameRate, 30)
        XCTAssertEqual(probed.bitDepth, 8)
        XCTAssertEqual(probed.rotation, 0)
        XCTAssertEqual(probed.streams.map(\.kind), ["video", "audio"])
        XCTAssertEqual(probed.streams.map(\.codec), ["h264", "aac"])
        XCTAssertTrue(probed.hasAudio)
        XCTAssertEqual(try XCTUnwrap(probed.duration), 15.33, accuracy: 0.1)
        XCTAssertEqual(probed.colour.space, "bt709")
        XCTAssertEqual(probed.colour.range, "tv")
    }
}
