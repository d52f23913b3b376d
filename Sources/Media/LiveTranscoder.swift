import CAVCodec
import CAVFilter
import CAVFormat
import CAVUtil
import Foundation

/// How a live input's frames are timed.
public enum LivePace: Sendable {
    /// As they arrive (a network input sends at its own pace).
    case asReceived
    /// At the pace their timestamps give (a file read as a live source, `--realtime`).
    case timestamps
}

/// What happened to a live input on the way, for the run to report.
public enum LiveInputEvent: Sendable, Equatable {
    /// The input ended or failed (`reason`) after `frames` frames; the last frame is repeated
    /// while it is waited for.
    case lost(reason: String, frames: Int)
    /// A sender came back after `seconds` of outage.
    case back(seconds: Double)
    /// Nobody came back within the time allowed: the stream ends.
    case gaveUp(seconds: Double)
}

/// How a lost live input is waited for: `reopen` opens it again (listening again, calling
/// again), `limit` seconds at most, the picture at `slate` shown meanwhile (nil: the last
/// frame); nil: the stream ends with its input.
public struct LiveReconnect {
    public var limit: Double  // seconds
    public var slate: String?
    public var reopen: () throws -> MediaInput

    public init(limit: Double, slate: String? = nil, reopen: @escaping () throws -> MediaInput) {
        self.limit = limit
        self.slate = slate
        self.reopen = reopen
    }
}

/// The live sibling of `Transcoder`: decodes a live input with no frame held back (slice
/// threads, low delay), composites each output's caption and encodes it at once (no frame
/// waits for the decoder to let go of it), the other streams' packets passed on, until the
/// input ends or the run is stopped; then every output is completed, as a file render's is.
/// When the input is lost and a `LiveReconnect` is given, the last frame (or its `Slate`) is
/// sent again at the frame rate (with the captions of each instant) and the sound is silence
/// (`SilentAudio`) until a sender comes back: its frames and packets continue the output's
/// timeline, timestamps strictly increasing. With a `delay` (`--delay`) every frame and packet
/// is held that long after it arrives (`DelayLine`); the sound is heard as it arrives, so that
/// recognition runs ahead of the frames it captions.
public final class LiveTranscoder {
    private var source: VideoSource
    private let info: InputInfo
    /// The first connection's, which the outputs were opened for.
    private let first: VideoSource

    /// Opens the decoder for the probed live `input`, one thread beside the encoder's.
    public init(input: MediaInput) throws {
        info = input.info
        source = try VideoSource(input, decoderThreads: 1, keepingChroma: true, lowDelay: true)
        first = source
    }

    /// Frames per second the input says it has.
    public var frameRate: Double { info.frameRate }

    /// One connection's place on the output's timeline.
    private struct Shift {
        var seconds = 0.0
        /// The same in the outputs' video time base.
        var ticks: Int64 = 0
    }

