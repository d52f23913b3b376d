import CAVCodec
import CAVFilter
import CAVFormat
import CAVUtil
import Foundation
import Imaging

/// Decodes the input, composites overlays into every frame they cover, encodes H.264 and
/// muxes it with the input's audio copied packet for packet (re-encoded to AAC only when
/// the output container cannot hold its codec), or drops the frames (`RenderTarget.discard`).
/// A cut render (`KeptRanges`) renders only the kept ranges, picture and sound cut at the
/// same instants, on the cut timeline.
public final class Transcoder {
    private let source: VideoSource
    private let info: InputInfo
    private let segment: SegmentRange?
    private let kept: KeptRanges?
    private var inputPath: String { info.path }

    /// Opens the decoder for the probed `input`; nothing is decoded or written yet. When the
    /// frames will be encoded (`encoding`), the decoder gets a quarter of the cores (at least
    /// one) and x264 the rest: decoding costs about an eighth of a veryfast encode, runs on a
    /// thread of its own beside the encoder's calls (`DecodeAhead`), and every decoder thread
    /// holds pictures of its own. Without an encoder it takes them all.
    /// `toSDR` tone-maps an HDR input to SDR BT.709 as it is decoded. With a `segment`, only
    /// its frames are rendered, from a seek to its start, and the outputs get no audio (a
    /// part of a split render: the join takes the audio from the input). With `kept`, only
    /// those ranges are rendered, end to end (a cut render): frames in a cut are dropped as
    /// they are decoded, each kept frame's timestamp is shifted by the time cut before it,
    /// every output's `overlay(t)` and the progress are on the cut timeline, long cuts are
    /// sought over (`KeptFrames`), and every audio stream is re-encoded with its kept
    /// ranges joined by a crossfade (`AudioSplice`). With both (a part of a split cut render),
    /// the segment's kept frames only, each with the timestamp the whole cut render gives it,
    /// and no audio (the join splices the input's).
    public init(
        input: MediaInput, encoding: Bool = true, toSDR: Bool = false, segment: SegmentRange? = nil, kept: KeptRanges? = nil
    ) throws {
        info = input.info
        self.segment = segment
        self.kept = kept
        let cores = ProcessInfo.processInfo.activeProcessorCount
        source = try VideoSource(
            input, decoderThreads: encoding ? max(1, cores / 4) : 0, toSDR: toSDR, keepingChroma: true)
    }

    /// Decoded frames that may wait for the render thread: one is enough for decoding to
    /// overlap the encoder, and each costs a picture of memory (docs/PERFORMANCE.md).
    static let decodeAheadDepth = 1

    /// Upright output size. // pixels
    private var width: Int { info.width }
    private var height: Int { info.height }
    /// The duration rendered (the input's, or the segment's; on the cut timeline in a cut
    /// render), when known. // seconds
    private var duration: Double? {
        if let kept { return segment.map { kept.keptSeconds(from: $0.start, to: $0.end) } ?? kept.duration }
        guard let segment else { return info.duration }
        return (segment.end ?? info.duration).map { $0 - segment.start }
    }

    /// Where the rendered time starts: the segment's start, on the cut timeline in a cut render. // seconds
    private var startTime: Double {
        guard let segment else { return 0 }
        return kept?.keptSeconds(before: segment.start) ?? segment.start
    }

    /// Renders every one of `outputs` from one decode: each frame is composited with each
    /// output's caption and encoded into each output's target. An output that fails (its
    /// overlay, encoder or file: a full disk) is left, with its error, and the others go on;
    /// the render throws only for what all share (the decoder, cancellation). An output's
    /// `overlay(t)` gives its caption for the frame at `t` seconds; `notice` hears what it
    /// noticed (`RenderNotice`), each once; `timer` gets the busy time of each stage (demux+decode's from the
    /// decoding thread).
    public func run(
        outputs: [RenderOutput<RenderTarget>],
        timer: StageTimer = StageTimer(),
        progress: (TranscodeProgress) -> Void = { _ in },
        notice noticeOnce: (RenderNotice) -> Void = { _ in },
        isCancelled: () -> Bool = { false }
    ) throws -> [Result<TranscodeSummary, Error>] {
        var noticed: Set<RenderNotice> = []
        func notice(_ notice: RenderNotice) { if noticed.insert(notice).inserted { noticeOnce(notice) } }
        let states = open(outputs, notice: notice)
        // Every output failed to open (an encoder without its device): nothing is decoded.
        if !states.isEmpty && states.allSatisfy({ $0.failure != nil }) { return states.map { .failure($0.failure!) } }
        if let odd = source.setup.croppedFrom {
            notice(.croppedOddSize(width: Int(odd.width), height: Int(odd.height), croppedWidth: width, croppedHeight: height))
        }
        // Frames come from the decoding thread and go back to it once encoded (or dropped).
        let ahead = DecodeAhead(source: source, depth: Self.decodeAheadDepth, cut: kept, window: kept == nil ? nil : segment)
        var fanOut = try FrameFanOut(outputs: states, source: source, width: width, height: height, path: inputPath)
        func report(frames: Int, time: Double) {
            progress(TranscodeProgress(frames: frames, time: time - startTime, duration: duration))
        }
        try startDecoding(ahead)
        defer { ahead.stop() }
        let pastSegment = try decodeFrames(
            from: ahead, into: &fanOut, timer: timer, progress: report, isCancelled: isCancelled)
        try fanOut.release(all: true, to: ahead, timer: timer, progress: report)
        // A segment's end stops the decoding thread before the file's end.
        if pastSegment { ahead.stop() }
        timer.add(ahead.ending.decodeSeconds, to: .decode)
        noticeEnding(ahead.ending, frames: fanOut.frames, notice: notice)
        if isCancelled() { throw MediaError.cancelled }
        fanOut.finish(timer: timer)
        progress(TranscodeProgress(frames: fanOut.frames, time: duration ?? 0, duration: duration))
        return fanOut.summaries(stages: timer.times)
    }

