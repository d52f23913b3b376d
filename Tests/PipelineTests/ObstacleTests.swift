import Foundation
import Imaging
import TestSupport
import XCTest

@testable import Vision

/// Acceptance for `--avoid` and `--obstacles`: clips with a face, a lower third and burned-in
/// subtitles where the captions would go (Tests/Cases/obstacles.json), planned and rendered
/// through the binary; what was found is measured against where the clips put things.
final class ObstacleTests: XCTestCase {
    /// A box as the plan and the case file write it, in pixels.
    typealias Box = Rect
    struct Cue: Decodable {
        var start: Double
        var end: Double
        var text: String
        var moved: Bool?
    }
    struct Photo: Decodable {
        var file: String
        var width: Double
        var scaledTo: Double
        var face: Box?
        var x: Double?
        var y: Double?
    }
    struct Shot: Decodable {
        var start: Double
        var end: Double
        var x: Double
        var y: Double
    }
    struct Faces: Decodable {
        var size: [Int]
        var fps: Int
        var seconds: Double
        var background: String
        var photo: Photo
        var shots: [Shot]
        var captions: [Cue]
    }
    struct TextLine: Decodable {
        var text: String
        var size: Int
        var x: Int
        var y: Int
    }
    struct Plate: Decodable {
        var x: Int
        var y: Int
        var width: Int
        var height: Int
        var color: String
    }
    struct LowerThird: Decodable {
        var plate: Plate
        var size: [Int]
        var fps: Int
        var seconds: Double
        var start: Double
        var end: Double
        var photo: Photo
        var lines: [TextLine]
        var captions: [Cue]
    }
    struct Subtitles: Decodable {
        var size: [Int]
        var fps: Int
        var seconds: Double
        var preset: String
        var background: String
        var y: Int
        var fontSize: Int
        var burned: [Cue]
        var captions: [Cue]
    }
    struct BadFile: Decodable {
        var name: String
        var json: String
        var problems: [String]
    }
    struct Cases: Decodable {
        var faces: Faces
        var lowerThird: LowerThird
        var subtitles: Subtitles
        var files: [BadFile]
    }

    /// What `plan` says, as far as these tests read it.
    struct Plan: Decodable {
        struct Obstacle: Decodable {
            var kind: String
            var box: Box
            var start: Double
            var end: Double
        }
        struct Entry: Decodable {
            var start: Double
            var end: Double
            var text: String
            var box: Box
            var fontSize: Double
            var place: Int?
            var avoided: String?
            var blocked: Bool?
            var track: Int?
        }
        var obstacles: [Obstacle]?
        var captions: [Entry]
    }

    static let cases: Cases = try! Repository.cases(Cases.self, "obstacles.json")
    static let font = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
    /// How often the analysis pass samples (ObstacleDetector.interval). // seconds
    static let interval = ObstacleDetector.interval

    /// The photograph setup extracts, or a failure naming the setup step.
    private func photo(_ name: String) throws -> String {
        let path = Repository.root.appendingPathComponent(".testdata/\(name)").path
        guard FileManager.default.fileExists(atPath: path) else {
            throw ProcessRunner.Failure(command: ["test"], message: "\(path) is missing: run scripts/setup.sh")
        }
        return path
    }

    private func srt(_ cues: [Cue], in folder: URL, name: String) throws -> String {
        try SubRipFile.write(cues.map { ($0.start, $0.end, $0.text) }, named: name, in: folder)
    }

    private func plan(_ arguments: [String]) throws -> (Plan, String) {
        let result = try CLI.burn(["plan"] + arguments)
        XCTAssertEqual(result.status, 0, result.stderr)
        return (try JSONDecoder().decode(Plan.self, from: Data(result.stdout.utf8)), result.stderr)
    }

    /// The share of `truth`'s area (a list of boxes, 0...1) that the union of `found` covers.
    private func coverage(of truth: [Box], by found: [Box]) -> Double {
        var covered = 0
        var total = 0
        for box in truth {
            for y in Int(box.y)..<Int(box.maxY) {
                for x in Int(box.x)..<Int(box.maxX) {
                    total += 1
                    let point = Box(x: Double(x) + 0.5, y: Double(y) + 0.5, width: 0.01, height: 0.01)
                    if found.contains(where: { $0.intersects(point) }) { covered += 1 }
                }
            }
        }
        return total > 0 ? Double(covered) / Double(total) : 0
    }

