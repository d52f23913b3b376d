import Foundation
import Imaging
import TestSupport
import XCTest

/// `--avoid faces` on a face as creators film it: turned three-quarters, about 140 pixels wide
/// in a 1080x1920 frame, right where tiktok's caption goes (Tests/Cases/obstacles.json,
/// `threeQuarterFace`), looking down. The Haar frontal cascade YuNet replaced does not find it.
final class ThreeQuarterFaceTests: XCTestCase {
    struct Spec: Decodable {
        struct Photo: Decodable {
            var file: String
            var crop: Rect
            var face: Rect
        }
        struct Cue: Decodable {
            var start: Double
            var end: Double
            var text: String
        }
        var size: [Int]
        var fps: Int
        var seconds: Int
        var background: String
        var photo: Photo
        var faceWidth: Double
        var captions: [Cue]
    }
    struct Cases: Decodable { var threeQuarterFace: Spec }
    struct Plan: Decodable {
        struct Obstacle: Decodable {
            var kind: String
            var box: Rect
        }
        struct Entry: Decodable {
            var box: Rect
            var fontSize: Double
            var text: String
        }
        var obstacles: [Obstacle]?
        var captions: [Entry]
    }

    private func plan(_ arguments: [String]) throws -> Plan {
        let result = try CLI.burn(["plan"] + arguments)
        XCTAssertEqual(result.status, 0, result.stderr)
        return try JSONDecoder().decode(Plan.self, from: Data(result.stdout.utf8))
    }

    /// No caption pixel, in any frame, falls on the face or its margin; the face box found
    /// covers the face.
    func testCaptionsKeepOffAThreeQuarterFace() throws {
        let spec = try Repository.cases(Cases.self, "obstacles.json").threeQuarterFace
        let folder = try temporaryFolder()
        let photo = Repository.root.appendingPathComponent(".testdata/\(spec.photo.file)").path
        guard FileManager.default.fileExists(atPath: photo) else {
            throw ProcessRunner.Failure(command: ["test"], message: "\(photo) is missing: run scripts/setup.sh")
        }
        let captions = try SubRipFile.write(spec.captions.map { ($0.start, $0.end, $0.text) }, named: "cards", in: folder)
        // Where the captions go on a plain clip: the face is put at their centre.
        let (width, height) = (spec.size[0], spec.size[1])
        let plain = try CLI.blackClip(size: "\(width)x\(height)", seconds: spec.seconds, in: folder)
        let anchored = try plan([plain, "--captions", captions, "--preset", "tiktok"])
        let target = anchored.captions[0].box
        let scale = spec.faceWidth / spec.photo.face.width
        let face = Rect(
            x: (target.x + target.width / 2 - spec.faceWidth / 2).rounded(), y: (target.y + target.height / 2 - spec.photo.face.height * scale / 2).rounded(),
            width: spec.faceWidth, height: spec.photo.face.height * scale)
        let crop = spec.photo.crop
        let (photoX, photoY) = (Int(face.x - (spec.photo.face.x - crop.x) * scale), Int(face.y - (spec.photo.face.y - crop.y) * scale))
        let video = folder.appendingPathComponent("three-quarter.mp4").path
        try ProcessRunner.ffmpeg([
            "-f", "lavfi", "-i", "color=c=\(spec.background):s=\(width)x\(height):r=\(spec.fps):d=\(spec.seconds)",
            "-loop", "1", "-i", photo, "-filter_complex",
            "[1]crop=\(Int(crop.width)):\(Int(crop.height)):\(Int(crop.x)):\(Int(crop.y)),scale=\(Int((crop.width * scale).rounded())):-2[p];[0][p]overlay=x=\(photoX):y=\(photoY):shortest=1,format=yuv420p",
            "-c:v", "libx264", "-preset", "veryfast", "-t", "\(spec.seconds)", video,
        ])
        let arguments = [video, "--captions", captions, "--preset", "tiktok", "--avoid", "faces"]
        let moved = try plan(arguments)
        let found = (moved.obstacles ?? []).filter { $0.kind == "face" }.map(\.box)
        XCTAssertTrue(found.contains { $0.intersects(face) && $0.width >= 0.8 * face.width }, "the face at \(face): found \(found)")
        let margin = 0.25 * moved.captions[0].fontSize
        for caption in moved.captions {
            XCTAssertFalse(caption.box.intersects(face.expanded(by: margin)), "\(caption.text) at \(caption.box) covers the face at \(face)")
        }
        // The frames: the captions alone, their alpha, none of it on the face.
        let pattern = folder.appendingPathComponent("caps_%04d.png").path
        let render = try CLI.burn(arguments + ["--overlay-only", "-o", pattern, "-q"])
        XCTAssertEqual(render.status, 0, render.stderr)
        let raw = folder.appendingPathComponent("alpha.raw")
        try ProcessRunner.ffmpeg(["-framerate", "\(spec.fps)", "-i", pattern, "-vf", "alphaextract", "-f", "rawvideo", "-pix_fmt", "gray", raw.path])
        let alpha = [UInt8](try Data(contentsOf: raw))
        let guarded = face.expanded(by: margin)
        let rows = max(0, Int(guarded.y))..<min(height, Int(guarded.maxY.rounded(.up)))
        let columns = max(0, Int(guarded.x))..<min(width, Int(guarded.maxX.rounded(.up)))
        var painted = 0
        var onFace = 0
        for frame in 0..<(alpha.count / (width * height)) {
            let start = frame * width * height
            painted += alpha[start..<(start + width * height)].reduce(0) { $0 + ($1 > 0 ? 1 : 0) }
            for y in rows { for x in columns where alpha[start + y * width + x] > 0 { onFace += 1 } }
        }
        XCTAssertGreaterThan(painted, 0, "no caption drawn")
        XCTAssertEqual(onFace, 0, "caption pixels on the face")
    }
}
