import Captions
import Layout

/// Places the blocks of captions that share the screen so that they never overlap: captions
/// of different lanes on screen together (a sign over the dialogue, SDH's three places) are
/// stacked in lane order, which is file order, top to bottom. A caption's `position` (SubRip's
/// `{\an8}`) picks its place in the safe area: the preset's anchor (bottom, the default), the
/// top edge or the middle; each place stacks on its own. A caption keeps its place for as long
/// as it is on screen: the stack is set once for every run of captions that overlap in time.
enum CaptionStacking {
    /// Space between two stacked blocks (their outlines included). // times the font size
    static let gap = 0.2

    static func stack(_ planned: [PlannedCaption], style: TextStyle) -> [PlannedCaption] {
        var result = planned
        let places: [CaptionPosition] = [.bottom, .middle, .top]
        for place in places {
            let members = planned.indices.filter { (planned[$0].caption.position ?? .bottom) == place }
            for cluster in overlapping(members, planned) {
                let lanes = Set(cluster.map { planned[$0].caption.lane }).sorted()
                // A lone caption at the anchor stays where layout put it.
                if place == .bottom && lanes.count == 1 { continue }
                // Each lane's slot is as tall as its tallest block in the run.
                let heights = lanes.map { lane in
                    cluster.filter { planned[$0].caption.lane == lane }.map { planned[$0].layout.box.height }.max() ?? 0
                }
                let spacing = gap * style.size
                let total = heights.reduce(0, +) + spacing * Double(lanes.count - 1)
                let area = style.safeArea
                let preferred: Double
                switch place {
                case .bottom: preferred = style.anchorY - total / 2
                case .middle: preferred = area.midY - total / 2
                case .top: preferred = area.y
                }
                var slotTop = min(max(preferred, area.y), max(area.y, area.maxY - total))
                for (lane, height) in zip(lanes, heights) {
                    for index in cluster where planned[index].caption.lane == lane {
                        let box = planned[index].layout.box
                        result[index].layout = planned[index].layout.moved(by: slotTop + (height - box.height) / 2 - box.y)
                    }
                    slotTop += height + spacing
                }
            }
        }
        return result
    }

    /// `members` (indices of `planned`, by start) in runs whose captions overlap in time.
    private static func overlapping(_ members: [Int], _ planned: [PlannedCaption]) -> [[Int]] {
        var runs: [[Int]] = []
        var runEnd = -Double.infinity
        for index in members.sorted(by: { planned[$0].caption.start < planned[$1].caption.start }) {
            let caption = planned[index].caption
            if caption.start < runEnd, !runs.isEmpty {
                runs[runs.count - 1].append(index)
                runEnd = max(runEnd, caption.end)
            } else {
                runs.append([index])
                runEnd = caption.end
            }
        }
        return runs
    }
}
