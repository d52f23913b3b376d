import CAVCodec
import CAVFilter
import CAVFormat
import CAVUtil
import Foundation
import Imaging

/// A caption to composite into a frame, identified so its colour conversion happens once.
public struct FrameOverlay {
    public var id: Int
    public var bitmap: CaptionBitmap
    /// The overlay `previous` with only `areas` (frame pixels) drawn again, the rest of the
    /// bitmap equal: only those areas are converted again. Nil: converted whole.
    public var change: (previous: Int, areas: [Rect])?

    public init(id: Int, bitmap: CaptionBitmap, change: (previous: Int, areas: [Rect])? = nil) {
        self.id = id
        self.bitmap = bitmap
        self.change = change
    }
}

/// One output of a render: where its frames go, and the caption for the frame at each time
/// (seconds).
public struct TranscodeOutput {
    public var target: RenderTarget
    public var overlay: (Double) throws -> FrameOverlay?

    public init(target: RenderTarget, overlay: @escaping (Double) throws -> FrameOverlay?) {
        self.target = target
        self.overlay = overlay
    }
}

/// Where a render's frames go.
public enum RenderTarget: Sendable {
    /// Encoded as H.264 into `path` (a temporary file), in the container `finalPath`'s extension names.
    case file(path: String, finalPath: String, settings: EncoderSettings)
    /// Composited like a real render, then dropped: no encoder, no file (`--null`).
    case discard
}

/// How far a render has come.
public struct TranscodeProgress: Sendable {
    public var frames: Int
    public var time: Double  // seconds of video done
    public var duration: Double?  // seconds of video in all, when known
}

/// What a finished render did.
public struct TranscodeSummary: Sendable {
    public var frames: Int
    public var captionedFrames: Int
    public var copiedStreams: Int
    public var copiedFrames: Int  // captioned frames copied because the decoder still referenced them
    public var stages: StageTimes  // seconds per stage: demux+decode on the decoding thread, the rest on the render thread
    public var width: Int  // pixels
    public var height: Int  // pixels
}

/// Decodes the input, composites overlays into every frame they cover, encodes H.264 and
/// muxes it with the input's audio copied packet for packet (re-encoded to AAC only when
/// the output container cannot hold its codec), or drops the frames (`RenderTarget.discard`).
public final class Transcoder {
    private let source: VideoSource
    private let info: InputInfo
    private let segment: SegmentRange?
    private var inputPath: String { info.path }

