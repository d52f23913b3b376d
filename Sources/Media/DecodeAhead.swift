import CAVCodec
import CAVFilter
import CAVFormat
import CAVUtil
import Foundation

/// Demuxes and decodes on a thread of its own, a few frames ahead of the render thread, so
/// decoding runs while the render thread blends and waits on the encoder: on 2 cores a
/// single-threaded decoder then costs less CPU than a frame-threaded one and still keeps
/// both cores busy (docs/PERFORMANCE.md). Frames and the other streams' packets come out in
/// file order; at most `depth` decoded frames wait, so memory stays bounded. In a cut render
/// (`cut`) only the kept frames come out, with their cut-timeline timestamps, and the thread
/// seeks over a long cut (`KeptFrames`).
final class DecodeAhead: @unchecked Sendable {
    /// What the render thread gets next, in file order.
    enum Item {
        case frame(Frame, time: Double)  // seconds from the timeline start
        case packet(Packet)  // a packet of another stream than the video
        case seek  // the demuxer sought over a cut: the other streams' decoders start afresh
    }

    /// How reading ended, known once `next()` has returned nil.
    struct Ending {
        var damage = VideoSource.Damage()
        var lastTime: Double?  // seconds, of the last frame decoded
        var decodeSeconds = 0.0  // spent demuxing and decoding on the decoding thread
    }

    private let source: VideoSource
    private let depth: Int
    private let cut: KeptRanges?
    private let window: SegmentRange?
    /// Other streams' packets that may wait besides the frames: audio runs a little ahead
    /// of video in most files, and an audio tail after the last frame must not pile up.
    private static let packetLimit = 256
    private let condition = NSCondition()
    // Guarded by `condition`:
    private var items: [Item] = []
    private var first = 0  // index of the oldest waiting item
    private var waitingFrames = 0
    private var framePool: [Frame] = []  // emptied frames, for reuse: no allocation per frame
    private var packetPool: [Packet] = []
    private var closed = false  // the render thread stopped listening
    private var done = false  // the decoding thread has finished
    private var failure: Error?
    private var started = false
    private var waited = 0.0  // seconds the decoding thread spent waiting for room (decoding thread only)
    private(set) var ending = Ending()

    /// Prepares reading `source`; `depth` decoded frames at most wait for the render thread;
    /// `cut`: only these ranges' frames, on the cut timeline; `window`: of these, only the
    /// frames of a split render's segment (source timeline).
    init(source: VideoSource, depth: Int, cut: KeptRanges? = nil, window: SegmentRange? = nil) {
        self.source = source
        self.depth = max(1, depth)
        self.cut = cut
        self.window = window
    }

    /// Starts the decoding thread.
    func start() {
        MediaCounters.add(\.decodeThreadsStarted)
        let thread = Thread { [self] in self.run() }
        thread.name = "burn-captions decode"
        condition.lock()
        started = true
        condition.unlock()
        thread.start()
    }

    /// The next frame or packet; nil at the end (or after `stop()`). Throws what stopped decoding.
    func next() throws -> Item? {
        condition.lock()
        defer { condition.unlock() }
        while first == items.count && !done && !closed { condition.wait() }
        guard first < items.count, !closed else {
            if let failure { throw failure }
            return nil
        }
        let item = items[first]
        first += 1
        if case .frame = item { waitingFrames -= 1 }
        if first >= 32 {
            items.removeFirst(first)
            first = 0
        }
        condition.broadcast()
        return item
    }

