import Foundation
import TestSupport
import XCTest

/// `still` and `preview`: pictures to look at before a long render.
final class StillTests: XCTestCase {
    private let talk = CLI.samples.appendingPathComponent("talk.mp4").path
    private let captions = CLI.samples.appendingPathComponent("talk.json").path

    /// Luma of a PNG's pixels inside the tiktok caption box (x 120...888, y 1100...1210), via ffmpeg.
    private func captionBoxGray(_ png: String) throws -> [UInt8] {
        let folder = try temporaryFolder()
        let raw = folder.appendingPathComponent("box.gray").path
        let result = try ProcessRunner.tool("ffmpeg", [
            "-v", "error", "-i", png, "-vf", "crop=768:110:120:1100,format=gray", "-f", "rawvideo", raw,
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: raw)))
    }

    func testStillShowsTheCaptionOnScreenAtThatTime() throws {
        let folder = try temporaryFolder()
        let with = folder.appendingPathComponent("with.png").path
        let without = folder.appendingPathComponent("without.png").path
        for (time, path) in [(7.5, with), (0.2, without)] {
            let result = try CLI.burn(["still", talk, "--captions", captions, "--at", String(time), "-o", path])
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertEqual(try CLI.probe(path, stream: "v", "codec_name"), "png")
            XCTAssertEqual(try CLI.probe(path, stream: "v", "width,height"), "1080\n1920")
        }
        // The caption is white text with a black outline: both extremes appear only with it.
        let captioned = try captionBoxGray(with)
        let plain = try captionBoxGray(without)
        XCTAssertGreaterThan(captioned.filter { $0 > 240 }.count, 2000)
        XCTAssertGreaterThan(captioned.filter { $0 < 20 }.count, 2000)
        XCTAssertEqual(plain.filter { $0 > 240 || $0 < 20 }.count, 0)
    }

    func testStillNeedsATimeAndRefusesTheInputAsOutput() throws {
        XCTAssertEqual(try CLI.burn(["still", talk, "--captions", captions, "-o", "/tmp/x.png"]).status, 2)
        XCTAssertEqual(try CLI.burn(["still", talk, "--captions", captions, "--at", "1", "-o", talk]).status, 2)
    }

    func testPreviewSheetHasACellPerCaption() throws {
        let folder = try temporaryFolder()
        let sheet = folder.appendingPathComponent("sheet.png").path
        let result = try CLI.burn(["preview", talk, "--captions", captions, "-o", sheet, "--show-safe-area"])
        XCTAssertEqual(result.status, 0, result.stderr)
        // 7 captions, 4 to a row: 2 rows of 270x480 thumbnails with 16 px gaps and 44 px labels.
        XCTAssertEqual(try CLI.probe(sheet, stream: "v", "width,height"), "1160\n1096")
    }
}
