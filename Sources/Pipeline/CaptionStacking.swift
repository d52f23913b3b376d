import Captions
import Layout

/// Places the blocks of captions that share the screen so that they never overlap: captions
/// of different lanes on screen together (a sign over the dialogue, SDH's three places) are
/// stacked in lane order, which is file order, top to bottom. A caption's `position` (SubRip's
/// `{\an8}`) picks its place in the safe area: the preset's anchor (bottom, the default), the
/// top edge or the middle; places are stacked top to bottom and pushed apart (and up from the
/// bottom of the safe area) where they would meet, so no two blocks ever overlap while the
/// stack fits the safe area. A caption keeps its place for as long as it is on screen: the
/// stack is set once for every run of captions that overlap in time.
enum CaptionStacking {
    /// Space between two stacked blocks (their outlines included). // times the font size
    static let gap = 0.2

    /// `planned` with the blocks that share the screen moved apart (nothing else changes).
    static func stack(_ planned: [PlannedCaption], style: TextStyle) -> [PlannedCaption] {
        var result = planned
        let spacing = gap * style.size
        let area = style.safeArea
        for run in overlappingRuns(planned) {
            let keys = run.map { Slot(planned[$0].caption) }
            // A lone caption at the anchor stays where layout put it.
            if Set(keys) == [Slot(place: .bottom, lane: keys[0].lane)] { continue }
            // One slot per place and lane, as tall as its tallest block in the run; places top
            // to bottom, lanes in order within a place.
            let slots = Set(keys).sorted()
            let heights = slots.map { slot in
                zip(run, keys).filter { $0.1 == slot }.map { planned[$0.0].layout.box.height }.max() ?? 0
            }
            // Each place where it wants to be, then pushed down past the place above it...
            var tops: [Double] = []
            var bottom = -Double.infinity
            for place in CaptionPosition.allCases {
                let members = slots.indices.filter { slots[$0].place == place }
                guard !members.isEmpty else { continue }
                let height = members.map { heights[$0] }.reduce(0, +) + spacing * Double(members.count - 1)
                let wanted: Double
                switch place {
                case .top: wanted = area.y
                case .middle: wanted = area.midY - height / 2
                case .bottom: wanted = style.anchorY - height / 2
                }
                var top = max(wanted, bottom + spacing)
                for member in members {
                    tops.append(top)
                    top += heights[member] + spacing
                }
                bottom = top - spacing
            }
            // ...and the whole stack up from the bottom of the safe area if it reaches past it.
            var limit = area.maxY
            for i in slots.indices.reversed() {
                tops[i] = max(area.y, min(tops[i], limit - heights[i]))
                limit = tops[i] - spacing
            }
            for (index, key) in zip(run, keys) {
                let i = slots.firstIndex(of: key)!
                let box = planned[index].layout.box
                result[index].layout = planned[index].layout.moved(by: tops[i] + (heights[i] - box.height) / 2 - box.y)
            }
        }
        return result
    }

    /// A caption's slot in a stack: its place, then its lane.
    private struct Slot: Hashable, Comparable {
        var place: CaptionPosition
        var lane: Int

        init(place: CaptionPosition, lane: Int) {
            self.place = place
            self.lane = lane
        }

        init(_ caption: Caption) { self.init(place: caption.position ?? .bottom, lane: caption.lane) }

        static func < (a: Slot, b: Slot) -> Bool {
            (CaptionPosition.allCases.firstIndex(of: a.place)!, a.lane) < (CaptionPosition.allCases.firstIndex(of: b.place)!, b.lane)
        }
    }

    /// The indices of `planned`, by start, in runs whose captions overlap in time.
    static func overlappingRuns(_ planned: [PlannedCaption]) -> [[Int]] {
        var runs: [[Int]] = []
        var runEnd = -Double.infinity
        for index in planned.indices.sorted(by: { planned[$0].caption.start < planned[$1].caption.start }) {
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
