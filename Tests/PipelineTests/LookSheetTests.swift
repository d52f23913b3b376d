import Foundation
import Media
import Pipeline
import Settings
import TestSupport
import XCTest

/// `looks --sheet`: every look (or those named) on one PNG, two a row, each labelled with its
/// name, over a plain frame or the given video's.
final class LookSheetTests: XCTestCase {
    /// The sheet's cells as `ContactSheet` lays them out: 480-pixel pictures, 16-pixel gaps, a
    /// 44-pixel label under each.
    private let (tile, gap, label) = (480, 16, 44)

    private func sheet(_ arguments: [String], in folder: URL) throws -> RGBImage {
        let output = folder.appendingPathComponent("sheet.png").path
        let result = try CLI.burn(["looks", "--sheet", output] + arguments)
        XCTAssertEqual(result.status, 0, result.stderr)
        return try PNGDecoder.decode(Array(try Data(contentsOf: URL(fileURLWithPath: output))), file: output)
    }

    /// How many pixels of the label under cell `index` are light (text), of `image`.
    private func labelInk(_ image: RGBImage, cell index: Int, tileHeight: Int) -> Int {
        let x0 = gap + (index % 2) * (tile + gap)
        let y0 = gap + (index / 2) * (tileHeight + label + gap) + tileHeight
        var ink = 0
        for y in y0..<(y0 + label) {
            for x in x0..<(x0 + tile) where image.pixels[(y * image.width + x) * 3] > 180 { ink += 1 }
        }
        return ink
    }

    func testEveryLookIsOnTheSheetLabelled() throws {
        let folder = try temporaryFolder()
        let looks = Resources.lookNames()
        XCTAssertGreaterThanOrEqual(looks.count, 12)
        let image = try sheet([], in: folder)
        let rows = (looks.count + 1) / 2
        XCTAssertEqual(image.width, 2 * (tile + gap) + gap)
        let tileHeight = (image.height - gap) / rows - label - gap
        XCTAssertEqual(image.height, rows * (tileHeight + label + gap) + gap, "a row a pair of looks")
        XCTAssertGreaterThan(tileHeight, 40)
        // Each cell has its label: text under it, and no two labels alike.
        var inks: [Int] = []
        for index in looks.indices {
            let ink = labelInk(image, cell: index, tileHeight: tileHeight)
            XCTAssertGreaterThan(ink, 30, "no label under \(looks[index])")
            inks.append(ink)
        }
        // An empty cell (an odd count) has none.
        if looks.count % 2 == 1 { XCTAssertEqual(labelInk(image, cell: looks.count, tileHeight: tileHeight), 0) }
        XCTAssertGreaterThan(Set(inks).count, looks.count / 2, "labels of different names differ")
    }

    func testNamedLooksOverTheVideosFrame() throws {
        let folder = try temporaryFolder()
        let clip = folder.appendingPathComponent("blue.mp4").path
        try ProcessRunner.ffmpeg([
            "-f", "lavfi", "-i", "color=c=0x2040C0:s=1080x1920:r=30:d=3", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt",
            "yuv420p", clip,
        ])
        let image = try sheet([clip, "--look", "bold", "--look", "yellowbox", "--look", "minimal"], in: folder)
        XCTAssertEqual(image.width, 2 * (tile + gap) + gap)
        let tileHeight = (image.height - gap) / 2 - label - gap
        XCTAssertEqual(image.height, 2 * (tileHeight + label + gap) + gap, "three looks in two rows")
        // The pictures' corners are the video's blue, not the plain grey frame.
        for index in 0..<3 {
            let x = gap + (index % 2) * (tile + gap) + 4
            let y = gap + (index / 2) * (tileHeight + label + gap) + 4
            let pixel = Array(image.pixels[((y * image.width + x) * 3)...].prefix(3))
            XCTAssertGreaterThan(Int(pixel[2]), Int(pixel[0]) + 80, "cell \(index) at \(x),\(y): \(pixel)")
        }
        XCTAssertEqual(labelInk(image, cell: 3, tileHeight: tileHeight), 0, "three looks, three labels")
    }

    /// `--at` after the video's end, or where no caption is shown, is refused as `still --at`
    /// is: exit 1, one line, no sheet (it wrote a sheet that showed no caption).
    func testAnInstantWithoutACaptionIsRefused() throws {
        let folder = try temporaryFolder()
        let clip = folder.appendingPathComponent("short.mp4").path
        try ProcessRunner.ffmpeg([
            "-f", "lavfi", "-i", "color=c=0x2040C0:s=360x640:r=30:d=3", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", clip,
        ])
        let captions = folder.appendingPathComponent("two.srt")
        try "1\n00:00:00,500 --> 00:00:01,200\nFirst words\n\n2\n00:00:02,500 --> 00:00:02,900\nSecond\n"
            .write(to: captions, atomically: true, encoding: .utf8)
        let output = folder.appendingPathComponent("sheet.png").path
        for (at, message) in [
            ("99", "\(clip): --at 99.000 s is after the end of the video, which lasts 3.000 s"),
            ("1.8", "--at 1.800 s: no caption is shown then, so no sheet of looks"),
        ] {
            let result = try CLI.burn(["looks", "--sheet", output, clip, "--captions", captions.path, "--language", "en", "--look", "bold", "--at", at])
            XCTAssertEqual(result.status, 1, result.stderr)
            // Notices of the captions come first; the error is the last line.
            XCTAssertTrue(result.stderr.split(separator: "\n").last?.hasPrefix("burn-captions: " + message) ?? false, result.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: output), at)
        }
    }
}
