import Captions
import Imaging
import Layout

/// Lays out bilingual captions: the first track and a second (`--second-captions`), each with
/// its own timing, chunking, language and font, the second at the preset's `sizeRatio` and in
/// its own colour. The tracks meet at one seam: the first track's blocks end there and the
/// second's start one gap below it (or the other way round, `placement: above`), so the two
/// never overlap and, when both are on screen, form one block around the preset's anchor.
/// The seam is set once for the whole video, from the tallest block of each track, so no
/// caption moves while it is on screen; when the tallest two do not fit the safe area together,
/// both tracks are set smaller by the same factor until they do.
enum TwoTrackLayout {
    /// Tries at a smaller size before giving up and placing what there is.
    static let maximumShrinks = 4

    /// Both tracks planned and placed, merged in time order (first track first at equal starts).
    static func plan(
        first: [Caption], second: [Caption], engine: LayoutEngine, style: TextStyle, track: Preset.SecondTrack,
        languages: (first: String?, second: String?), minGap: Double, charactersPerLine: [String: Int], splitting: Bool = true
    ) throws -> [PlannedCaption] {
        var scale = 1.0
        var attempt = 0
        while true {
            let firstStyle = scaled(style, by: scale)
            let secondStyle = scaled(style, by: scale * track.sizeRatio)
            let firstPlanned = CaptionStacking.stack(
                try LayoutPlanner.plan(
                    first, engine: engine, style: firstStyle, language: languages.first, minGap: minGap,
                    charactersPerLine: charactersPerLine, splitting: splitting),
                style: firstStyle)
            var secondPlanned = CaptionStacking.stack(
                try LayoutPlanner.plan(
                    second, engine: engine, style: secondStyle, language: languages.second, minGap: minGap,
                    charactersPerLine: charactersPerLine, splitting: splitting),
                style: secondStyle)
            for index in secondPlanned.indices {
                secondPlanned[index].track = 2
                secondPlanned[index].fill = track.fill
                secondPlanned[index].outline = track.outline
            }
            let heights = (first: tallest(firstPlanned), second: tallest(secondPlanned))
            let gap = CaptionStacking.gap * firstStyle.size
            let needed = heights.first + gap + heights.second
            let area = style.safeArea
            if needed <= area.height || attempt == maximumShrinks {
                let top = max(area.y, min(style.anchorY - needed / 2, area.maxY - needed))
                let (upper, lower) = track.placement == .below ? (firstPlanned, secondPlanned) : (secondPlanned, firstPlanned)
                let seam = top + (track.placement == .below ? heights.first : heights.second)
                let placed =
                    upper.map { item in atSeam(item) { $0.moved(by: seam - $0.box.maxY) } }
                    + lower.map { item in atSeam(item) { $0.moved(by: seam + gap - $0.box.y) } }
                return placed.sorted { ($0.caption.start, $0.track) < ($1.caption.start, $1.track) }
            }
            scale *= max(0.5, (area.height - gap) / (needed - gap))
            attempt += 1
        }
    }

    /// `style` with its sizes times `factor`.
    private static func scaled(_ style: TextStyle, by factor: Double) -> TextStyle {
        var scaled = style
        scaled.size *= factor
        scaled.minimumSize *= factor
        return scaled
    }

    /// The height of the tallest block of a track at the anchor (pixels); 0 for none.
    private static func tallest(_ planned: [PlannedCaption]) -> Double {
        planned.filter { isAtAnchor($0.caption) }.map(\.layout.box.height).max() ?? 0
    }

    /// Captions at the preset's anchor take part in the block; those a file placed elsewhere
    /// (`{\an8}`, lanes of captions that share the screen) keep the place stacking gave them.
    private static func isAtAnchor(_ caption: Caption) -> Bool {
        caption.lane == 0 && (caption.position ?? .bottom) == .bottom
    }

    private static func atSeam(_ item: PlannedCaption, _ move: (LaidOutCaption) -> LaidOutCaption) -> PlannedCaption {
        guard isAtAnchor(item.caption) else { return item }
        var moved = item
        moved.layout = move(item.layout)
        return moved
    }
}
