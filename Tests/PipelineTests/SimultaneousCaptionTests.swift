import Foundation
import Media
import TestSupport
import XCTest

/// Cues meant to share the screen (SDH's three places, a narrator and a sign) are shown
/// together as separate blocks: whole, in order, never overlapping, inside the safe area.
final class SimultaneousCaptionTests: XCTestCase {
    static let places = [
        "This text should be at the top and horizontally centered",
        "This text should be at the middle and horizontally centered",
        "This text should be at the bottom and horizontally centered",
    ]
    static let srt = """
        1
        00:00:01,000 --> 00:00:04,000
        {\\an8}\(places[0])

        2
        00:00:01,000 --> 00:00:04,000
        {\\an5}\(places[1])

        3
        00:00:01,000 --> 00:00:04,000
        \(places[2])

        4
        00:00:05,000 --> 00:00:09,000
        Narrator: long ago in a land far away there lived a king

        5
        00:00:05,000 --> 00:00:09,000
        Sign: Royal Palace

        """

    private func write(_ text: String, _ folder: URL, _ name: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    /// A black clip of `size` at 10 fps.
    private func blackClip(_ folder: URL, size: String, seconds: Int) throws -> String {
        let path = folder.appendingPathComponent("black-\(size).mp4").path
        let made = try ProcessRunner.tool("ffmpeg", [
            "-v", "error", "-f", "lavfi", "-i", "color=black:s=\(size):r=10:d=\(seconds)", "-c:v", "libx264", "-preset",
            "ultrafast", "-pix_fmt", "yuv420p", path,
        ])
        XCTAssertEqual(made.status, 0, made.stderr)
        return path
    }

    private func overlaps(_ a: Plan.Box, _ b: Plan.Box) -> Bool {
        a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
    }

    func testPlanStacksTheBlocksWithEveryCueIntact() throws {
        let folder = try temporaryFolder()
        let captions = try write(Self.srt, folder, "sdh.srt")
        let result = try CLI.burn(["plan", CLI.samples.appendingPathComponent("talk.mp4").path, "--captions", captions])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "", "nothing is cut or joined")
        let plan = try Plan.decode(result.stdout)
        // Each cue's pieces, in its lane, read as the cue: no word moved or mixed with another cue's.
        let cues = Self.places + ["Narrator: long ago in a land far away there lived a king", "Sign: Royal Palace"]
        for (cue, lane, range) in [(0, 0, 0.0..<5.0), (1, 1, 0.0..<5.0), (2, 2, 0.0..<5.0), (3, 0, 5.0..<10.0), (4, 1, 5.0..<10.0)] {
            let pieces = plan.captions.filter { $0.lane == lane && range.contains($0.start) }
            XCTAssertEqual(pieces.map(\.text).joined(separator: " "), cues[cue])
            for (a, b) in zip(pieces, pieces.dropFirst()) { XCTAssertLessThanOrEqual(a.end, b.start, "one piece at a time") }
        }
        // Places: top edge of the safe area, its middle, and the preset's anchor (1152 of 1920).
        let area = plan.safeArea
        for caption in plan.captions where caption.start < 5 {
            let middle = caption.box.y + caption.box.height / 2
            switch caption.lane {
            case 0: XCTAssertEqual(caption.box.y, area.y, accuracy: 0.01, caption.text)
            case 1: XCTAssertEqual(middle, area.y + area.height / 2, accuracy: 0.01, caption.text)
            default: XCTAssertEqual(middle, 1152, accuracy: 1, caption.text)
            }
        }
        // At every moment the blocks on screen are apart and inside the safe area.
        for (i, a) in plan.captions.enumerated() {
            XCTAssertTrue(
                a.box.x >= area.x && a.box.y >= area.y && a.box.x + a.box.width <= area.x + area.width + 0.01
                    && a.box.y + a.box.height <= area.y + area.height + 0.01, a.text)
            for b in plan.captions[(i + 1)...] where a.start < b.end && b.start < a.end {
                XCTAssertFalse(overlaps(a.box, b.box), "\(a.text) / \(b.text)")
            }
        }
        // The narrator, first in the file, stacks above the sign.
        let narrator = try XCTUnwrap(plan.captions.first { $0.text.hasPrefix("Narrator") })
        let sign = try XCTUnwrap(plan.captions.first { $0.text.hasPrefix("Sign") })
        XCTAssertLessThan(narrator.box.y + narrator.box.height, sign.box.y)
    }

    /// With a preset whose captions hold 64 characters (youtube), each cue is one block, whole.
    func testEachCueIsOneBlockWhenThePresetHoldsIt() throws {
        let folder = try temporaryFolder()
        let wide = try blackClip(folder, size: "1920x1080", seconds: 10)
        let result = try CLI.burn(["plan", wide, "--captions", try write(Self.srt, folder, "sdh.srt"), "--preset", "youtube"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let plan = try Plan.decode(result.stdout)
        XCTAssertEqual(Array(plan.captions.prefix(3).map(\.text)), Self.places)
        XCTAssertEqual(plan.captions.prefix(3).map(\.position), ["top", "middle", nil])
        let boxes = plan.captions.prefix(3).map(\.box)
        XCTAssertLessThan(boxes[0].y + boxes[0].height, boxes[1].y)
        XCTAssertLessThan(boxes[1].y + boxes[1].height, boxes[2].y)
    }

    /// The render draws every caption on screen: on a black clip, white text in three bands.
    func testARenderShowsTheBlocksTogether() throws {
        let folder = try temporaryFolder()
        let clip = try blackClip(folder, size: "1080x1920", seconds: 3)
        let captions = try write(Self.srt, folder, "sdh.srt")
        let output = folder.appendingPathComponent("out.mp4").path
        let result = try CLI.burn([clip, "--captions", captions, "-o", output, "--x264-preset", "ultrafast"])
        XCTAssertEqual(result.status, 0, result.stderr)
        var bands: [Range<Int>] = []
        try FrameReader(path: output).forEachFrame { time, luma in
            guard time >= 1.5 else { return true }
            var rows: [Int] = []
            for row in 0..<luma.height where luma.values[(row * luma.width)..<((row + 1) * luma.width)].contains(where: { $0 > 200 }) {
                rows.append(row)
            }
            // Runs of text rows: the lines of one block are less than 60 rows apart, blocks more.
            for row in rows {
                if let last = bands.last, row - last.upperBound < 60 {
                    bands[bands.count - 1] = last.lowerBound..<(row + 1)
                } else {
                    bands.append(row..<(row + 1))
                }
            }
            return false
        }
        XCTAssertEqual(bands.count, 3, "\(bands)")
        XCTAssertEqual(bands.first?.lowerBound ?? 0, 240, accuracy: 40, "top of the safe area")
        XCTAssertEqual(Double((bands.last?.lowerBound ?? 0) + (bands.last?.upperBound ?? 0)) / 2, 1152, accuracy: 60, "at the anchor")
    }
}
