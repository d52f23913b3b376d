import Foundation
import TestSupport
import XCTest

/// Bilingual captions: two tracks with timings of their own, set as one block inside the safe
/// area, the second smaller and in its own colour, never overlapping the first.
final class BilingualTests: XCTestCase {
    private func inside(_ box: Plan.Box, _ area: Plan.Box) -> Bool {
        box.x >= area.x - 0.01 && box.y >= area.y - 0.01 && box.x + box.width <= area.x + area.width + 0.01
            && box.y + box.height <= area.y + area.height + 0.01
    }

    private func overlap(_ a: Plan.Box, _ b: Plan.Box) -> Bool {
        a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
    }

    func testBothTracksFormOneBlockInsideTheSafeArea() throws {
        let folder = try temporaryFolder()
        let clip = try BilingualPair.greyClip(in: folder)
        for pair in try BilingualPair.all() {
            let first = try BilingualPair.srt(pair.first, named: "first", in: folder)
            let second = try BilingualPair.srt(pair.second, named: "second", in: folder)
            for preset in ["tiktok", "youtube"] {
                let result = try CLI.burn([
                    "plan", clip, "--captions", first, "--language", pair.first.language, "--second-captions", second,
                    "--second-language", pair.second.language, "--preset", preset,
                ])
                XCTAssertEqual(result.status, 0, result.stderr)
                let plan = try Plan.decode(result.stdout)
                let tracks = Dictionary(grouping: plan.captions) { $0.track ?? 1 }
                XCTAssertEqual(tracks[1]?.count, pair.first.cues.count, "\(pair.name) \(preset): first track")
                XCTAssertEqual(tracks[2]?.count, pair.second.cues.count, "\(pair.name) \(preset): second track")
                XCTAssertTrue(tracks[2]!.allSatisfy { $0.language == pair.second.language && $0.fill != nil })
                for caption in plan.captions {
                    XCTAssertTrue(inside(caption.box, plan.safeArea), "\(pair.name) \(preset): \(caption.text) \(caption.box)")
                }
                // The second track is smaller, below the first, and never overlaps it.
                XCTAssertLessThan(tracks[2]!.map(\.fontSize).max()!, tracks[1]!.map(\.fontSize).min()!)
                for a in tracks[1]! {
                    for b in tracks[2]! {
                        XCTAssertFalse(overlap(a.box, b.box), "\(pair.name) \(preset): \(a.text) / \(b.text)")
                        XCTAssertGreaterThanOrEqual(b.box.y, a.box.y + a.box.height, "\(pair.name) \(preset)")
                    }
                }
                // At `at`, both tracks are on screen.
                XCTAssertEqual(Set(plan.captions.filter { $0.start <= pair.at && pair.at < $0.end }.map { $0.track ?? 1 }), [1, 2])
            }
        }
    }

    /// A safe area too small for both tracks' tallest blocks: both are set smaller together,
    /// each still in at most two lines.
    func testBothTracksShrinkTogetherWhenTheBlockDoesNotFit() throws {
        let folder = try temporaryFolder()
        let clip = try BilingualPair.greyClip(in: folder)
        let pair = try XCTUnwrap(try BilingualPair.all().first)
        let preset = folder.appendingPathComponent("low.json")
        var fields = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(contentsOf: CLI.root.appendingPathComponent("Presets/tiktok.json"))) as? [String: Any])
        // A safe area 140 reference pixels tall: a line of each track does not fit at full size.
        fields["safeArea"] = ["x": 60, "y": 1300, "width": 960, "height": 140]
        fields["anchor"] = ["x": 0.5, "y": 0.715]
        try JSONSerialization.data(withJSONObject: fields).write(to: preset)
        let arguments = [
            "plan", clip, "--captions", try BilingualPair.srt(pair.first, named: "first", in: folder), "--second-captions",
            try BilingualPair.srt(pair.second, named: "second", in: folder), "--preset", preset.path,
        ]
        let result = try CLI.burn(arguments)
        XCTAssertEqual(result.status, 0, result.stderr)
        let plan = try Plan.decode(result.stdout)
        let alone = try Plan.decode(try CLI.burn(Array(arguments.prefix(4)) + ["--preset", preset.path]).stdout)
        XCTAssertLessThan(
            plan.captions.filter { $0.track == nil }.map(\.fontSize).max()!, alone.captions.map(\.fontSize).max()!, result.stdout)
        for caption in plan.captions {
            XCTAssertTrue(inside(caption.box, plan.safeArea), "\(caption.text) \(caption.box) in \(plan.safeArea)")
            XCTAssertLessThanOrEqual(caption.lines.count, 2)
        }
    }
}