    /// Samples an obstacle spans that hold nothing real (it meets no true box): each found
    /// obstacle lasts from one interval before its first sample to one after its last.
    private func falseSamples(_ obstacles: [Plan.Obstacle], truth: [(box: Box, start: Double, end: Double)]) -> Int {
        obstacles.filter { found in
            !truth.contains { $0.box.intersects(found.box) && $0.start < found.end && $0.end > found.start }
        }.map { max(1, Int((($0.end - $0.start) / Self.interval).rounded()) - 1) }.reduce(0, +)
    }

    // MARK: faces

    /// The face clip: the photograph on a plain ground, low in the first shot and high in the second.
    private func faceClip(in folder: URL) throws -> (video: String, faces: [(box: Box, start: Double, end: Double)]) {
        let spec = Self.cases.faces
        let photo = try photo(spec.photo.file)
        let scale = spec.photo.scaledTo / spec.photo.width
        let face = try XCTUnwrap(spec.photo.face)
        let y = spec.shots.map { "if(lt(t,\($0.end)),\(Int($0.y)),"}.joined() + "0" + String(repeating: ")", count: spec.shots.count)
        let video = folder.appendingPathComponent("face.mp4").path
        try ProcessRunner.ffmpeg([
            "-f", "lavfi", "-i", "color=c=\(spec.background):s=\(spec.size[0])x\(spec.size[1]):r=\(spec.fps):d=\(spec.seconds)",
            "-loop", "1", "-i", photo, "-filter_complex",
            "[1]scale=\(Int(spec.photo.scaledTo)):\(Int(spec.photo.scaledTo))[p];[0][p]overlay=x=\(Int(spec.shots[0].x)):y='\(y)':shortest=1,format=yuv420p",
            "-c:v", "libx264", "-preset", "veryfast", "-t", "\(spec.seconds)", video,
        ])
        let faces = spec.shots.map { shot in
            (
                Box(x: shot.x + face.x * scale, y: shot.y + face.y * scale, width: face.width * scale, height: face.height * scale),
                shot.start, shot.end
            )
        }
        return (video, faces)
    }