    /// Opens the decoder for the probed `input`; nothing is decoded or written yet. When the
    /// frames will be encoded (`encoding`), the decoder gets a quarter of the cores (at least
    /// one) and x264 the rest: decoding costs about an eighth of a veryfast encode, runs on a
    /// thread of its own beside the encoder's calls (`DecodeAhead`), and every decoder thread
    /// holds pictures of its own. Without an encoder it takes them all.
    /// `toSDR` tone-maps an HDR input to SDR BT.709 as it is decoded. With a `segment`, only
    /// its frames are rendered, from a seek to its start, and the outputs get no audio (a
    /// part of a split render: the join takes the audio from the input).
    public init(input: MediaInput, encoding: Bool = true, toSDR: Bool = false, segment: SegmentRange? = nil) throws {
        info = input.info
        self.segment = segment
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
    /// The duration rendered (the input's, or the segment's), when known. // seconds
    private var duration: Double? {
        guard let segment else { return info.duration }
        return (segment.end ?? info.duration).map { $0 - segment.start }
    }

    /// Renders every one of `outputs` from one decode: each frame is composited with each
    /// output's caption and encoded into each output's target. An output that fails (its
    /// overlay, encoder or file: a full disk) is left, with its error, and the others go on;
    /// the render throws only for what all share (the decoder, cancellation). An output's
    /// `overlay(t)` gives its caption for the frame at `t` seconds; `notice` gets one-line
    /// notes, each once; `timer` gets the busy time of each stage (demux+decode's from the
    /// decoding thread).
    public func run(
        outputs: [TranscodeOutput],
        timer: StageTimer = StageTimer(),
        progress: (TranscodeProgress) -> Void = { _ in },
        notice noticeOnce: (String) -> Void = { _ in },
        isCancelled: () -> Bool = { false }
    ) throws -> [Result<TranscodeSummary, Error>] {
        var noticed: Set<String> = []
        func notice(_ text: String) { if noticed.insert(text).inserted { noticeOnce(text) } }
        var states = outputs.map { OutputState(overlay: $0.overlay, narrows: source.pixelFormat == AV_PIX_FMT_YUV420P10LE) }
        for (index, output) in outputs.enumerated() {
            guard case .file(let path, let finalPath, let settings) = output.target else { continue }
            do {
                let sink = try Sink(
                    source: source, path: path, finalPath: finalPath, settings: settings, segment: segment?.label, notice: notice)
                states[index].sink = sink
                states[index].narrows = sink.takesNarrowed
            } catch {
                states[index].failure = error
            }
        }
        // Every output failed to open (an encoder without its device): nothing is decoded.
        if !states.isEmpty && states.allSatisfy({ $0.failure != nil }) { return states.map { .failure($0.failure!) } }
        if let odd = source.setup.croppedFrom {
            notice("the picture is \(odd.width)x\(odd.height), an odd size: cropped to \(width)x\(height) (H.264 4:2:0 needs even sizes)")
        }
        // Frames come from the decoding thread and go back to it once encoded (or dropped).
        let ahead = DecodeAhead(source: source, depth: Self.decodeAheadDepth)
        let bytesPerSample = source.bitDepth > 8 ? 2 : 1
        let held = HeldFrames(depth: HeldFrames.depth(width: width, height: height, bytesPerSample: bytesPerSample))
        var spare: Frame?
        var saved = SavedRegion()
        let shared = try Packet()  // a packet's reference for each output but the last
        var frames = 0
        let matrix = ColorMatrix(source.colors.space, width: width, height: height)
        let fullRange = source.colors.range == AVCOL_RANGE_JPEG
        let range = source.setup.dynamicRange
        // 10-bit frames are blended in 10 bits, then brought to an 8-bit encoder's depth in one
        // reused frame.
        let narrowing = try states.contains(where: \.narrows) ? Narrowing(width: source.width, height: source.height, matrix: matrix, fullRange: fullRange, path: inputPath) : nil

        /// A decoded frame: each output's caption is looked up, then it waits in `held` for its turn.
        func accept(_ frame: Frame, time: Double) {
            let captions = timer.measure(.captions) {
                states.indices.map { index -> YUVOverlay? in
                    guard states[index].failure == nil else { return nil }
                    do {
                        return try states[index].caption(
                            at: time, matrix: matrix, fullRange: fullRange, bitDepth: source.bitDepth, range: range, chroma: source.chroma)
                    } catch {
                        states[index].fail(error)
                        return nil
                    }
                }
            }
            held.push(frame, time: time, captions: captions)
        }

        /// Composites and encodes the frames whose turn has come, for each output in turn. A
        /// frame is drawn on in place; when another output comes after, the captions' box is
        /// kept first and put back before it.
        func release(all: Bool) throws {
            while let next = held.next(all: all) {
                var picture = next.frame.pointer
                let live = states.indices.filter { states[$0].failure == nil }
                if live.contains(where: { next.captions[$0] != nil }) && !next.frame.isWritable { picture = try copy(next.frame, into: &spare) }
                var drawnOn = false  // by an output before: the box is put back first
                var boxSaved = false
                // The captions' area matters only when another output comes after one.
                let area =
                    live.count > 1
                    ? SavedRegion.Area(
                        around: live.compactMap { next.captions[$0].map { ($0.x, $0.y, $0.width, $0.height) } },
                        frameWidth: width, frameHeight: height) : SavedRegion.Area()
                // 10-bit frames for several outputs: the picture as decoded is narrowed once, and
                // each captioned output's area again.
                let narrowedOnce = narrowing != nil && live.filter({ states[$0].narrows }).count > 1
                if narrowedOnce { _ = try timer.measure(.composite) { try narrowing!.convert(picture) } }
                for index in live {
                    do {
                        var target = picture
                        try timer.measure(.composite) {
                            if drawnOn {
                                picture = try writable(picture, frame: next.frame, spare: &spare)
                                saved.restore(into: picture, bytesPerSample: bytesPerSample)
                                drawnOn = false
                            }
                            if let caption = next.captions[index] {
                                // Outputs after this one need the picture as decoded.
                                if index != live.last {
                                    if !boxSaved {
                                        saved.save(picture, area: area, bytesPerSample: bytesPerSample)
                                        boxSaved = true
                                    }
                                    drawnOn = true
                                }
                                Compositor.blend(caption, into: picture)
                                states[index].captionedFrames += 1
                            }
                            target = picture
                            if let narrowing, states[index].narrows {
                                if !narrowedOnce {
                                    target = try narrowing.convert(picture)
                                } else if next.captions[index] != nil {
                                    target = try narrowing.convert(picture, area: area)
                                } else {
                                    target = try narrowing.unchanged()
                                }
                            }
                        }
                        if let sink = states[index].sink {
                            // Frame types come from the input's encoder; x264 chooses its own.
                            target.pointee.pict_type = AV_PICTURE_TYPE_NONE
                            try sink.encode(target, timer: timer)
                        }
                    } catch {
                        states[index].fail(error)
                    }
                }
                ahead.recycle(next.frame)
                frames += 1
                if frames % 15 == 0 {
                    progress(TranscodeProgress(frames: frames, time: next.time - (segment?.start ?? 0), duration: duration))
                }
            }
        }

        if let segment {
            // A segment's frames only, from the keyframe at its start; no other stream.
            source.demuxer.discardStreams(except: source.videoStreamIndex)
            if segment.label.index > 0 { try source.seek(to: segment.start) }
        }
        // Demuxing and decoding run on a thread of their own, one frame ahead.
        ahead.start()
        defer { ahead.stop() }
        var pastSegment = false
        while let item = try ahead.next() {
            if isCancelled() { throw MediaError.cancelled }
            switch item {
            case .frame(let frame, let time):
                if let segment, !segment.holds(time, frameDuration: info.frameDuration) {
                    ahead.recycle(frame)
                    // Frames come in time order: one past the end ends the segment.
                    pastSegment = segment.end.map { time >= $0 - info.frameDuration / 2 } ?? false
                    if pastSegment { break }
                    continue
                }
                accept(frame, time: time)
                try release(all: false)
            case .packet(let packet):
                // A muxer takes the packet it writes: each output but the last gets a reference.
                let sinks = states.indices.filter { states[$0].sink != nil }
                for index in sinks {
                    do {
                        try timer.measure(.mux) {
                            if index == sinks.last {
                                try states[index].sink!.passOn(packet)
                            } else {
                                try shared.refer(to: packet)
                                try states[index].sink!.passOn(shared)
                            }
                        }
                    } catch {
                        states[index].fail(error)
                    }
                }
                ahead.recycle(packet)
            }
            // Nothing left to write to (or the segment is done): the decode stops.
            if pastSegment || states.allSatisfy({ $0.failure != nil }) { break }
        }
        try release(all: true)
        // A segment's end stops the decoding thread before the file's end.
        if pastSegment { ahead.stop() }
        let ending = ahead.ending
        timer.add(ending.decodeSeconds, to: .decode)
        if let damage = ending.damage.reason {
            notice("the file is damaged or cut short (\(damage)): rendered the \(frames) frames before that point")
        }
        if ending.damage.skippedPackets > 0 {
            notice("\(ending.damage.skippedPackets) damaged video packet(s) skipped; the frames around them may show errors")
        }
        if ending.damage.reason == nil, segment?.end == nil, let stated = info.statedDuration, let lastTime = ending.lastTime,
            lastTime + 1 < stated
        {
            notice(
                "the video stops at \(String(format: "%.2f", lastTime)) s but the file says it lasts "
                    + "\(String(format: "%.2f", stated)) s: it may have been cut short (rendered what is there)")
        }
        if isCancelled() { throw MediaError.cancelled }
        for index in states.indices where states[index].failure == nil {
            do {
                try states[index].sink?.finish(timer: timer)
            } catch {
                states[index].fail(error)
            }
        }
        progress(TranscodeProgress(frames: frames, time: duration ?? 0, duration: duration))
        return states.map { state in
            if let failure = state.failure { return .failure(failure) }
            return .success(
                TranscodeSummary(
                    frames: frames, captionedFrames: state.captionedFrames, copiedStreams: state.sink?.copiedStreams ?? 0,
                    copiedFrames: held.copied, stages: timer.times, width: width, height: height))
        }
    }

    /// What one output of a render holds while it runs: its overlay (and the YUV form of the
    /// last), its encoder and muxer, and its failure, if any.
    private struct OutputState {
        let overlay: (Double) throws -> FrameOverlay?
        var sink: Sink?
        var current: (id: Int, overlay: YUVOverlay)?
        var captionedFrames = 0
        var failure: Error?
        /// Whether its frames are narrowed from 10 to 8 bits (an 8-bit encoder, or `--null`).
        var narrows: Bool

        init(overlay: @escaping (Double) throws -> FrameOverlay?, narrows: Bool) {
            self.overlay = overlay
            self.narrows = narrows
        }

        /// The overlay for the frame at `time`, converted to YUV when it is a new one (only its
        /// changed areas, when it says which).
        mutating func caption(
            at time: Double, matrix: ColorMatrix, fullRange: Bool, bitDepth: Int, range: DynamicRange, chroma: ChromaLayout
        ) throws -> YUVOverlay? {
            guard let caption = try overlay(time) else { return nil }
            if current?.id != caption.id {
                // The overlay before, given up first, so that its planes are changed in place
                // unless a held frame still uses them.
                var before = caption.change != nil && current?.id == caption.change?.previous ? current?.overlay : nil
                current = nil
                if let change = caption.change, before != nil,
                    before!.update(caption.bitmap, areas: change.areas, matrix: matrix, fullRange: fullRange)
                {
                    current = (caption.id, before!)
                } else {
                    current = (caption.id, YUVOverlay(
                            caption.bitmap, matrix: matrix, fullRange: fullRange, bitDepth: bitDepth, range: range, chroma: chroma))
                }
            }
            return current!.overlay
        }

        /// The output stops here: its encoder and muxer go (the caller removes its file).
        mutating func fail(_ error: Error) {
            failure = error
            sink = nil
            current = nil
        }
    }

    /// `picture` when it may be drawn on again after an encoder had it; else a copy in `spare`
    /// (an encoder that keeps a reference to the frame it was given).
    private func writable(
        _ picture: UnsafeMutablePointer<AVFrame>, frame: Frame, spare: inout Frame?
    ) throws -> UnsafeMutablePointer<AVFrame> {
        guard av_frame_is_writable(picture) == 0 else { return picture }
        if let spare, spare.pointer == picture {
            try MediaError.check(av_frame_make_writable(picture), "av_frame_make_writable", file: inputPath)
            return picture
        }
        return try copy(frame, into: &spare)
    }

    /// Where finished frames and the other streams go: the H.264 encoder and the muxer, with
    /// audio copied packet for packet (or re-encoded to AAC) and other streams dropped.
    private final class Sink {
        private let muxer: Muxer
        private let encoder: CodecContext
        private let encoded: Packet
        private let videoIndex: Int32
        private let audio: AudioPassThrough?
        /// A part of a split render records how many frames it holds, for the join to count.
        private let recordsFrames: Bool
        private var videoPackets = 0
        var copiedStreams: Int { audio?.copiedStreams ?? 0 }
        /// Whether the encoder takes the 10-bit frames narrowed to 8 bits (shared by the outputs).
        let takesNarrowed: Bool
        /// The frames converted to the encoder's pixel format (ProRes 4:2:2, NVENC's P010), in a frame kept for reuse.
        private let conversion: (scaler: Scaler, frame: Frame)?

        /// `segment`: the label a part of a split render carries (video only).
        init(
            source: VideoSource, path: String, finalPath: String, settings: EncoderSettings, segment: SegmentLabel?,
            notice: (String) -> Void
        ) throws {
            muxer = try Muxer(path: path, formatFor: finalPath)
            encoded = try Packet()
            let demuxer = source.demuxer
            let inputStream = source.stream
            let frameRate =
                inputStream.pointee.avg_frame_rate.num > 0 ? inputStream.pointee.avg_frame_rate : inputStream.pointee.r_frame_rate
            let plan = try EncoderPlan(
                settings: settings, frameFormat: source.pixelFormat, metadata: source.setup.hdrMetadata, file: finalPath)
            // An untagged input's matrix is named as the captions were blended with it (BT.709 for
            // HD, BT.601 for SD), so that readers do not guess another one for the colours.
            var colors = source.colors
            if colors.space == AVCOL_SPC_UNSPECIFIED {
                let assumed = ColorMatrix(colors.space, width: Int(source.width), height: Int(source.height))
                colors.space = assumed == .bt709 ? AVCOL_SPC_BT709 : AVCOL_SPC_SMPTE170M
            }
            encoder = try CodecContext.videoEncoder(
                plan, width: source.width, height: source.height, timeBase: source.timeBase, frameRate: frameRate,
                aspect: source.aspect, colors: colors, globalHeader: muxer.needsGlobalHeader, file: finalPath)
            takesNarrowed = source.pixelFormat == AV_PIX_FMT_YUV420P10LE && plan.pixelFormat == AV_PIX_FMT_YUV420P
            if plan.pixelFormat != source.pixelFormat && !takesNarrowed {
                let matrix = ColorMatrix(source.colors.space, width: Int(source.width), height: Int(source.height))
                conversion = (
                    try Scaler(
                        from: (source.width, source.height, source.pixelFormat), to: (source.width, source.height, plan.pixelFormat),
                        matrix: matrix, fullRange: source.colors.range == AVCOL_RANGE_JPEG, path: source.path),
                    try Frame.picture(width: Int(source.width), height: Int(source.height), format: plan.pixelFormat, file: finalPath)
                )
            } else {
                conversion = nil
            }
            let videoOut = try muxer.addStream()
            try encoder.copyParameters(to: videoOut)
            videoOut.pointee.time_base = encoder.pointer.pointee.time_base
            videoOut.pointee.avg_frame_rate = frameRate
            // Apple's players open HEVC in MP4 and QuickTime only under the hvc1 tag.
            if encoder.pointer.pointee.codec_id == AV_CODEC_ID_HEVC && muxer.isQuickTimeFamily {
                videoOut.pointee.codecpar.pointee.codec_tag = burn_mktag(0x68, 0x76, 0x63, 0x31)  // "hvc1"
            }
            plan.metadata?.attach(to: videoOut)
            videoIndex = videoOut.pointee.index

            // A segment of a split render is video only: the join takes the audio from the input.
            audio = segment == nil ? try AudioPassThrough(from: demuxer, to: muxer, finalPath: finalPath, notice: notice) : nil
            recordsFrames = segment != nil
            if let segment { segment.tags.forEach { muxer.setTag($0.key, $0.value) } }
            try muxer.start()
        }

        /// Encodes one finished frame (converted to the encoder's format first, when it takes
        /// another) and writes the packets the encoder has ready.
        func encode(_ frame: UnsafeMutablePointer<AVFrame>, timer: StageTimer) throws {
            var frame = frame
            if let conversion {
                let converted = conversion.frame.pointer
                try timer.measure(.composite) {
                    try MediaError.check(av_frame_make_writable(converted), "av_frame_make_writable", file: nil)
                    try conversion.scaler.scale(frame, into: converted)
                }
                Transcoder.copyProperties(from: frame, to: converted)
                frame = converted
            }
            // Encoders that write the frame's tags (ProRes) write the encoder's.
            frame.pointee.colorspace = encoder.pointer.pointee.colorspace
            try timer.measure(.encode) { try encoder.send(frame: frame) }
            try drain(timer: timer)
        }

        /// A packet of another stream: copied, re-encoded, or dropped.
        func passOn(_ packet: Packet) throws { try audio?.passOn(packet) }

        /// Flushes the audio re-encoders and the video encoder, and completes the file.
        func finish(timer: StageTimer) throws {
            try timer.measure(.mux) { try audio?.finish() }
            try timer.measure(.encode) { try encoder.send(frame: nil) }
            try drain(timer: timer)
            // MP4 and QuickTime write their tags with the index, at the end (why a part is one of them).
            if recordsFrames { muxer.setTag(SegmentLabel.framesKey, "\(videoPackets)") }
            try timer.measure(.mux) { try muxer.finish() }
        }

        private func drain(timer: StageTimer) throws {
            while try timer.measure(.encode, { try encoder.receive(into: encoded) }) {
                try timer.measure(.mux) {
                    try muxer.write(encoded, stream: videoIndex, timeBase: encoder.pointer.pointee.time_base)
                }
                videoPackets += 1
            }
        }
    }

    /// A copy of `frame` in a frame kept for reuse, for a frame the decoder still references
    /// (reference pictures must not be drawn on).
    private func copy(_ frame: Frame, into spare: inout Frame?) throws -> UnsafeMutablePointer<AVFrame> {
        let f = frame.pointer
        if spare == nil {
            spare = try Frame.picture(
                width: Int(f.pointee.width), height: Int(f.pointee.height), format: AVPixelFormat(rawValue: f.pointee.format),
                file: inputPath)
        }
        let s = spare!.pointer
        try MediaError.check(av_frame_make_writable(s), "av_frame_make_writable", file: inputPath)
        try MediaError.check(av_frame_copy(s, f), "av_frame_copy", file: inputPath)
        Self.copyProperties(from: f, to: s)
        return s
    }

    /// What the encoder reads besides the pixels: timestamp, pixel shape and colour description.
    static func copyProperties(from source: UnsafeMutablePointer<AVFrame>, to target: UnsafeMutablePointer<AVFrame>) {
        target.pointee.pts = source.pointee.pts
        target.pointee.sample_aspect_ratio = source.pointee.sample_aspect_ratio
        target.pointee.color_range = source.pointee.color_range
        target.pointee.colorspace = source.pointee.colorspace
        target.pointee.color_primaries = source.pointee.color_primaries
        target.pointee.color_trc = source.pointee.color_trc
    }
}
