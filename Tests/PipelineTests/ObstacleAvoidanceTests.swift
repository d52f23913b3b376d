import Foundation
import Imaging
import TestSupport
import Vision
import XCTest

@testable import Pipeline

/// Placement in the planner's process: a block is as large as all it may paint, so a box
/// beside the last word of a `pop` caption, clear of the laid-out block but under the word
/// when it grows, still moves the caption.
final class ObstacleAvoidanceTests: XCTestCase {
    func testABoxUnderAGrownWordMovesTheCaption() throws {
        let folder = try temporaryFolder()
        let clip = try CLI.blackClip(size: "540x960", seconds: 3, in: folder)
        let captions = try SubRipFile.write([(0.2, 2.5, "Grow")], named: "grow", in: folder)
        var request = BurnRequest(input: .file(clip), captions: CaptionInput(file: captions), output: .none)
        request.look = "pop"
        let layout = try BurnPlanner.prepare(request, events: { _ in }).planned[0].layout
        let painted = ObstacleAvoidance.painted(layout)
        XCTAssertGreaterThan(painted.maxX, layout.box.maxX, "the grown word reaches past the block")
        // Right of the block by more than the margin, but within the margin of the grown word.
        let space = ObstacleAvoidance.margin * layout.fontSize
        let x = layout.box.maxX + space + 0.5
        XCTAssertLessThan(x, painted.maxX + space, "the test's box would not touch the grown word")
        let file = folder.appendingPathComponent("beside.json")
        try #"{"obstacles": [{"x": \#(x), "y": \#(layout.box.y), "width": 40, "height": \#(layout.box.height), "start": 0, "end": 3}]}"#
            .write(to: file, atomically: true, encoding: .utf8)
        request.obstaclesFile = file.path
        let moved = try BurnPlanner.prepare(request, events: { _ in }).planned[0]
        XCTAssertEqual(moved.placement?.place, 1)
        XCTAssertNotEqual(moved.layout.box.y, layout.box.y)
    }
}