    /// Streams `outputs` until the input ends (and is not back within `reconnect`'s limit) or
    /// `stopped()` (checked at every frame and by the input's blocking reads); then completes
    /// each. An output that fails is left, with its error, and the others go on. `progress`
    /// hears every frame sent, `inputEvent` what became of the input, `outputEvent` of the
    /// outputs; `hear` gets the input's sound as it passes (16 kHz mono, with the output time
    /// of its first sample), on the render thread, as it arrives; frames and packets go out
    /// `delaySeconds` after they arrive.
    public func run(
        outputs: [RenderOutput<RenderTarget>], pace: LivePace, delaySeconds: Double = 0, reconnect: LiveReconnect? = nil,
        stopped: @escaping () -> Bool,
        progress: (TranscodeProgress) -> Void = { _ in }, inputEvent: (LiveInputEvent) -> Void = { _ in },
        outputEvent: (LiveOutputEvent) -> Void = { _ in }, hear: ((UnsafeBufferPointer<Float>, Double) -> Void)? = nil,
        notice noticeOnce: (RenderNotice) -> Void = { _ in }
    ) throws -> [Result<TranscodeSummary, Error>] {
        var noticed: Set<RenderNotice> = []
        func notice(_ notice: RenderNotice) { if noticed.insert(notice).inserted { noticeOnce(notice) } }
        let timer = StageTimer()
        let states = open(outputs, notice: notice)
        // A stream that cannot connect yet is tried again (`OutputRetries`); a file that cannot open ends the run.
        let retried = outputs.contains { if case .stream = $0.target { return true } else { return false } }
        if !states.isEmpty && states.allSatisfy({ $0.failure != nil }) && !retried { return states.map { .failure($0.failure!) } }
        var fanOut = try FrameFanOut(
            outputs: states, source: source, width: info.width, height: info.height, path: info.path, heldDepth: 0)
        var shift = Shift()
        var last: (frame: Frame, time: Double)?
        var retries = OutputRetries(targets: outputs.map(\.target))
        // The decoding thread of the current connection (or of the last, while it is away),
        // which sent frames go back to.
        var ahead = DecodeAhead(source: source, depth: 1)

        /// Outputs that failed are connected again, those connected again take over.
        func tendOutputs() {
            retries.tend(&fanOut, open: { try self.sink(for: $0, notice: { _ in }) }, event: outputEvent)
        }
        func send(_ frame: Frame, time: Double) throws {
            fanOut.accept(frame, time: time, timer: timer)
            try fanOut.release(all: true, to: ahead, timer: timer) { _, _ in }
            progress(TranscodeProgress(frames: fanOut.frames, time: time, duration: nil))
            tendOutputs()
        }
        var isOver: Bool { stopped() || fanOut.allFailed && !retries.retrying }
        // What arrived, on the output's timeline, until it is due (at once without a delay).
        var line = DelayLine<DecodeAhead.Item>(seconds: delaySeconds)
        // The sound while the input is away, and the picture if not the last frame.
        let silence = reconnect == nil ? nil : try? SilentAudio(first.demuxer)
        let slate = try reconnect?.slate.map {
            try Slate(path: $0, width: first.width, height: first.height, format: first.pixelFormat, colors: first.colors)
        }

        /// Sends on what the delay line let go of.
        func sendOn(_ items: [DecodeAhead.Item]) throws {
            for item in items {
                switch item {
                case .frame(let frame, let time):
                    if reconnect != nil { last = try keep(frame, time: time, replacing: last?.frame) }
                    try send(frame, time: time)
                case .packet(let packet):
                    silence?.heard(packet)
                    fanOut.passOn(packet, timer: timer)
                    ahead.recycle(packet)
                    // A packet's write may be the one that finds the connection gone.
                    tendOutputs()
                case .seek:
                    fanOut.restartAudio()
                }
            }
        }

        /// One connection, to its end: why it ended, or nil when the run is over (stopped, or
        /// nothing left to write to). What is still held in the delay line stays there.
        func streamConnection() throws -> String? {
            ahead = DecodeAhead(source: source, depth: 1)
            let tap = hear == nil ? nil : try LiveAudioTap(source.demuxer)
            var rate = ReadRate()
            var failure: String?
            ahead.start()
            defer { ahead.stop() }
            while !isOver {
                if let due = line.nextDue, !ahead.wait(until: due) {
                    try sendOn(line.release())
                    continue
                }
                let next: DecodeAhead.Item?
                do {
                    next = try ahead.next()
                } catch {
                    failure = (error as? MediaError)?.reason ?? String(describing: error)
                    break
                }
                guard let item = next else { break }
                switch item {
                case .frame(let frame, let time):
                    if pace == .timestamps { rate.wait(for: time, stopped: stopped) }
                    if source !== first {
                        frame.pointer.pointee.pts = av_rescale_q(frame.pointer.pointee.pts, source.timeBase, first.timeBase) + shift.ticks
                    }
                    line.hold(.frame(frame, time: time + shift.seconds))
                case .packet(let packet):
                    if let hear { tap?.hear(packet, shift: shift.seconds, hear) }
                    if source !== first { retime(packet, shift: shift) }
                    line.hold(.packet(packet))
                case .seek:
                    line.hold(.seek)
                }
                try sendOn(line.release())
            }
            ahead.stop()
            if isOver { return nil }
            return failure ?? ahead.ending.damage.reason ?? "the sender closed the stream"
        }

        /// Sends what the delay line still holds, each when it is due (all at once when stopped).
        func drain() throws {
            while let due = line.nextDue, !stopped(), !isOver {
                let left = (due - ContinuousClock.now).seconds
                if left > 0 { Thread.sleep(forTimeInterval: min(left, 0.05)) }
                try sendOn(line.release())
            }
            try sendOn(line.release(by: nil))
        }

        /// `held` (or the slate) again at the frame rate, with the captions of each instant, while
        /// the input is opened again: the input once it is back, with the time of the last frame
        /// sent; nil when it is not back within the limit or the run is stopped.
        func holdUntilBack(
            _ reconnect: LiveReconnect, _ held: (frame: Frame, time: Double), _ waiter: Reopening, lost: ContinuousClock.Instant
        ) throws -> (MediaInput, Double)? {
            defer { waiter.abandon() }
            let sentAt = ContinuousClock.now  // of `held`, after what the delay line held went out
            let frameSeconds = 1 / max(1, frameRate)
            var holding = held.time
            while !stopped(), (ContinuousClock.now - lost).seconds < reconnect.limit {
                if let input = waiter.opened {
                    inputEvent(.back(seconds: (ContinuousClock.now - lost).seconds))
                    return (input, holding)
                }
                let due = sentAt + .milliseconds(Int64(((holding - held.time + frameSeconds) * 1000).rounded()))
                while ContinuousClock.now < due && !stopped() && waiter.opened == nil { Thread.sleep(forTimeInterval: 0.005) }
                if waiter.opened != nil || stopped() { continue }
                holding += frameSeconds
                let copy = try Frame()
                try MediaError.check(av_frame_ref(copy.pointer, (slate?.frame ?? held.frame).pointer), "av_frame_ref", file: info.path)
                copy.pointer.pointee.pts = held.frame.pointer.pointee.pts + Self.ticks(holding - held.time, in: first.timeBase)
                try send(copy, time: holding)
                try silence?.fill(until: holding + frameSeconds) { fanOut.passOn($0, timer: timer) }
            }
            if !stopped() { inputEvent(.gaveUp(seconds: (ContinuousClock.now - lost).seconds)) }
            return nil
        }

        /// Continues the output's timeline with `input`, whose first frame (at about 0: its
        /// timestamps count from its start) comes one frame after `after` seconds.
        func join(_ input: MediaInput, after: Double) throws {
            guard input.info.width == info.width, input.info.height == info.height else {
                throw MediaError.unsupported(
                    file: info.path,
                    message: "the sender came back with \(input.info.width)x\(input.info.height) pictures, not \(info.width)x\(info.height)")
            }
            source = try VideoSource(input, decoderThreads: 1, keepingChroma: true, lowDelay: true)
            shift.seconds = after + 1 / max(1, frameRate)
            shift.ticks = Self.ticks(shift.seconds, in: first.timeBase)
            last = nil
        }

        tendOutputs()
        while true {
            let ended = try streamConnection()
            if let ended { inputEvent(.lost(reason: ended, frames: fanOut.frames)) }
            // Listening again at once, while what is held goes out.
            let lost = ContinuousClock.now
            let waiter = ended == nil ? nil : reconnect.map { Reopening($0.reopen) }
            try drain()
            guard let reconnect, let waiter, let held = last, let back = try holdUntilBack(reconnect, held, waiter, lost: lost) else {
                waiter?.abandon()
                break
            }
            try join(back.0, after: back.1)
        }
        fanOut.finish(timer: timer)
        return fanOut.summaries(stages: timer.times)
    }

