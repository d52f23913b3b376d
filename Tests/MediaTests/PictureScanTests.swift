import Foundation
import TestSupport
import XCTest

@testable import Media

/// The analysis pass's samples (`PictureScan`) are the frames a full decode gives at those
/// times, though alone it decodes only what the samples need (packets dropped from a sample to
/// a keyframe before the next, unreferenced frames skipped).
final class PictureScanTests: XCTestCase {
    /// A moving test pattern with keyframes every `gop` frames and B-frames. // 24 fps
    private func clip(gop: Int, seconds: Int, in folder: URL) throws -> String {
        let path = folder.appendingPathComponent("scan-\(gop).mp4").path
        try ProcessRunner.ffmpeg([
            "-f", "lavfi", "-i", "testsrc2=s=320x240:r=24:d=\(seconds)", "-c:v", "libx264", "-g", "\(gop)",
            "-keyint_min", "\(gop)", "-sc_threshold", "0", "-bf", "2", "-pix_fmt", "yuv420p", path,
        ])
        return path
    }

    private func samples(_ path: String, interval: Double, findingCuts: Bool) throws -> [GreyPicture] {
        var pictures: [GreyPicture] = []
        _ = try PictureScan.scan(
            try MediaInput(path: path), findingCuts: findingCuts, sampling: PictureScan.Sampling(interval: interval, width: 160),
            sample: { pictures.append($0) })
        return pictures
    }

    func testSamplesAreTheFramesAFullDecodeGives() throws {
        let folder = try temporaryFolder()
        // Keyframes every 0.5 s (the packets between two samples are dropped), every second
        // (each sample is a keyframe) and every 5 s (a sample needs the frames before it, so
        // they are decoded).
        for gop in [12, 24, 120] {
            let path = try clip(gop: gop, seconds: 8, in: folder)
            let sampled = try samples(path, interval: 1, findingCuts: false)
            // Every frame, decoded in order (the cut search decodes every frame).
            let every = try samples(path, interval: 0.001, findingCuts: true)
            XCTAssertEqual(every.count, 8 * 24, "gop \(gop)")
            XCTAssertGreaterThanOrEqual(sampled.count, 7, "gop \(gop): \(sampled.map(\.time))")
            XCTAssertEqual(sampled.first?.time ?? -1, 0, accuracy: 1e-6)
            for (index, picture) in sampled.enumerated() {
                // A second after the sample before, or the first frame decoded after that
                // (the two B-frames that nothing refers to are skipped).
                if index > 0 {
                    let gap = picture.time - sampled[index - 1].time
                    XCTAssertTrue(gap > 1 - 1e-6 && gap < 1 + 3 / 24.0, "gop \(gop): \(sampled.map(\.time))")
                }
                let full = try XCTUnwrap(every.first { abs($0.time - picture.time) < 1e-6 }, "gop \(gop) at \(picture.time)")
                XCTAssertEqual(picture.width, full.width)
                XCTAssertEqual(picture.height, full.height)
                XCTAssertTrue(picture.pixels == full.pixels, "gop \(gop): the sample at \(picture.time) differs from the full decode's frame")
            }
        }
    }
}
