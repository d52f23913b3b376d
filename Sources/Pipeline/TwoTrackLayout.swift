import Captions
import Imaging
import Layout
import Settings

/// Lays out bilingual captions: the first track and a second (`--second-captions`), each with
/// its own timing, chunking, language and font, the second at the preset's `sizeRatio` and in
/// its own colour. The tracks meet at one seam: the first track's blocks end there and the
/// second's start one gap below it (or the other way round, `placement: above`), so the two
/// never overlap and, when both are on screen, form one block around the preset's anchor.
/// A track's captions on screen together at the anchor (simultaneous or overlapping cues, in
/// lanes) are one stack, as `CaptionStacking` set it, and move as one: the whole stack stays on
/// its track's side of the seam. The seam is set once for the whole video, from the tallest
/// stack of each track, so no caption moves while it is on screen; when the tallest two do not
/// fit the safe area together, both tracks are set smaller by the same factor until they do.
enum TwoTrackLayout {
    /// Tries at a smaller size before giving up and placing what there is.
    static let maximumShrinks = 4

    /// Both tracks planned and placed, merged in time order (first track first at equal starts).
    static func plan(
        first: [Caption], second: [Caption], engine: LayoutEngine, style: TextStyle, track: Preset.SecondTrack,
        languages: (first: String?, second: String?), charactersPerLine: [String: Int]
    ) throws -> [PlannedCaption] {
        var scale = 1.0
        var attempt = 0
        while true {
            let firstStyle = scaled(style, by: scale)
            let secondStyle = scaled(style, by: scale * track.sizeRatio)
            let firstPlanned = CaptionStacking.stack(
                try LayoutPlanner.plan(
                    first, engine: engine, style: firstStyle, language: languages.first, charactersPerLine: charactersPerLine),
                style: firstStyle)
            var secondPlanned = CaptionStacking.stack(
                try LayoutPlanner.plan(
                    second, engine: engine, style: secondStyle, language: languages.second, charactersPerLine: charactersPerLine),
                style: secondStyle)
            for index in secondPlanned.indices {
                secondPlanned[index].track = 2
                secondPlanned[index].fill = track.fill
                secondPlanned[index].outline = track.outline
            }
            let stacks = (first: stacks(firstPlanned), second: stacks(secondPlanned))
            let heights = (first: tallest(stacks.first), second: tallest(stacks.second))
            let gap = CaptionStacking.gap * firstStyle.size
            let needed = heights.first + gap + heights.second
            let area = style.safeArea
            if needed <= area.height || attempt == maximumShrinks {
                let top = max(area.y, min(style.anchorY - needed / 2, area.maxY - needed))
                let below = track.placement == .below
                let seam = top + (below ? heights.first : heights.second)
                // The upper track's stacks end at the seam; the lower's start one gap past it.
                let placed =
                    moved(firstPlanned, stacks: stacks.first) { below ? seam - $0.bottom : seam + gap - $0.top }
                    + moved(secondPlanned, stacks: stacks.second) { below ? seam + gap - $0.top : seam - $0.bottom }
                return placed.sorted { ($0.caption.start, $0.track) < ($1.caption.start, $1.track) }
            }
            scale *= max(0.5, (area.height - gap) / (needed - gap))
            attempt += 1
        }
    }

    /// `style` with its sizes times `factor`.
    static func scaled(_ style: TextStyle, by factor: Double) -> TextStyle {
        var scaled = style
        scaled.size *= factor
        scaled.minimumSize *= factor
        return scaled
    }

    /// A track's captions at the anchor that are on screen together (indices into its
    /// planned captions), and the extent of their blocks as stacking placed them. // pixels
    private struct Stack {
        var members: [Int]
        var top: Double
        var bottom: Double
    }

    /// The stacks of a track at the anchor: its captions there (every lane) in runs that
    /// overlap in time.
    private static func stacks(_ planned: [PlannedCaption]) -> [Stack] {
        let anchored = planned.indices.filter { isAtAnchor(planned[$0].caption) }
        return CaptionStacking.overlappingRuns(anchored.map { planned[$0] }).map { run in
            let members = run.map { anchored[$0] }
            let boxes = members.map { planned[$0].layout.box }
            return Stack(members: members, top: boxes.map(\.y).min()!, bottom: boxes.map(\.maxY).max()!)
        }
    }

    /// The height of the tallest stack of a track (pixels); 0 for none.
    private static func tallest(_ stacks: [Stack]) -> Double { stacks.map { $0.bottom - $0.top }.max() ?? 0 }

    /// `planned` with each stack moved down by `offset(stack)` (pixels), its blocks together.
    private static func moved(_ planned: [PlannedCaption], stacks: [Stack], offset: (Stack) -> Double) -> [PlannedCaption] {
        var result = planned
        for stack in stacks {
            let distance = offset(stack)
            for member in stack.members { result[member].layout = planned[member].layout.moved(by: distance) }
        }
        return result
    }

    /// Captions at the preset's anchor (in any lane) take part in the block; those a file
    /// placed elsewhere (`{\an8}`) keep the place stacking gave them.
    private static func isAtAnchor(_ caption: Caption) -> Bool { (caption.position ?? .bottom) == .bottom }
}
