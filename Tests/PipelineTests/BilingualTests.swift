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
    /// Cues as SubRip in `NAME.srt` in `folder`: `[start, end, text]`, seconds.
    private func srt(_ cues: [(Double, Double, String)], named name: String, in folder: URL) throws -> String {
        let track = try JSONDecoder().decode(
            BilingualPair.Track.self,
            from: JSONSerialization.data(withJSONObject: ["language": "en", "cues": cues.map { [$0.0, $0.1, $0.2] }]))
        return try BilingualPair.srt(track, named: name, in: folder)
    }

    /// The tiktok preset with the second track `placement` and colours that tell the tracks
    /// apart in luma: the first all white (fill and outline), the second all black.
    private func contrastPreset(placement: String, in folder: URL) throws -> String {
        var fields = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(contentsOf: CLI.root.appendingPathComponent("Presets/tiktok.json"))) as? [String: Any])
        fields["name"] = "contrast-\(placement)"
        fields["outline"] = ["color": "#FFFFFF", "radius": 0.09]
        fields["secondTrack"] = ["fill": "#000000", "outline": "#000000", "placement": placement]
        let url = folder.appendingPathComponent("contrast-\(placement).json")
        try JSONSerialization.data(withJSONObject: fields).write(to: url)
        return url.path
    }

    /// Two cues on screen together from 0.2 s (one simultaneous, one overlapping by more than
    /// the half second that makes them share the screen), or one cue.
    private let stacked: [(Double, Double, String)] = [
        (0.2, 2.8, "Two cues at once"), (0.2, 2.8, "stacked in lanes"), (0.9, 2.9, "and a third that overlaps them"),
    ]
    private let single: [(Double, Double, String)] = [(0.3, 2.7, "One cue alone")]

    /// Whether `a` lies wholly on the upper side of `b` (`a`'s bottom at or above `b`'s top).
    private func above(_ a: Plan.Box, _ b: Plan.Box) -> Bool { a.y + a.height <= b.y + 0.01 }

    /// With simultaneous or overlapping cues in either track (lanes, stacked), no block of one
    /// track overlaps a block of the other on screen with it: every block of the second track
    /// stays on its side of the seam, below (or, `placement: above`, above) the first's.
    func testStackedCuesOfEitherTrackStayOnTheirSideOfTheSeam() throws {
        let folder = try temporaryFolder()
        let clip = try BilingualPair.greyClip(in: folder)
        for placement in ["below", "above"] {
            let preset = try contrastPreset(placement: placement, in: folder)
            for (name, first, second) in [("first stacked", stacked, single), ("second stacked", single, stacked), ("both", stacked, stacked)] {
                let result = try CLI.burn([
                    "plan", clip, "--captions", try srt(first, named: "first", in: folder), "--second-captions",
                    try srt(second, named: "second", in: folder), "--preset", preset,
                ])
                XCTAssertEqual(result.status, 0, result.stderr)
                let plan = try Plan.decode(result.stdout)
                let tracks = Dictionary(grouping: plan.captions) { $0.track ?? 1 }
                XCTAssertEqual(tracks[1]?.count, first.count, "\(name) \(placement)")
                XCTAssertEqual(tracks[2]?.count, second.count, "\(name) \(placement)")
                for caption in plan.captions {
                    XCTAssertTrue(inside(caption.box, plan.safeArea), "\(name) \(placement): \(caption.text) \(caption.box)")
                }
                for a in tracks[1]! {
                    for b in tracks[2]! where a.start < b.end && b.start < a.end {
                        XCTAssertFalse(overlap(a.box, b.box), "\(name) \(placement): \(a.text) / \(b.text)")
                        XCTAssertTrue(placement == "below" ? above(a.box, b.box) : above(b.box, a.box), "\(name) \(placement): \(a.text) / \(b.text)")
                    }
                }
            }
        }
    }

    /// The same from the frames: at 1.5 s, every cue of both tracks on screen, the rows the
    /// first track's white ink reaches all lie on its side of the rows the second's black ink
    /// reaches, on the grey clip.
    func testStackedTracksNeverShareARowOfInkInTheFrames() throws {
        let folder = try temporaryFolder()
        let clip = try BilingualPair.greyClip(in: folder)
        let first = try srt(stacked, named: "first", in: folder)
        let second = try srt(stacked, named: "second", in: folder)
        for placement in ["below", "above"] {
            let output = folder.appendingPathComponent("\(placement).mp4").path
            let result = try CLI.burn([
                clip, "--captions", first, "--second-captions", second, "--preset", try contrastPreset(placement: placement, in: folder),
                "-o", output, "--crf", "12", "-q",
            ])
            XCTAssertEqual(result.status, 0, result.stderr)
            var rows: (white: [Int], black: [Int]) = ([], [])
            try FrameReader(path: output).forEachFrame { time, luma in
                guard abs(time - 1.5) < 0.01 else { return time < 1.5 }
                for row in 0..<luma.height {
                    let line = luma.values[row * luma.width..<(row + 1) * luma.width]
                    if line.filter({ $0 > 200 }).count >= 3 { rows.white.append(row) }
                    if line.filter({ $0 < 40 }).count >= 3 { rows.black.append(row) }
                }
                return false
            }
            let (white, black) = (try XCTUnwrap(rows.white.max()), try XCTUnwrap(rows.black.max()))
            XCTAssertGreaterThan(rows.white.count, 60, "\(placement): the first track's three cues")
            XCTAssertGreaterThan(rows.black.count, 40, "\(placement): the second track's three cues")
            if placement == "below" {
                XCTAssertLessThan(white, rows.black.min()!, "below: white ink rows \(rows.white.min()!)...\(white), black from \(rows.black.min()!)")
            } else {
                XCTAssertLessThan(black, rows.white.min()!, "above: black ink rows \(rows.black.min()!)...\(black), white from \(rows.white.min()!)")
            }
        }
    }
}
