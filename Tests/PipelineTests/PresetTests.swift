import Foundation
import Imaging
import Layout
import Raster
import TestSupport
import XCTest

@testable import Pipeline
@testable import Settings

/// Preset files: the anchor as fractions, errors that name the field, scaling to the video,
/// `burn-captions presets`, a user's own preset file, and the orientation warning.
final class PresetTests: XCTestCase {
    private let captions = CLI.samples.appendingPathComponent("talk.json").path

    /// The tiktok preset's text with `replacements` applied, written to a temporary file.
    private func tiktokVariant(_ replacements: [(String, String)], name: String = "mine.json") throws -> URL {
        var json = try String(contentsOf: CLI.root.appendingPathComponent("Presets/tiktok.json"), encoding: .utf8)
        for (old, new) in replacements {
            XCTAssertTrue(json.contains(old), old)
            json = json.replacingOccurrences(of: old, with: new)
        }
        let url = try temporaryFolder().appendingPathComponent(name)
        try json.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    func testTiktokGeometryIsUnchanged() throws {
        let tiktok = try Preset.load(try Resources.preset("tiktok"))
        let style = tiktok.textStyle(width: 1080, height: 1920)
        XCTAssertEqual(style.anchorX, 504, accuracy: 1e-9)
        XCTAssertEqual(style.anchorY, 1152, accuracy: 1e-9)
        XCTAssertEqual(style.safeArea, Rect(x: 120, y: 240, width: 768, height: 1200))
        // Landscape 1920x1080: the same fractions, sizes by the smaller scale.
        let wide = tiktok.textStyle(width: 1920, height: 1080)
        XCTAssertEqual(wide.anchorX, 896, accuracy: 1e-9)
        XCTAssertEqual(wide.anchorY, 648, accuracy: 1e-9)
        XCTAssertEqual(wide.size, 36, accuracy: 1e-9)
    }

    func testEveryShippedPresetLoadsWithItsAnchorInsideItsSafeArea() throws {
        for name in Resources.presetNames() {
            let preset = try Preset.load(try Resources.preset(name))
            XCTAssertEqual(preset.name, name)
            let style = preset.textStyle(width: Int(preset.frame.width), height: Int(preset.frame.height))
            XCTAssertTrue((style.safeArea.x...style.safeArea.maxX).contains(style.anchorX), name)
            XCTAssertTrue((style.safeArea.y...style.safeArea.maxY).contains(style.anchorY), name)
        }
    }

    /// The list of fields a preset may have is the format's: a preset with every optional part
    /// encodes to exactly those fields, so no real field is refused as unknown.
    func testKnownFieldsAreThePresetFormatsFields() throws {
        var preset = try Preset.load(CLI.root.appendingPathComponent("Presets/tiktok.json"))
        preset.description = "every field"
        preset.maximumLines = 2
        preset.font.lineSpacing = 1.1
        preset.shadow = Preset.Shadow(color: RGBAColor(red: 0, green: 0, blue: 0, alpha: 128), offsetX: 0.05, offsetY: 0.05, blur: 0.1)
        preset.box = Preset.Box(color: RGBAColor(red: 0, green: 0, blue: 0, alpha: 128), padding: 0.2, cornerRadius: 0.2)
        preset.captions = Preset.CaptionLimits(maxCharacters: 32, maxDuration: 3, minDuration: 1, maxWords: 3)
        preset.speakers = SpeakerPalette(colors: [.white])
        preset.secondTrack = Preset.SecondTrack(sizeRatio: 0.6, fill: .white, outline: .black, placement: .above)
        preset.otherPlaces = [0, 1]
        preset.avoid = "faces"
        let encoded = try XCTUnwrap(JSONSerialization.jsonObject(with: JSONEncoder().encode(preset)) as? [String: Any])
        XCTAssertEqual(Set(encoded.keys), Set(Preset.fields[""]!))
        for (key, value) in encoded {
            guard let nested = value as? [String: Any] else { continue }
            XCTAssertEqual(Set(nested.keys), Set(Preset.fields[key] ?? []), key)
        }
        XCTAssertEqual(Set(Preset.fields.keys), Set(encoded.filter { $0.value is [String: Any] }.keys).union([""]))
    }

    func testBadAnchorsNameTheField() throws {
        for (replacement, message) in [
            ("\"anchor\": { \"x\": 504, \"y\": 1152 }", "anchor.x: must be a fraction of the frame width, 0...1"),
            ("\"anchor\": { \"x\": 0.5, \"y\": -0.1 }", "anchor.y: must be a fraction of the frame height, 0...1"),
            ("\"anchor\": { \"x\": 0.05, \"y\": 0.6 }", "anchor.x: must lie inside the safe area"),
            ("\"anchor\": { \"x\": 0.5, \"y\": 0.9 }", "anchor.y: must lie inside the safe area"),
            ("\"anchor\": { \"x\": 0.5 }", "anchor.y: missing"),
        ] {
            let url = try tiktokVariant([("\"anchor\": { \"x\": 0.4666666666666667, \"y\": 0.6 }", replacement)])
            XCTAssertThrowsError(try Preset.load(url), replacement) { error in
                XCTAssertTrue("\(error)".contains("\(url.path): \(message)"), "\(error)")
            }
        }
    }

    func testUsersOwnPresetFilePlacesTheCaptions() throws {
        // A preset of the user's own: a band at the top of the frame, captions centred in it.
        let url = try tiktokVariant([
            ("\"name\": \"tiktok\"", "\"name\": \"mine\""),
            ("\"safeArea\": { \"x\": 120, \"y\": 240, \"width\": 768, \"height\": 1200 }",
             "\"safeArea\": { \"x\": 100, \"y\": 300, \"width\": 880, \"height\": 400 }"),
            ("\"anchor\": { \"x\": 0.4666666666666667, \"y\": 0.6 }", "\"anchor\": { \"x\": 0.5, \"y\": 0.25 }"),
        ])
        let talk = CLI.samples.appendingPathComponent("talk.mp4").path
        let result = try CLI.burn(["plan", talk, "--captions", captions, "--preset", url.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        let plan = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let safe = plan?["safeArea"] as? [String: Double]
        XCTAssertEqual(safe, ["x": 100, "y": 300, "width": 880, "height": 400])
        let boxes = (plan?["captions"] as? [[String: Any]] ?? []).compactMap { $0["box"] as? [String: Double] }
        XCTAssertGreaterThanOrEqual(boxes.count, 7)
        for box in boxes {
            XCTAssertGreaterThanOrEqual(box["y"]!, 300)
            XCTAssertLessThanOrEqual(box["y"]! + box["height"]!, 700)
            XCTAssertEqual(box["x"]! + box["width"]! / 2, 540, accuracy: 1)
        }
    }

    func testPresetsCommandListsThemAll() throws {
        let result = try CLI.burn(["presets"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
        let lines = result.stdout.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true) }
        XCTAssertEqual(lines.map { String($0[0]) }, ["default", "reels", "shorts", "tiktok", "youtube"])
        XCTAssertEqual(lines.map { String($0[1]) }, ["1080x1920", "1080x1920", "1080x1920", "1080x1920", "1920x1080"])
        XCTAssertTrue(lines.allSatisfy { $0.count > 3 }, "every preset has a description")
        let extra = try CLI.burn(["presets", "tiktok"])
        XCTAssertEqual(extra.status, 2, extra.stderr)
    }

    func testLandscapeVideoWithPortraitPresetWarnsOnce() throws {
        let folder = try temporaryFolder()
        let clip = folder.appendingPathComponent("wide.mp4").path
        let made = try ProcessRunner.tool(
            "ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "testsrc2=s=640x360:d=1", "-pix_fmt", "yuv420p", clip])
        XCTAssertEqual(made.status, 0, made.stderr)
        let srt = folder.appendingPathComponent("one.srt").path
        try "1\n00:00:00,100 --> 00:00:00,900\nHello there\n".write(toFile: srt, atomically: true, encoding: .utf8)

        let portrait = try CLI.burn(["plan", clip, "--captions", srt, "--preset", "tiktok"])
        XCTAssertEqual(portrait.status, 0, portrait.stderr)
        XCTAssertEqual(
            portrait.stderr,
            "burn-captions: warning: \(clip): landscape video with the portrait preset tiktok; "
                + "captions may sit off the picture's safe area\n")

        let landscape = try CLI.burn(["plan", clip, "--captions", srt, "--preset", "youtube"])
        XCTAssertEqual(landscape.status, 0, landscape.stderr)
        XCTAssertEqual(landscape.stderr, "")

        let talk = CLI.samples.appendingPathComponent("talk.mp4").path
        let upright = try CLI.burn(["plan", talk, "--captions", srt, "--preset", "youtube"])
        XCTAssertEqual(upright.status, 0, upright.stderr)
        XCTAssertTrue(upright.stderr.contains("portrait video with the landscape preset youtube"), upright.stderr)
    }
}
