/// CEA-608 pairs spread over video frames as A/53 caption data: each frame carries at most
/// one field-1 pair (608 runs at about 60 bytes a second: one pair a frame at 29.97 or 30
/// frames a second; above 30, on every other frame), pairs queued at their times and sent
/// in order, the null pair when none waits.
public struct CEA608Schedule: Sendable {
    /// Pairs due at a time, in the order they are sent. // seconds
    public struct Event: Sendable, Equatable {
        public var seconds: Double
        public var pairs: [CEA608Pair]
        public init(seconds: Double, pairs: [CEA608Pair]) { (self.seconds, self.pairs) = (seconds, pairs) }
    }

    private let events: [Event]
    private var next = 0  // the first event not yet queued
    private var queue: [CEA608Pair] = []
    private var head = 0
    private var frame = 0
    /// A pair goes on every `stride`-th frame.
    private let stride: Int

    /// `events` (sent in time order, those at one time in the order given); `framesPerSecond`
    /// of the video they are carried in.
    public init(events: [Event], framesPerSecond: Double) {
        // In time order; events at one time in the order given.
        self.events = events.enumerated().sorted { ($0.element.seconds, $0.offset) < ($1.element.seconds, $1.offset) }.map(\.element)
        stride = framesPerSecond > 30.5 ? 2 : 1
    }

    /// Queues `pairs` to be sent from the next frame on, after those already due (a live
    /// stream's words, sent as they are committed).
    public mutating func send(_ pairs: [CEA608Pair]) {
        queue += pairs
    }

    /// Pairs due and not yet sent.
    public var backlog: Int { queue.count - head + events[next...].reduce(0) { $0 + $1.pairs.count } }

    /// The pair the frame shown at `seconds` carries (frames asked for in order).
    public mutating func pair(forFrameAt seconds: Double) -> CEA608Pair {
        defer { frame += 1 }
        while next < events.count && events[next].seconds <= seconds + 1e-9 {
            queue += events[next].pairs
            next += 1
        }
        guard frame % stride == 0, head < queue.count else { return .null }
        let pair = queue[head]
        head += 1
        if head >= 4096 {  // what was sent is let go of
            queue.removeFirst(head)
            head = 0
        }
        return pair
    }

    /// The frame's A/53 `cc_data` triplets: field 1 with `pair`, field 2 empty (0xFC b1 b2
    /// 0xFD 0x80 0x80: marker bits, valid, type 0 and 1).
    public static func ccData(_ pair: CEA608Pair) -> [UInt8] {
        [0xFC, pair.first, pair.second, 0xFD, 0x80, 0x80]
    }
}
