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

/// What happened to a live output on the way.
public enum LiveOutputEvent: Sendable, Equatable {
    /// Output `index` failed (`reason`: the server refused or dropped the connection); it is
    /// tried again in `retry` seconds.
    case lost(index: Int, reason: String, retry: Double)
    /// Output `index` is connected again.
    case back(index: Int)
}

/// How a lost live input is waited for: `reopen` opens it again (listening again, calling
/// again), `limit` seconds at most; nil: the stream ends with its input.
public struct LiveReconnect {
    public var limit: Double  // seconds
    public var reopen: () throws -> MediaInput

    public init(limit: Double, reopen: @escaping () throws -> MediaInput) {
        self.limit = limit
        self.reopen = reopen
    }
}

/// The live sibling of `Transcoder`: decodes a live input with no frame held back (slice
/// threads, low delay), composites each output's caption and encodes it at once (no frame
/// waits for the decoder to let go of it), the other streams' packets passed on, until the
/// input ends or the run is stopped; then every output is completed, as a file render's is.
/// When the input is lost and a `LiveReconnect` is given, the last frame is sent again at the
/// frame rate (with the captions of each instant) until a sender comes back: its frames and
/// packets continue the output's timeline, timestamps strictly increasing.
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
    /// of its first sample), on the render thread.
    public func run(
        outputs: [RenderOutput<RenderTarget>], pace: LivePace, reconnect: LiveReconnect? = nil, stopped: @escaping () -> Bool,
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
        func send(_ frame: Frame, time: Double, to ahead: DecodeAhead) throws {
            fanOut.accept(frame, time: time, timer: timer)
            try fanOut.release(all: true, to: ahead, timer: timer) { _, _ in }
            progress(TranscodeProgress(frames: fanOut.frames, time: time, duration: nil))
            retries.tend(&fanOut, open: { try self.sink(for: $0, notice: { _ in }) }, event: outputEvent)
        }
        retries.tend(&fanOut, open: { try self.sink(for: $0, notice: { _ in }) }, event: outputEvent)
        while true {
            // One connection, to its end.
            let ahead = DecodeAhead(source: source, depth: 1)
            let tap = hear == nil ? nil : try LiveAudioTap(source.demuxer)
            var rate = ReadRate()
            var failure: String?
            ahead.start()
            defer { ahead.stop() }
            while !stopped() {
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
                    let outTime = time + shift.seconds
                    if source !== first {
                        frame.pointer.pointee.pts = av_rescale_q(frame.pointer.pointee.pts, source.timeBase, first.timeBase) + shift.ticks
                    }
                    if reconnect != nil { last = try keep(frame, time: outTime, replacing: last?.frame) }
                    try send(frame, time: outTime, to: ahead)
                case .packet(let packet):
                    if let hear { tap?.hear(packet, shift: shift.seconds, hear) }
                    if source !== first { retime(packet, shift: shift) }
                    fanOut.passOn(packet, timer: timer)
                    ahead.recycle(packet)
                case .seek:
                    fanOut.restartAudio()
                }
                if fanOut.allFailed && !retries.retrying { break }
            }
            ahead.stop()
            if stopped() || fanOut.allFailed && !retries.retrying { break }
            inputEvent(.lost(reason: failure ?? ahead.ending.damage.reason ?? "the sender closed the stream", frames: fanOut.frames))
            guard let reconnect, let held = last else { break }
            // The last frame again at the frame rate, until a sender comes back.
            let lost = ContinuousClock.now
            let waiter = Reopening(reconnect.reopen)
            defer { waiter.abandon() }
            let frameSeconds = 1 / max(1, frameRate)
            var holding = held.time
            var back: MediaInput?
            while !stopped(), (ContinuousClock.now - lost).seconds < reconnect.limit {
                back = waiter.opened
                if back != nil { break }
                let due = lost + .milliseconds(Int64(((holding - held.time + frameSeconds) * 1000).rounded()))
                while ContinuousClock.now < due && !stopped() && waiter.opened == nil { Thread.sleep(forTimeInterval: 0.005) }
                if waiter.opened != nil || stopped() { continue }
                holding += frameSeconds
                let copy = try Frame()
                try MediaError.check(av_frame_ref(copy.pointer, held.frame.pointer), "av_frame_ref", file: info.path)
                copy.pointer.pointee.pts = held.frame.pointer.pointee.pts + Self.ticks(holding - held.time, in: first.timeBase)
                try send(copy, time: holding, to: ahead)
            }
            guard let input = back else {
                if !stopped() { inputEvent(.gaveUp(seconds: (ContinuousClock.now - lost).seconds)) }
                break
            }
            inputEvent(.back(seconds: (ContinuousClock.now - lost).seconds))
            guard input.info.width == info.width, input.info.height == info.height else {
                throw MediaError.unsupported(
                    file: info.path,
                    message: "the sender came back with \(input.info.width)x\(input.info.height) pictures, not \(info.width)x\(info.height)")
            }
            // Timestamps count from the new stream's start: its first frame, at about 0, comes
            // one frame after the last one sent.
            source = try VideoSource(input, decoderThreads: 1, keepingChroma: true, lowDelay: true)
            shift.seconds = holding + frameSeconds
            shift.ticks = Self.ticks(shift.seconds, in: first.timeBase)
            last = nil
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
            var state = OutputState(overlay: output.overlay, narrows: source.pixelFormat == AV_PIX_FMT_YUV420P10LE)
            state.closedCaptions = output.closedCaptions
            do {
                if let sink = try sink(for: output.target, notice: notice) {
                    state.sink = sink
                    state.narrows = sink.takesNarrowed
                }
            } catch {
                state.failure = error
            }
            return state
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

/// The live outputs that failed and are connected again, each after a pause that doubles
/// from 1 s to 30 s; a file output that fails stays failed. Each attempt runs on a thread of
/// its own, so that a server that does not answer never holds up the frames.
private struct OutputRetries {
    private let targets: [RenderTarget]
    private var pending: [Int: (attempt: Int, at: ContinuousClock.Instant, opening: Background<BurnedOutput?>?)] = [:]
    static let pauses: [Double] = [1, 2, 4, 8, 16, 30]

    init(targets: [RenderTarget]) { self.targets = targets }

    /// Whether an output waits to be connected again.
    var retrying: Bool { !pending.isEmpty }

    /// Starts, collects or schedules the attempts after a frame was sent.
    mutating func tend(
        _ fanOut: inout FrameFanOut, open: @escaping (RenderTarget) throws -> BurnedOutput?, event: (LiveOutputEvent) -> Void
    ) {
        for index in targets.indices {
            guard case .stream = targets[index] else { continue }
            let failure = fanOut.outputs[index].failure
            guard var entry = pending[index] ?? failure.map({ _ in (0, ContinuousClock.now, nil) }) else { continue }
            if pending[index] == nil, let failure {
                let pause = Self.pauses[0]
                event(.lost(index: index, reason: (failure as? MediaError)?.reason ?? "\(failure)", retry: pause))
                entry.at = ContinuousClock.now + .milliseconds(Int64(pause * 1000))
            }
            if let opening = entry.opening, let result = opening.result {
                switch result {
                case .success(let sink?):
                    fanOut.revive(index, sink: sink)
                    pending[index] = nil
                    event(.back(index: index))
                    continue
                case .success(nil), .failure:
                    entry.attempt += 1
                    let pause = Self.pauses[min(entry.attempt, Self.pauses.count - 1)]
                    if case .failure(let error) = result {
                        event(.lost(index: index, reason: (error as? MediaError)?.reason ?? "\(error)", retry: pause))
                    }
                    entry.at = ContinuousClock.now + .milliseconds(Int64(pause * 1000))
                    entry.opening = nil
                }
            } else if entry.opening == nil, ContinuousClock.now >= entry.at {
                let target = targets[index]
                entry.opening = Background { try open(target) }
            }
            pending[index] = entry
        }
    }
}

/// A value made on a thread of its own; its result, once there.
private final class Background<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var made: Result<T, Error>?

    init(_ make: @escaping () throws -> T) {
        let box = UncheckedBox(make)
        Thread.detachNewThread { [self] in
            let result = Result { try box.value() }
            lock.lock()
            made = result
            lock.unlock()
        }
    }

    var result: Result<T, Error>? {
        lock.lock()
        defer { lock.unlock() }
        return made
    }
}

/// Opens a lost input again on a thread of its own while the render thread holds the last
/// frame; the input it opened, once it has.
private final class Reopening: @unchecked Sendable {
    private let lock = NSLock()
    private var input: MediaInput?
    private var abandoned = false

    init(_ reopen: @escaping () throws -> MediaInput) {
        let box = UncheckedBox(reopen)
        Thread.detachNewThread { [self] in
            // A failed attempt (a refused call, a timeout) is tried again after a pause.
            while !isAbandoned {
                if let input = try? box.value() {
                    lock.lock()
                    self.input = input
                    lock.unlock()
                    return
                }
                Thread.sleep(forTimeInterval: 0.5)
            }
        }
    }

    private var isAbandoned: Bool {
        lock.lock()
        defer { lock.unlock() }
        return abandoned
    }

    /// The input, once opened.
    var opened: MediaInput? {
        lock.lock()
        defer { lock.unlock() }
        return input
    }

    /// No more attempts after the current one.
    func abandon() {
        lock.lock()
        abandoned = true
        lock.unlock()
    }
}

/// A value handed to another thread that only that thread uses.
private struct UncheckedBox<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}
