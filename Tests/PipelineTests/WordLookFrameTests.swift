import Foundation
import TestSupport
import XCTest

/// Frame-exact word looks: on a grey clip at 25 fps whose captions' word starts are known
/// (some between frames, one exactly on a frame), every frame of the render is read back, the
/// highlighted word is found from the colours inside each word's `plan` box, and it must be
/// the last word whose start is at or before the frame's time: it changes on exactly the
/// first frame at or after each word start. For `highlight`, `box` and `reveal`, in English,
/// Japanese and Arabic.
final class WordLookFrameTests: XCTestCase {
    static let frameRate = 25.0
    /// Word starts in seconds: between frames, and 0.84 exactly on frame 21.
    static let starts = [0.5, 0.84, 1.13, 1.47]
    static let cases: [(language: String, words: [String], separator: String)] = [
        ("en", ["Every", "word", "lights", "up"], " "),
        ("ja", ["字幕が", "一語", "ずつ", "光る"], ""),
        ("ar", ["كل", "كلمة", "تضيء", "الآن"], " "),
    ]

    func testTheSpokenWordChangesOnTheFirstFrameAtOrAfterItsStart() throws {
        let folder = try temporaryFolder()
        let clip = try Self.greyClip(in: folder)
        var checkedFrames = 0
        for test in Self.cases {
            let captions = try Self.captions(test, in: folder)
            for look in ["highlight", "box", "reveal"] {
                let common = [clip, "--captions", captions.path, "--look", look, "--no-timing-fix"]
                let planned = try CLI.burn(["plan"] + common)
                XCTAssertEqual(planned.status, 0, planned.stderr)
                let plan = try Plan.decode(planned.stdout)
                let caption = try XCTUnwrap(plan.captions.first)
                XCTAssertEqual(plan.captions.count, 1)
                let boxes = try caption.words.map { try XCTUnwrap($0.box, "\(test.language) \(look): a word without a box") }
                let output = folder.appendingPathComponent("\(test.language)-\(look).mp4").path
                let burned = try CLI.burn(common + ["--crf", "0", "--x264-preset", "ultrafast", "-q", "-o", output])
                XCTAssertEqual(burned.status, 0, burned.stderr)
                let frames = try RGBFrames(path: output, crop: caption.box, folder: folder)
                XCTAssertEqual(frames.count, 55, "\(test.language) \(look): frames")
                for index in 0..<frames.count {
                    let time = Double(index) / Self.frameRate
                    let expected =
                        caption.start <= time + 1e-9 && time < caption.end
                        ? caption.words.lastIndex { $0.start <= time + 1e-9 } : nil
                    let onScreen = caption.start <= time + 1e-9 && time < caption.end
                    let found = Self.spokenWord(in: frames, frame: index, boxes: boxes, look: look)
                    if onScreen {
                        XCTAssertEqual(
                            found, expected,
                            "\(test.language) \(look): frame \(index) at \(time) s shows word \(found.map(String.init) ?? "none"), expected \(expected.map(String.init) ?? "none")")
                    }
                    checkedFrames += 1
                }
            }
        }
        XCTAssertEqual(checkedFrames, 3 * 3 * 55)
    }

    /// Under a word limit (`--max-words 2`) the four words are two or three captions, and in
    /// each the spoken word still changes on the first frame at or after its start.
    func testUnderAWordLimitEachCaptionsSpokenWordChangesOnTheFirstFrame() throws {
        let folder = try temporaryFolder()
        let clip = try Self.greyClip(in: folder)
        var checkedFrames = 0
        for test in Self.cases where test.language != "ar" {
            let captions = try Self.captions(test, in: folder)
            let common = [clip, "--captions", captions.path, "--look", "highlight", "--no-timing-fix", "--max-words", "2"]
            let planned = try CLI.burn(["plan"] + common)
            XCTAssertEqual(planned.status, 0, planned.stderr)
            let plan = try Plan.decode(planned.stdout)
            // Japanese keeps `一語ずつ` ("one word at a time") together: 1 + 2 + 1.
            let counts = plan.captions.map { $0.words.count }
            XCTAssertEqual(counts.reduce(0, +), 4, test.language)
            XCTAssertTrue(counts.count >= 2 && counts.allSatisfy { $0 <= 2 }, "\(test.language): \(counts)")
            let output = folder.appendingPathComponent("\(test.language)-limited.mp4").path
            let burned = try CLI.burn(common + ["--crf", "0", "--x264-preset", "ultrafast", "-q", "-o", output])
            XCTAssertEqual(burned.status, 0, burned.stderr)
            for caption in plan.captions {
                let boxes = try caption.words.map { try XCTUnwrap($0.box, "\(test.language): a word without a box") }
                let frames = try RGBFrames(path: output, crop: caption.box, folder: folder)
                for index in 0..<frames.count {
                    let time = Double(index) / Self.frameRate
                    guard caption.start <= time + 1e-9 && time < caption.end else { continue }
                    let expected = caption.words.lastIndex { $0.start <= time + 1e-9 }
                    let found = Self.spokenWord(in: frames, frame: index, boxes: boxes, look: "highlight")
                    XCTAssertEqual(found, expected, "\(test.language) \(caption.text): frame \(index) at \(time) s")
                    checkedFrames += 1
                }
            }
        }
        XCTAssertGreaterThan(checkedFrames, 2 * 30)
    }