    /// Waits until an item is ready or reading has ended (true), or `deadline` passes (false).
    func wait(until deadline: ContinuousClock.Instant) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while first == items.count && !done && !closed {
            let left = (deadline - ContinuousClock.now).seconds
            if left <= 0 { return false }
            _ = condition.wait(until: Date(timeIntervalSinceNow: left))
        }
        return true
    }

    /// Frames and packets waiting now.
    var waiting: (frames: Int, packets: Int) {
        condition.lock()
        defer { condition.unlock() }
        return (waitingFrames, items.count - first - waitingFrames)
    }

    /// Gives back a frame that has been encoded (or dropped), for reuse.
    func recycle(_ frame: Frame) {
        frame.unref()
        condition.lock()
        framePool.append(frame)
        condition.unlock()
    }

    /// Gives back a packet for reuse.
    func recycle(_ packet: Packet) {
        packet.unref()
        condition.lock()
        packetPool.append(packet)
        condition.unlock()
    }

    /// Stops the decoding thread (if it still runs) and waits until it has let go of the
    /// decoder; what still waits is dropped. Safe to call more than once.
    func stop() {
        condition.lock()
        closed = true
        condition.broadcast()
        while started && !done { condition.wait() }
        items.removeAll()
        first = 0
        waitingFrames = 0
        condition.unlock()
    }

    /// Thrown on the decoding thread to unwind when the render thread has stopped.
    private struct Closed: Error {}

    private func run() {
        let timer = StageTimer()
        var ending = Ending()
        var result: Error?
        do {
            try read(timer: timer, ending: &ending)
        } catch is Closed {
        } catch {
            result = error
        }
        ending.decodeSeconds = timer.times[.decode] - waited
        condition.lock()
        self.ending = ending
        failure = result
        done = true
        condition.broadcast()
        condition.unlock()
    }

    private func read(timer: StageTimer, ending: inout Ending) throws {
        let demuxer = source.demuxer
        let packet = try Packet()
        var frames = 0
        var cut = self.cut.map { KeptFrames(kept: $0, source: source, window: window) }
        func deliver(_ frame: Frame) throws {
            var time = source.seconds(frame)
            ending.lastTime = time
            frames += 1
            if cut != nil {
                guard let pts = cut!.place(frame.pointer.pointee.pts, at: time) else { return }
                frame.pointer.pointee.pts = pts
                time = cut!.seconds(pts)
            }
            let held = try spareFrame()
            av_frame_move_ref(held.pointer, frame.pointer)
            try put(.frame(held, time: time))
        }
        /// Decodes a video packet (nil: the end); a damaged one is skipped and counted.
        func decode(_ packet: Packet?) throws {
            try timer.measure(.decode) { try source.decodeSkippingDamage(packet, damage: &ending.damage, deliver) }
        }
        /// A cut or damaged file: keep what decoded well and say so.
        func read() throws -> Bool {
            try timer.measure(.decode) { try source.read(into: packet, decoded: frames > 0, damage: &ending.damage) }
        }
        while try read() {
            let index = packet.pointer.pointee.stream_index
            if index == demuxer.videoStreamIndex {
                // A frame surely cut is decoded only when others refer to it.
                if let cut, let time = source.seconds(of: packet) { source.decoder.skipsUnreferenced = cut.drops(at: time) }
                try decode(packet)
                if let seconds = cut?.seek(), let from = ending.lastTime,
                    try source.skip(to: seconds, from: from + KeptFrames.seekCost)
                {
                    MediaCounters.add(\.cutSeeks)
                    try put(.seek)
                }
            } else {
                cut?.heard(stream: index, pts: packet.pointer.pointee.pts)
                let other = try sparePacket()
                av_packet_move_ref(other.pointer, packet.pointer)
                try put(.packet(other))
            }
            packet.unref()
            // A cut render past its last kept range: the rest of the file is cut.
            if cut?.isDone == true { break }
        }
        try decode(nil)
    }

    /// An emptied frame given back, or a new one.
    private func spareFrame() throws -> Frame {
        condition.lock()
        let reused = framePool.popLast()
        condition.unlock()
        return try reused ?? Frame()
    }

    /// A packet given back, or a new one.
    private func sparePacket() throws -> Packet {
        condition.lock()
        let reused = packetPool.popLast()
        condition.unlock()
        return try reused ?? Packet()
    }

    /// Queues `item`, waiting while `depth` frames (or too many packets) wait already.
    private func put(_ item: Item) throws {
        condition.lock()
        defer { condition.unlock() }
        let isFrame: Bool
        if case .frame = item { isFrame = true } else { isFrame = false }
        var full: Bool { isFrame ? waitingFrames >= depth : items.count - first >= Self.packetLimit }
        if !closed && full {
            let start = ContinuousClock.now
            while !closed && full { condition.wait() }
            waited += (ContinuousClock.now - start).seconds
        }
        if closed { throw Closed() }
        items.append(item)
        if isFrame { waitingFrames += 1 }
        condition.broadcast()
    }
}
