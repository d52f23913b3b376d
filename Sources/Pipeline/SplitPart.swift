import Captions
import Foundation
import Imaging
import Media
import Vision

/// A part of a split render: the captions its plan fixed, by track, its segment, and in a
/// split cut render the kept ranges (the segment's kept frames are rendered on the cut timeline).
public struct SplitPart: Sendable, Equatable {
    var segment: SegmentRange
    var plan: PlanDocument
    var planPath: String
    var input: InputIdentity  // the file planned
    var kept: KeptRanges?  // the plan's, when it cuts

    public init(segment: SegmentRange, plan: PlanDocument, planPath: String, input: InputIdentity, kept: KeptRanges? = nil) {
        self.segment = segment
        self.plan = plan
        self.planPath = planPath
        self.input = input
        self.kept = kept
    }

    /// The captions the plan fixed, by track, once `info` (the probed input) is shown to be
    /// the file planned: same size, duration, streams and ends.
    func tracks(checking info: InputInfo) throws -> [[Caption]] {
        let differences = try InputIdentity(info).differences(from: input)
        guard differences.isEmpty else {
            throw BurnError.input(
                "\(info.path): not the file \(planPath) was planned for (\(differences.joined(separator: "; ")))"
                    + (plan.render.map { "; that was \($0.input)" } ?? ""))
        }
        return plan.tracks
    }

    /// The obstacles the plan's captions were moved off (none when it avoided nothing).
    var obstacles: [Obstacle] {
        (plan.obstacles ?? []).map {
            Obstacle(
                kind: Obstacle.Kind(rawValue: $0.kind) ?? .other,
                box: Rect(x: $0.box.x, y: $0.box.y, width: $0.box.width, height: $0.box.height), start: $0.start,
                end: $0.end, origin: Obstacle.Origin(rawValue: $0.origin) ?? .file)
        }
    }

    /// Fails when `planned` (this machine's layout of the plan's captions) is not the plan's:
    /// other fonts, presets or another version of burn-captions than where it was planned.
    func check(_ planned: [PlannedCaption], width: Int, height: Int, safeArea: Rect) throws {
        guard plan.frame == PlanDocument.Size(width: width, height: height) else {
            throw BurnError.input(
                "\(planPath): planned for a \(plan.frame.width)x\(plan.frame.height) frame, the input is \(width)x\(height)")
        }
        let here = PlanDocument(planned, width: width, height: height, safeArea: safeArea).captions
        var expected = plan.captions
        for index in expected.indices { expected[index].findings = nil }
        guard here != expected else { return }
        guard here.count == expected.count else {
            throw BurnError.input("\(planPath): \(expected.count) captions planned, \(here.count) laid out here")
        }
        let (index, mine) = here.enumerated().first { $0.element != expected[$0.offset] }!
        let theirs = expected[index]
        var differences: [String] = []
        if mine.lines.flatMap(\.fonts) != theirs.lines.flatMap(\.fonts) {
            differences.append("fonts \(Set(mine.lines.flatMap(\.fonts)).sorted()), planned \(Set(theirs.lines.flatMap(\.fonts)).sorted())")
        }
        if mine.fontSize != theirs.fontSize { differences.append("size \(mine.fontSize), planned \(theirs.fontSize)") }
        if mine.lines.map(\.text) != theirs.lines.map(\.text) { differences.append("other line breaks") }
        if differences.isEmpty { differences.append("another place or colour") }
        throw BurnError.input(
            "\(planPath): caption \(index + 1) (\"\(theirs.text)\") is laid out differently here than where it was planned "
                + "(\(differences.joined(separator: "; "))): this machine's fonts, presets or burn-captions differ")
    }
}