    /// With `--avoid faces`, no caption pixel falls inside the face plus the margin in any
    /// frame, each caption keeps one place from its first frame to its last, and the caption
    /// after the cut (the face gone up) is back at the anchor. The face boxes found cover the
    /// true face; the rest of the picture holds none.
    func testCaptionsKeepOffTheFaceInEveryFrame() throws {
        let folder = try temporaryFolder()
        let spec = Self.cases.faces
        let (video, faces) = try faceClip(in: folder)
        let captions = try srt(spec.captions, in: folder, name: "face")
        let (plan, notices) = try plan([video, "--captions", captions, "--avoid", "faces", "--shot-changes", "auto"])
        XCTAssertTrue(notices.contains("1 shot change(s)"), notices)
        let found = (plan.obstacles ?? []).filter { $0.kind == "face" }
        for face in faces {
            let seen = found.filter { $0.start < face.end && $0.end > face.start }.map(\.box)
            let share = coverage(of: [face.box], by: seen)
            print("faces: the boxes found cover \(String(format: "%.1f", 100 * share)) % of the face at \(face.box)")
            XCTAssertGreaterThanOrEqual(share, 0.9, "face at \(face.box)")
        }
        let samples = Int(spec.seconds / Self.interval)
        let wrong = falseSamples(plan.obstacles ?? [], truth: faces)
        print("faces: \(wrong) of \(samples) sampled frames with a box where there is no face")
        XCTAssertLessThan(Double(wrong), Double(samples) / 20)
        // The plan: moved off the face in the first shot, at the anchor in the second.
        let margin = 0.25 * plan.captions[0].fontSize
        for caption in plan.captions {
            let face = try XCTUnwrap(faces.first { $0.start <= caption.start && caption.start < $0.end })
            XCTAssertFalse(caption.box.intersects(face.box.expanded(by: margin)), "\(caption.text) at \(caption.box) covers the face")
            XCTAssertEqual(caption.place != nil, face.start == 0, "\(caption.text): place \(caption.place ?? 0)")
        }
        XCTAssertEqual(plan.captions[0].place, plan.captions[1].place, "consecutive captions in one shot keep one place")

        // The frames: the captions alone, with straight alpha.
        let pattern = folder.appendingPathComponent("caps_%05d.png").path
        let render = try CLI.burn([
            video, "--captions", captions, "--avoid", "faces", "--shot-changes", "auto", "--overlay-only", "-o", pattern, "-q",
        ])
        XCTAssertEqual(render.status, 0, render.stderr)
        let (width, height) = (spec.size[0], spec.size[1])
        let raw = folder.appendingPathComponent("alpha.raw")
        try ProcessRunner.ffmpeg(["-framerate", "\(spec.fps)", "-i", pattern, "-vf", "alphaextract", "-f", "rawvideo", "-pix_fmt", "gray", raw.path])
        let alpha = [UInt8](try Data(contentsOf: raw))
        let frames = alpha.count / (width * height)
        XCTAssertEqual(frames, Int(spec.seconds) * spec.fps)
        var extents: [Int: Set<[Int]>] = [:]  // caption index: the painted extents of its frames
        for frame in 0..<frames {
            let time = Double(frame) / Double(spec.fps)
            let face = try XCTUnwrap(faces.first { $0.start <= time && time < $0.end }).box.expanded(by: margin)
            var extent = [Int.max, Int.max, Int.min, Int.min]
            var inFace = 0
            for y in 0..<height {
                let row = frame * width * height + y * width
                for x in 0..<width where alpha[row + x] > 0 {
                    extent = [min(extent[0], x), min(extent[1], y), max(extent[2], x), max(extent[3], y)]
                    if Double(x) + 0.5 > face.x, Double(x) + 0.5 < face.maxX, Double(y) + 0.5 > face.y, Double(y) + 0.5 < face.maxY {
                        inFace += 1
                    }
                }
            }
            XCTAssertEqual(inFace, 0, "frame \(frame): \(inFace) caption pixels inside the face")
            if let index = plan.captions.firstIndex(where: { $0.start <= time && time < $0.end }), extent[0] != Int.max {
                extents[index, default: []].insert(extent)
            }
        }
        XCTAssertEqual(extents.count, plan.captions.count, "every caption is drawn")
        for (index, seen) in extents {
            // The classic look draws a caption the same in every frame (the fade changes alpha, not extent).
            XCTAssertLessThanOrEqual(Set(seen.map { [$0[1], $0[3]] }).count, 2, "\(plan.captions[index].text) moves: \(seen)")
        }
    }

    // MARK: on-screen text

    /// The lower-third clip (the photograph behind), with its plate and its lines, or with the
    /// plate alone (whose difference from the first is the lines' true boxes).
    private func lowerThirdClip(in folder: URL, withText: Bool) throws -> String {
        let spec = Self.cases.lowerThird
        let photo = try photo(spec.photo.file)
        let during = "enable='between(t,\(spec.start),\(spec.end))'"
        let plate = spec.plate
        let steps =
            ["drawbox=x=\(plate.x):y=\(plate.y):w=\(plate.width):h=\(plate.height):color=\(plate.color):t=fill:\(during)"]
            + (withText
                ? spec.lines.map { line in
                    "drawtext=fontfile=\(Self.font):text='\(line.text)':fontsize=\(line.size):fontcolor=white:x=\(line.x):y=\(line.y):\(during)"
                } : [])
        let video = folder.appendingPathComponent(withText ? "lower.mp4" : "plate.mp4").path
        try ProcessRunner.ffmpeg([
            "-f", "lavfi", "-i", "color=c=0x202830:s=\(spec.size[0])x\(spec.size[1]):r=\(spec.fps):d=\(spec.seconds)",
            "-loop", "1", "-i", photo, "-filter_complex",
            "[1]scale=\(Int(spec.photo.scaledTo)):\(Int(spec.photo.scaledTo))[p];[0][p]overlay=x=\(Int(spec.photo.x ?? 0)):y=\(Int(spec.photo.y ?? 0)):shortest=1,"
                + steps.joined(separator: ",") + ",format=yuv420p",
            "-c:v", "libx264", "-preset", "veryfast", "-qp", "0", "-t", "\(spec.seconds)", video,
        ])
        return video
    }

