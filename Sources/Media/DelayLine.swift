import Foundation

/// `--delay`: what a live input brings, held back a fixed time after it arrives before it is
/// sent on, in arrival order, so that captions recognized meanwhile can land on their words as
/// in a file render. With 0 s everything is due as it arrives. Memory: the frames of `seconds`
/// of stream (3 s of 720p30 is 90 frames, about 125 MB).
struct DelayLine<Item> {
    /// How long an item waits after it arrives. // seconds
    let seconds: Double
    private var items: [(due: ContinuousClock.Instant, item: Item)] = []
    private var first = 0

    init(seconds: Double) {
        self.seconds = max(0, seconds)
    }

    /// When the oldest waiting item is due; nil when none waits.
    var nextDue: ContinuousClock.Instant? { first < items.count ? items[first].due : nil }

    /// Keeps `item`, arrived now, until `seconds` later.
    mutating func hold(_ item: Item) {
        items.append((.now + .milliseconds(Int64((seconds * 1000).rounded())), item))
    }

    /// The items due by `now`, oldest first, let go of; all of them when `now` is nil.
    mutating func release(by now: ContinuousClock.Instant? = .now) -> [Item] {
        var end = first
        while end < items.count, now.map({ items[end].due <= $0 }) ?? true { end += 1 }
        let due = items[first..<end].map(\.item)
        first = end
        if first >= 64 || first == items.count {
            items.removeFirst(first)
            first = 0
        }
        return due
    }
}