    /// A grey 540x960 clip at 25 fps, 2.2 s long, in `folder`.
    static func greyClip(in folder: URL) throws -> String {
        let clip = folder.appendingPathComponent("grey.mp4").path
        try ProcessRunner.ffmpeg([
            "-f", "lavfi", "-i", "color=c=0x808080:s=540x960:r=25:d=2.2", "-c:v", "libx264", "-preset", "ultrafast",
            "-pix_fmt", "yuv420p", clip,
        ])
        return clip
    }

    /// A native JSON file in `folder` of `test`'s words, starting at `starts`.
    static func captions(_ test: (language: String, words: [String], separator: String), in folder: URL) throws -> URL {
        let captions = folder.appendingPathComponent("\(test.language).json")
        let words = zip(test.words, starts).enumerated().map { index, pair in
            let end = index + 1 < starts.count ? starts[index + 1] : 2.0
            return "{\"text\": \"\(pair.0)\", \"start\": \(pair.1), \"end\": \(end)}"
        }
        try """
            {"language": "\(test.language)", "segments": [{"start": 0.2, "end": 2.0,
              "text": "\(test.words.joined(separator: test.separator))", "words": [\(words.joined(separator: ", "))]}]}
            """.write(to: captions, atomically: true, encoding: .utf8)
        return captions
    }

    /// Which word the frame shows as spoken: the one with the most accent pixels (yellow for
    /// `highlight`, red box for `box`), or for `reveal` the last of the words drawn. Only the
    /// pixels of a box that no other word's box holds count (reserved boxes touch, with their
    /// outline margins, where words have no space between them).
    static func spokenWord(in frames: RGBFrames, frame: Int, boxes: [Plan.Box], look: String) -> Int? {
        let counts = boxes.indices.map { index in
            frames.count(frame: frame, in: boxes[index], excluding: boxes.indices.filter { $0 != index }.map { boxes[$0] }) { r, g, b in
                switch look {
                case "highlight": return r > 200 && g > 170 && b < 130  // #FFD83D against white and grey
                case "box": return r > 190 && g < 100 && b > 40 && b < 140  // #FE2C55
                default: return r > 225 && g > 225 && b > 225  // white text
                }
            }
        }
        if look == "reveal" {
            let drawn = counts.map { $0 > 40 }
            guard let last = drawn.lastIndex(of: true) else { return nil }
            // Revealed words are the ones spoken: all before the last are drawn too.
            return drawn[...last].allSatisfy { $0 } ? last : -1
        }
        guard let best = counts.indices.max(by: { counts[$0] < counts[$1] }), counts[best] > 40 else { return nil }
        return best
    }
}

/// The frames of a video cropped to a box, as RGB bytes (through ffmpeg).
struct RGBFrames {
    let x: Int
    let y: Int
    let width: Int
    let height: Int
    let bytes: [UInt8]

    init(path: String, crop box: Plan.Box, folder: URL) throws {
        x = Int(box.x.rounded(.down)) / 2 * 2
        y = Int(box.y.rounded(.down)) / 2 * 2
        width = (Int((box.x + box.width).rounded(.up)) - x + 1) / 2 * 2
        height = (Int((box.y + box.height).rounded(.up)) - y + 1) / 2 * 2
        let raw = folder.appendingPathComponent("frames.rgb").path
        try ProcessRunner.ffmpeg([
            "-i", path, "-vf", "crop=\(width):\(height):\(x):\(y)", "-f", "rawvideo", "-pix_fmt", "rgb24", raw,
        ])
        bytes = Array(try Data(contentsOf: URL(fileURLWithPath: raw)))
    }

    var count: Int { bytes.count / (width * height * 3) }

    /// How many pixels of `frame` inside `box` and outside `others` (frame pixels) pass `test`.
    func count(frame: Int, in box: Plan.Box, excluding others: [Plan.Box], _ test: (Int, Int, Int) -> Bool) -> Int {
        let base = frame * width * height * 3
        let left = max(0, Int(box.x.rounded(.down)) - x)
        let right = min(width, Int((box.x + box.width).rounded(.up)) - x)
        let top = max(0, Int(box.y.rounded(.down)) - y)
        let bottom = min(height, Int((box.y + box.height).rounded(.up)) - y)
        var total = 0
        for row in top..<max(top, bottom) {
            for column in left..<max(left, right) {
                let fx = Double(x + column) + 0.5
                let fy = Double(y + row) + 0.5
                if others.contains(where: { fx >= $0.x && fx < $0.x + $0.width && fy >= $0.y && fy < $0.y + $0.height }) { continue }
                let i = base + (row * width + column) * 3
                if test(Int(bytes[i]), Int(bytes[i + 1]), Int(bytes[i + 2])) { total += 1 }
            }
        }
        return total
    }
}