    /// The boxes of what differs between frame `time` of two clips, one per band of rows.
    private func inkBoxes(_ a: String, _ b: String, at time: Double, width: Int, height: Int, in folder: URL) throws -> [Box] {
        func luma(_ video: String) throws -> [UInt8] {
            let out = folder.appendingPathComponent("frame-\(UUID().uuidString).raw")
            try ProcessRunner.ffmpeg(["-ss", "\(time)", "-i", video, "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "gray", out.path])
            return [UInt8](try Data(contentsOf: out))
        }
        let (first, second) = (try luma(a), try luma(b))
        var boxes: [Box] = []
        var band: (top: Int, left: Int, right: Int)?
        for y in 0..<height {
            let xs = (0..<width).filter { abs(Int(first[y * width + $0]) - Int(second[y * width + $0])) > 24 }
            if let left = xs.first, let right = xs.last {
                band = band.map { ($0.top, min($0.left, left), max($0.right, right)) } ?? (y, left, right)
            } else if let open = band {
                boxes.append(Box(x: Double(open.left), y: Double(open.top), width: Double(open.right - open.left + 1), height: Double(y - open.top)))
                band = nil
            }
        }
        return boxes
    }

    /// Captions on screen with the lower third move to the next place, and the first one after
    /// it is gone is back at the anchor; the text boxes found cover the lines drawn.
    func testCaptionsMoveOffALowerThirdAndReturn() throws {
        let folder = try temporaryFolder()
        let spec = Self.cases.lowerThird
        let video = try lowerThirdClip(in: folder, withText: true)
        let plain = try lowerThirdClip(in: folder, withText: false)
        let lines = try inkBoxes(video, plain, at: (spec.start + spec.end) / 2, width: spec.size[0], height: spec.size[1], in: folder)
        XCTAssertEqual(lines.count, spec.lines.count, "the lines drawn: \(lines)")
        let captions = try srt(spec.captions, in: folder, name: "lower")
        let (plan, _) = try plan([video, "--captions", captions, "--avoid", "text"])
        let found = (plan.obstacles ?? []).filter { $0.kind == "text" }
        let share = coverage(of: lines, by: found.map(\.box))
        print("text: the boxes found cover \(String(format: "%.1f", 100 * share)) % of the lower third's lines")
        XCTAssertGreaterThanOrEqual(share, 0.9)
        let wrong = falseSamples(plan.obstacles ?? [], truth: lines.map { ($0, spec.start, spec.end) })
        let samples = Int(spec.seconds / Self.interval)
        print("text: \(wrong) of \(samples) sampled frames with a box where there is no text")
        XCTAssertLessThan(Double(wrong), Double(samples) / 20)
        let margin = 0.25 * plan.captions[0].fontSize
        XCTAssertEqual(plan.captions.count, spec.captions.count)
        for (caption, cue) in zip(plan.captions, spec.captions) {
            XCTAssertEqual(caption.place != nil, cue.moved == true, "\(cue.text): place \(caption.place ?? 0), \(caption.avoided ?? "")")
            if cue.start < spec.end && cue.end > spec.start {
                for line in lines {
                    XCTAssertFalse(caption.box.intersects(line.expanded(by: margin)), "\(cue.text) at \(caption.box) covers \(line)")
                }
            }
        }
        let moved = plan.captions.filter { $0.place != nil }
        XCTAssertEqual(Set(moved.map(\.place)).count, 1, "the captions during the lower third share one place")
        // lint notes each move.
        let lint = try CLI.burn(["lint", video, "--captions", captions, "--avoid", "text"])
        XCTAssertEqual(lint.stdout.components(separatedBy: "moved (note): moved above text at").count - 1, moved.count, lint.stdout)
    }

    /// A clip that carries burned-in subtitles where the youtube preset puts captions: the new
    /// captions do not overlap them.
    func testCaptionsKeepOffBurnedInSubtitles() throws {
        let folder = try temporaryFolder()
        let spec = Self.cases.subtitles
        func clip(_ name: String, burned: Bool) throws -> String {
            let text = spec.burned.map { cue in
                "drawtext=fontfile=\(Self.font):text='\(cue.text.replacingOccurrences(of: ",", with: "\\,"))':fontsize=\(spec.fontSize):"
                    + "fontcolor=white:borderw=2:bordercolor=black:x=(w-tw)/2:y=\(spec.y):enable='between(t,\(cue.start),\(cue.end))'"
            }
            let video = folder.appendingPathComponent(name).path
            try ProcessRunner.ffmpeg([
                "-f", "lavfi", "-i", "color=c=\(spec.background):s=\(spec.size[0])x\(spec.size[1]):r=\(spec.fps):d=\(spec.seconds)",
                "-vf", (burned ? text.joined(separator: ",") + "," : "") + "format=yuv420p",
                "-c:v", "libx264", "-preset", "veryfast", "-qp", "0", video,
            ])
            return video
        }
        let video = try clip("subtitled.mp4", burned: true)
        let plain = try clip("plain.mp4", burned: false)
        let captions = try srt(spec.captions, in: folder, name: "new")
        let (plan, _) = try plan([video, "--captions", captions, "--preset", spec.preset, "--avoid", "text"])
        let margin = 0.25 * plan.captions[0].fontSize
        var truth: [Box] = []
        for (caption, burned) in zip(plan.captions, spec.burned) {
            let ink = try inkBoxes(video, plain, at: (burned.start + burned.end) / 2, width: spec.size[0], height: spec.size[1], in: folder)
            XCTAssertEqual(ink.count, 1, "\(burned.text): \(ink)")
            truth += ink
            for box in ink {
                XCTAssertFalse(caption.box.intersects(box.expanded(by: margin)), "\(caption.text) at \(caption.box) covers \(burned.text) at \(box)")
            }
            XCTAssertNotNil(caption.place, "\(caption.text) moved")
        }
        let share = coverage(of: truth, by: (plan.obstacles ?? []).map(\.box))
        print("subtitles: the boxes found cover \(String(format: "%.1f", 100 * share)) % of the burned-in subtitles")
        XCTAssertGreaterThanOrEqual(share, 0.9)
    }

    // MARK: the interface

    /// Without `--avoid` (or with `--avoid off`) the plan is what it was; on a clip with
    /// nothing to avoid, `--avoid faces,text` changes nothing either.
    func testAvoidingNothingChangesNothing() throws {
        let folder = try temporaryFolder()
        let black = try CLI.blackClip(size: "540x960", seconds: 4, in: folder)
        let captions = CLI.samples.appendingPathComponent("talk.srt").path
        let plain = try CLI.burn(["plan", black, "--captions", captions])
        XCTAssertEqual(plain.status, 0, plain.stderr)
        for avoid in ["off", "faces,text"] {
            let other = try CLI.burn(["plan", black, "--captions", captions, "--avoid", avoid])
            XCTAssertEqual(other.status, 0, other.stderr)
            XCTAssertEqual(other.stdout, plain.stdout, "--avoid \(avoid)")
        }
    }

    /// `--obstacles` boxes move captions as found ones do, and a malformed file gives every
    /// problem together, each at its field, with exit 1 and nothing planned.
    func testObstacleFiles() throws {
        let folder = try temporaryFolder()
        let black = try CLI.blackClip(size: "540x960", seconds: 4, in: folder)
        let captions = try srt([Cue(start: 0.5, end: 2, text: "Over the box", moved: nil)], in: folder, name: "one")
        let (anchored, _) = try plan([black, "--captions", captions])
        let box = anchored.captions[0].box
        let file = folder.appendingPathComponent("boxes.json")
        try #"{"obstacles": [{"x": \#(box.x), "y": \#(box.y), "width": \#(box.width), "height": \#(box.height), "start": 1, "end": 1.5}]}"#
            .write(to: file, atomically: true, encoding: .utf8)
        let (moved, _) = try plan([black, "--captions", captions, "--obstacles", file.path])
        XCTAssertEqual(moved.captions[0].place, 1)
        XCTAssertEqual(moved.obstacles?.count, 1)
        XCTAssertFalse(moved.captions[0].box.intersects(box))
        for bad in Self.cases.files {
            let path = folder.appendingPathComponent("bad.json")
            try bad.json.write(to: path, atomically: true, encoding: .utf8)
            let result = try CLI.burn(["plan", black, "--captions", captions, "--obstacles", path.path])
            XCTAssertEqual(result.status, 1, bad.name)
            XCTAssertEqual(result.stdout, "", bad.name)
            XCTAssertEqual(result.stderr, bad.problems.map { "burn-captions: \(path.path): \($0)\n" }.joined(), bad.name)
        }
        // lint without a video has no picture to search.
        let lint = try CLI.burn(["lint", "--captions", captions, "--avoid", "faces"])
        XCTAssertEqual(lint.status, 2)
        XCTAssertEqual(lint.stderr, "burn-captions: --avoid faces needs the video\n")
    }

    /// Two tracks on screen together are one block: a box under the second track moves both,
    /// by the same distance, off it, and the second stays below the first.
    func testTwoTracksMoveTogether() throws {
        let folder = try temporaryFolder()
        let black = try CLI.blackClip(size: "540x960", seconds: 4, in: folder)
        let first = try srt([Cue(start: 0.5, end: 2.5, text: "The first track", moved: nil)], in: folder, name: "first")
        let second = try srt([Cue(start: 0.6, end: 2.4, text: "La deuxième piste", moved: nil)], in: folder, name: "second")
        let arguments = [black, "--captions", first, "--second-captions", second, "--second-language", "fr"]
        let (anchored, _) = try plan(arguments)
        XCTAssertEqual(anchored.captions.count, 2)
        let below = try XCTUnwrap(anchored.captions.first { $0.track == 2 })
        let file = folder.appendingPathComponent("under-second.json")
        try #"{"obstacles": [{"x": \#(below.box.x), "y": \#(below.box.y), "width": \#(below.box.width), "height": \#(below.box.height), "start": 0, "end": 4}]}"#
            .write(to: file, atomically: true, encoding: .utf8)
        let (moved, _) = try plan(arguments + ["--obstacles", file.path])
        XCTAssertEqual(moved.captions.count, 2)
        let offsets = zip(anchored.captions, moved.captions).map { $1.box.y - $0.box.y }
        XCTAssertNotEqual(offsets[0], 0, "the block did not move")
        XCTAssertEqual(offsets[0], offsets[1], accuracy: 0.01, "the tracks moved apart")
        for caption in moved.captions {
            XCTAssertEqual(caption.place, 1, caption.text)
            XCTAssertFalse(caption.box.intersects(below.box), caption.text)
        }
    }

    /// A detector whose model is missing fails before any decoding, naming where it looked
    /// and how to install it.
    func testAMissingModelNamesItsRemedy() {
        let remedies: [(Obstacle.Kind, String, String)] = [
            (.face, "/nowhere/face.onnx", "run scripts/setup.sh, or set \(FaceFinder.variable)"),
            (.text, "/nowhere/eng.traineddata", "install the Debian package tesseract-ocr-eng"),
        ]
        for (kind, searched, remedy) in remedies {
            XCTAssertThrowsError(
                try ObstacleDetector(ObstacleSearch(kinds: [kind]), faceModels: ["/nowhere/face.onnx"], textFolders: ["/nowhere"])
            ) { error in
                guard case VisionError.modelMissing(_, let looked, let told) = error else { return XCTFail("\(error)") }
                XCTAssertEqual(looked, [searched])
                XCTAssertTrue(told.hasPrefix(remedy), told)
                XCTAssertTrue("\(error)".contains("(looked for \(searched)): \(remedy)"), "\(error)")
            }
        }
    }

    /// Samples joined into obstacles: a box seen again (one miss allowed) is one obstacle from
    /// its first sample to its last, widened by one interval, never past a cut; one that moved
    /// away from its first box is another.
    func testSampledBoxesBecomeObstacles() {
        let face = Rect(x: 100, y: 100, width: 80, height: 80)
        let moved = Rect(x: 400, y: 100, width: 80, height: 80)
        let samples = (0..<12).map { index -> ObstacleSample in
            let time = Double(index) * 0.5
            switch index {
            case 0...3, 5: return ObstacleSample(time: time, boxes: [(.face, face)])  // 4: missed once
            case 9...10: return ObstacleSample(time: time, boxes: [(.face, moved), (.text, face)])
            default: return ObstacleSample(time: time, boxes: [])
            }
        }
        let obstacles = ObstacleTracks.obstacles(from: samples, interval: 0.5, cuts: [4.2], end: 6)
        XCTAssertEqual(obstacles.map(\.kind), [.face, .face, .text])
        XCTAssertEqual(obstacles.map(\.start), [0, 4.2, 4.2], "the first from its first sample; the others from the cut")
        XCTAssertEqual(obstacles.map(\.end), [3, 5.5, 5.5])
        XCTAssertEqual(obstacles.map(\.box), [face, moved, face])
    }
}