    /// Each output's state, with the encoder and muxer of those that write a file opened (or
    /// why they could not be).
    private func open(_ outputs: [RenderOutput<RenderTarget>], notice: (RenderNotice) -> Void) -> [OutputState] {
        outputs.map { output in
            var state = OutputState(output, tenBit: source.pixelFormat == AV_PIX_FMT_YUV420P10LE) {
                guard case .file(let path, let finalPath, let settings) = output.target else { return nil }
                return try BurnedOutput(
                    source: source, muxer: Muxer(path: path, formatFor: finalPath), finalPath: finalPath, settings: settings,
                    segment: segment?.label, kept: kept, notice: notice)
            }
            state.keepsInputCaptions = kept == nil
            return state
        }
    }

    /// Starts demuxing and decoding on a thread of their own, one frame ahead; a segment's
    /// frames only, from the keyframe at its start, and no other stream.
    private func startDecoding(_ ahead: DecodeAhead) throws {
        if let segment {
            source.demuxer.discardStreams(except: source.videoStreamIndex)
            if segment.label.index > 0 { try source.seek(to: segment.start) }
        }
        ahead.start()
    }

    /// The frame loop: each decoded frame (of the segment, with one) fans out to the outputs,
    /// each other packet goes to their files, until the input ends, the segment is past or no
    /// output is left. Returns whether the segment's end stopped it.
    private func decodeFrames(
        from ahead: DecodeAhead, into fanOut: inout FrameFanOut, timer: StageTimer, progress: (Int, Double) -> Void,
        isCancelled: () -> Bool
    ) throws -> Bool {
        var pastSegment = false
        while let item = try ahead.next() {
            if isCancelled() { throw MediaError.cancelled }
            switch item {
            case .frame(let frame, let time):
                // A cut render's frames come on the cut timeline, the segment's only (`KeptFrames`).
                if let segment, kept == nil, !segment.holds(time, frameDuration: info.frameDuration) {
                    ahead.recycle(frame)
                    // Frames come in time order: one past the end ends the segment.
                    pastSegment = segment.end.map { time >= $0 - info.frameDuration / 2 } ?? false
                    if pastSegment { break }
                    continue
                }
                fanOut.accept(frame, time: time, timer: timer)
                try fanOut.release(all: false, to: ahead, timer: timer, progress: progress)
            case .packet(let packet):
                fanOut.passOn(packet, timer: timer)
                ahead.recycle(packet)
            case .seek:
                fanOut.restartAudio()
            }
            // Nothing left to write to (or the segment is done): the decode stops.
            if pastSegment || fanOut.allFailed { break }
        }
        return pastSegment
    }

    /// Tells what the decoding thread met on its way: damage that ended the video early,
    /// damaged packets skipped, a video shorter than the file says (`frames` rendered).
    private func noticeEnding(_ ending: DecodeAhead.Ending, frames: Int, notice: (RenderNotice) -> Void) {
        if let damage = ending.damage.reason {
            notice(.damaged(reason: damage, frames: frames))
        }
        if ending.damage.skippedPackets > 0 {
            notice(.skippedPackets(count: ending.damage.skippedPackets))
        }
        if ending.damage.reason == nil, segment?.end == nil, kept == nil, let stated = info.statedDuration,
            let lastTime = ending.lastTime,
            lastTime + 1 < stated
        {
            notice(.endsEarly(lastSeconds: lastTime, statedSeconds: stated))
        }
    }
}
