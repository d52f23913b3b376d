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

/// The live sibling of `Transcoder`: decodes a live input with no frame held back (slice
/// threads, low delay), composites each output's caption and encodes it at once (no frame
/// waits for the decoder to let go of it), the other streams' packets passed on, until the
/// input ends or the run is stopped; then every output is completed, as a file render's is.
public final class LiveTranscoder {
    private let source: VideoSource
    private let info: InputInfo

    /// Opens the decoder for the probed live `input`, one thread beside the encoder's.
    public init(input: MediaInput) throws {
        info = input.info
        source = try VideoSource(input, decoderThreads: 1, keepingChroma: true, lowDelay: true)
    }

    /// Frames per second the input says it has.
    public var frameRate: Double { info.frameRate }

    /// Streams `outputs` until the input ends or `stopped()` (checked at every frame and by
    /// the input's blocking reads); then completes each. An output that fails is left, with
    /// its error, and the others go on. `progress` hears every frame rendered.
    public func run(
        outputs: [RenderOutput<RenderTarget>], pace: LivePace, stopped: @escaping () -> Bool,
        progress: (TranscodeProgress) -> Void = { _ in }, notice noticeOnce: (RenderNotice) -> Void = { _ in }
    ) throws -> [Result<TranscodeSummary, Error>] {
        var noticed: Set<RenderNotice> = []
        func notice(_ notice: RenderNotice) { if noticed.insert(notice).inserted { noticeOnce(notice) } }
        let timer = StageTimer()
        let states = open(outputs, notice: notice)
        if !states.isEmpty && states.allSatisfy({ $0.failure != nil }) { return states.map { .failure($0.failure!) } }
        let ahead = DecodeAhead(source: source, depth: 1)
        var fanOut = try FrameFanOut(
            outputs: states, source: source, width: info.width, height: info.height, path: info.path, heldDepth: 0)
        var rate = ReadRate()
        ahead.start()
        defer { ahead.stop() }
        while !stopped(), let item = try ahead.next() {
            switch item {
            case .frame(let frame, let time):
                if pace == .timestamps { rate.wait(for: time, stopped: stopped) }
                fanOut.accept(frame, time: time, timer: timer)
                try fanOut.release(all: true, to: ahead, timer: timer) { _, _ in }
                progress(TranscodeProgress(frames: fanOut.frames, time: time, duration: nil))
            case .packet(let packet):
                fanOut.passOn(packet, timer: timer)
                ahead.recycle(packet)
            case .seek:
                fanOut.restartAudio()
            }
            if fanOut.allFailed { break }
        }
        ahead.stop()
        if let damage = ahead.ending.damage.reason, !stopped() { notice(.damaged(reason: damage, frames: fanOut.frames)) }
        fanOut.finish(timer: timer)
        return fanOut.summaries(stages: timer.times)
    }

    /// Each output's state, its encoder and muxer opened (the connection made), or why not.
    private func open(_ outputs: [RenderOutput<RenderTarget>], notice: (RenderNotice) -> Void) -> [OutputState] {
        outputs.map { output in
            var state = OutputState(overlay: output.overlay, narrows: source.pixelFormat == AV_PIX_FMT_YUV420P10LE)
            state.closedCaptions = output.closedCaptions
            do {
                let muxer: Muxer
                let name: String
                let settings: EncoderSettings
                switch output.target {
                case .file(let path, let finalPath, let fileSettings):
                    muxer = try Muxer(path: path, formatFor: finalPath)
                    (name, settings) = (finalPath, fileSettings)
                case .stream(let address, let streamSettings, let watch):
                    muxer = try Muxer(live: address, watch: watch)
                    (name, settings) = (address.redacted, streamSettings)
                case .discard:
                    return state
                }
                let sink = try BurnedOutput(
                    source: source, muxer: muxer, finalPath: name, settings: settings, segment: nil, notice: notice)
                state.sink = sink
                state.narrows = sink.takesNarrowed
            } catch {
                state.failure = error
            }
            return state
        }
    }
}
