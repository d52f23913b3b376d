import Captions
import Imaging
import Layout
import Vision

/// Where avoiding obstacles put a caption: at the preset's anchor (place 0) or at one of its
/// other places, and the obstacle that made it move, or that it covers because no place was free.
public struct CaptionPlacement: Sendable, Equatable {
    /// 0 for the anchor, else the number of the preset's other place (1 for the first).
    public var place: Int
    /// The obstacle that blocked the anchor (for a move) or every place (when `blocked`).
    public var obstacle: Obstacle?
    /// No place was free: the caption stayed at the anchor over `obstacle`.
    public var blocked: Bool
    /// How far it moved from the anchor, down when positive. // pixels
    public var offset = 0.0
}

/// Moves captions off the faces and text in the picture while they are on screen. The captions
/// that share the screen (a stack, two tracks) move as one block, as large as all they may
/// paint (each word's largest state included), and a block never moves while
/// it is shown. Its places are the preset's anchor, then the preset's other places in their
/// order, each kept inside the safe area; a block takes the anchor when it clears every
/// obstacle on screen with it by `margin`, else the place the block before it in the same shot
/// took when that one is still clear (consecutive captions do not hop), else the first clear
/// place. Where none is clear the block stays at the anchor, and says so.
enum ObstacleAvoidance {
    /// Space kept between a caption's block and an obstacle. // times the font size
    static let margin = 0.25

    /// `planned` with blocks moved off `obstacles`; `places` are the centres of the preset's
    /// other places (frame pixels, in order), `cuts` the shots' starts (seconds).
    static func place(
        _ planned: [PlannedCaption], obstacles: [Obstacle], style: TextStyle, places: [Double], cuts: [Double]
    ) -> [PlannedCaption] {
        guard !obstacles.isEmpty else { return planned }
        var result = planned
        let area = style.safeArea
        let space = margin * style.size
        var previous: (place: Int, shot: Int)? = nil
        for run in CaptionStacking.overlappingRuns(planned) {
            // The blocks' boxes stay inside the safe area (as layout keeps them); what they may
            // paint clears the obstacles.
            let block = run.map { planned[$0].layout.box }.reduce(planned[run[0]].layout.box) { $0.union($1) }
            let paint = run.map { painted(planned[$0].layout) }.reduce(block) { $0.union($1) }
            let start = run.map { planned[$0].caption.start }.min()!
            let end = run.map { planned[$0].caption.end }.max()!
            let shot = cuts.lastIndex { $0 <= start } ?? -1
            let seen = obstacles.filter { $0.isSeen(from: start, to: end) }
            // The moves of each place: the anchor's none, the others' centred on their line,
            // kept inside the safe area.
            let moves = [0.0] + places.map { centre in
                min(max(centre - block.midY, area.y - block.y), area.maxY - block.maxY)
            }
            func blocker(_ place: Int) -> Obstacle? {
                var moved = paint
                moved.y += moves[place]
                return seen.first { $0.box.intersects(moved.expanded(by: space)) }
            }
            let anchorBlocker = blocker(0)
            var chosen = 0
            var placement: CaptionPlacement? = nil
            if let anchorBlocker {
                let order =
                    (previous.map { $0.shot == shot && $0.place > 0 ? [$0.place] : [] } ?? []) + Array(moves.indices.dropFirst())
                if let free = order.first(where: { blocker($0) == nil }) {
                    chosen = free
                    placement = CaptionPlacement(place: free, obstacle: anchorBlocker, blocked: false, offset: moves[free])
                } else {
                    placement = CaptionPlacement(place: 0, obstacle: anchorBlocker, blocked: true)
                }
            }
            previous = (chosen, shot)
            for index in run {
                if chosen > 0 { result[index].layout = planned[index].layout.moved(by: moves[chosen]) }
                result[index].placement = placement
            }
        }
        return result
    }

    /// What a caption may paint in any of its states: its block with the outline, and each
    /// word's largest state (a word that grows, its box). // frame pixels
    static func painted(_ layout: LaidOutCaption) -> Rect {
        layout.words.reduce(layout.box) { area, word in
            area.union(
                Rect(
                    x: layout.frame.x + word.reserved.x, y: layout.frame.y + word.reserved.y, width: word.reserved.width,
                    height: word.reserved.height))
        }
    }
}