    /// `seconds` in `timeBase` ticks.
    private static func ticks(_ seconds: Double, in timeBase: AVRational) -> Int64 {
        av_rescale_q(Int64((seconds * 1_000_000).rounded()), AVRational(num: 1, den: 1_000_000), timeBase)
    }

    /// A reference to `frame` as decoded (before any caption is drawn on it: the reference
    /// makes the fan-out draw on a copy), kept for repeating while the input is away.
    private func keep(_ frame: Frame, time: Double, replacing old: Frame?) throws -> (frame: Frame, time: Double) {
        let kept = try old ?? Frame()
        kept.unref()
        try MediaError.check(av_frame_ref(kept.pointer, frame.pointer), "av_frame_ref", file: info.path)
        return (kept, time)
    }

    /// A packet of a later connection moved onto the first connection's stream of the same
    /// index: its time base, its timeline offset, and the connection's shift.
    private func retime(_ packet: Packet, shift: Shift) {
        let index = Int(packet.pointer.pointee.stream_index)
        guard index < first.demuxer.streamCount, index < source.demuxer.streamCount else { return }
        let from = source.demuxer.stream(index).pointee.time_base
        let to = first.demuxer.stream(index).pointee.time_base
        let fromOffset = source.demuxer.timelineOffset(in: from)
        let toOffset = first.demuxer.timelineOffset(in: to)
        let ticks = Self.ticks(shift.seconds, in: to)
        for keyPath in [\AVPacket.pts, \AVPacket.dts] where packet.pointer.pointee[keyPath: keyPath] != AVCode.noPTS {
            packet.pointer.pointee[keyPath: keyPath] =
                av_rescale_q(packet.pointer.pointee[keyPath: keyPath] - fromOffset, from, to) + toOffset + ticks
        }
        packet.pointer.pointee.duration = av_rescale_q(packet.pointer.pointee.duration, from, to)
    }

    /// Each output's state, its encoder and muxer opened (the connection made), or why not.
    private func open(_ outputs: [RenderOutput<RenderTarget>], notice: (RenderNotice) -> Void) -> [OutputState] {
        outputs.map { output in
            OutputState(output, tenBit: source.pixelFormat == AV_PIX_FMT_YUV420P10LE) { try sink(for: output.target, notice: notice) }
        }
    }

    /// The encoder and muxer of `target`, connected and with its header written (nil: frames
    /// dropped), for frames like the first connection's.
    private func sink(for target: RenderTarget, notice: (RenderNotice) -> Void) throws -> BurnedOutput? {
        let muxer: Muxer
        let name: String
        let settings: EncoderSettings
        switch target {
        case .file(let path, let finalPath, let fileSettings):
            muxer = try Muxer(path: path, formatFor: finalPath)
            (name, settings) = (finalPath, fileSettings)
        case .stream(let address, let streamSettings, let watch):
            muxer = try Muxer(live: address, watch: watch)
            (name, settings) = (address.redacted, streamSettings)
        case .discard:
            return nil
        }
        return try BurnedOutput(source: first, muxer: muxer, finalPath: name, settings: settings, segment: nil, notice: notice)
    }
}
