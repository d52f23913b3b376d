import CAVCodec
import CAVFilter
import CAVFormat
import CAVUtil

/// An input video opened for decoding: demuxer, threaded decoder and, when the picture must
/// be turned or converted, a filter graph, set up as the probe's `VideoSetup` says. Frames come
/// out upright in 8-bit 4:2:0 (10-bit 4:2:0 as it is), with timestamps from the timeline start
/// and strictly increasing.
final class VideoSource {
    let demuxer: Demuxer
    let decoder: CodecContext
    let transformer: FrameTransformer?
    let setup: VideoSetup
    let aspect: AVRational  // pixel aspect ratio of the upright frames
    private let decoded: Frame
    let path: String
    private let offset: Int64  // timeline start, in timeBase
    private let frameDuration: Int64  // for frames without timestamps, in timeBase
    private var lastPTS = Int64.min

    /// Decodes the video `input`'s probe found, from the start; `decoderThreads` 0 lets FFmpeg
    /// choose; `toSDR` tone-maps an HDR input to SDR BT.709; `keepingChroma` keeps a 4:2:2
    /// or 4:4:4 input's chroma (else every frame comes out 4:2:0); `roughly` skips the loop
    /// filter and `referencedOnly` the frames no other frame refers to, `lowDelay` gives each
    /// frame out at once (a live input; see `CodecContext`).
    init(
        _ input: MediaInput, decoderThreads: Int = 0, toSDR: Bool = false, keepingChroma: Bool = false, roughly: Bool = false,
        referencedOnly: Bool = false, lowDelay: Bool = false
    ) throws
    {
        guard let video = input.info.video else { throw MediaError.noVideoStream(file: input.info.path) }
        let probed = keepingChroma ? video.keepingChroma() : video
        let setup = toSDR ? probed.toneMappedToSDR() : probed
        let demuxer = try input.demuxer()
        let stream = demuxer.stream(Int(setup.streamIndex))
        let path = input.info.path
        decoder = try CodecContext(
            decoding: stream, file: path, threads: decoderThreads, roughly: roughly, referencedOnly: referencedOnly,
            lowDelay: lowDelay)
        decoded = try Frame()
        offset = demuxer.timelineOffset(in: setup.timeBase)
        frameDuration = max(1, av_rescale_q(1, av_inv_q(setup.frameRate), setup.timeBase))
        let parameters = stream.pointee.codecpar.pointee
        if setup.steps.isEmpty {
            transformer = nil
            aspect = parameters.sample_aspect_ratio
        } else {
            let transformer = try FrameTransformer(
                width: parameters.width, height: parameters.height, format: AVPixelFormat(rawValue: parameters.format),
                timeBase: setup.timeBase, aspect: parameters.sample_aspect_ratio, steps: setup.steps, path: path)
            guard transformer.outputSize == (setup.width, setup.height) else {
                throw MediaError.unsupported(
                    file: path,
                    message: "the filters made a \(transformer.outputSize.0)x\(transformer.outputSize.1) picture, "
                        + "not the \(setup.width)x\(setup.height) the probe expected")
            }
            self.transformer = transformer
            aspect = transformer.outputAspect
        }
        self.demuxer = demuxer
        self.setup = setup
        self.path = path
    }

    /// Probes `path` and decodes its video (for tests).
    convenience init(path: String, decoderThreads: Int = 0) throws {
        try self.init(MediaInput(path: path), decoderThreads: decoderThreads)
    }

    var stream: UnsafeMutablePointer<AVStream> { demuxer.stream(Int(setup.streamIndex)) }
    var videoStreamIndex: Int32 { setup.streamIndex }
    var width: Int32 { setup.width }  // upright // pixels
    var height: Int32 { setup.height }
    var timeBase: AVRational { setup.timeBase }
    var colors: ColorTags { setup.colors }
    var pixelFormat: AVPixelFormat { setup.pixelFormat }
    var bitDepth: Int { setup.bitDepth }
    /// The frames' chroma sampling.
    var chroma: ChromaLayout { ChromaLayout(pixelFormat) }
    /// Frames per second (the average, or 25 when the file does not say).
    var frameRate: Double { av_q2d(setup.frameRate) }

    /// Decodes what `packet` holds (nil: the end) and passes each upright frame to `body`;
    /// `body` must not keep the frame.
    func decode(_ packet: Packet?, _ body: (Frame) throws -> Void) throws {
        try decoder.send(packet: packet)
        while try decoder.receive(into: decoded) {
            MediaCounters.add(\.videoFramesDecoded)
            let pts = decoded.pointer.pointee.best_effort_timestamp
            // A stream without timestamps (raw .h264) gets them from the frame rate.
            decoded.pointer.pointee.pts =
                pts != AVCode.noPTS ? pts - offset : lastPTS == Int64.min ? 0 : lastPTS + frameDuration
            if let transformer {
                try transformer.push(decoded)
                try drainTransformer(body)
            } else {
                try deliver(decoded, body)
            }
            decoded.unref()
        }
        if packet == nil, let transformer {
            try transformer.push(nil)
            try drainTransformer(body)
        }
    }

    private func drainTransformer(_ body: (Frame) throws -> Void) throws {
        guard let transformer else { return }
        while try transformer.pull(into: decoded) {
            try deliver(decoded, body)
            decoded.unref()
        }
    }

    private func deliver(_ frame: Frame, _ body: (Frame) throws -> Void) throws {
        let f = frame.pointer
        guard f.pointee.width == width, f.pointee.height == height else {
            throw MediaError.unsupported(
                file: path, message: "picture size changes mid-stream (\(f.pointee.width)x\(f.pointee.height))")
        }
        if f.pointee.format == AV_PIX_FMT_YUVJ420P.rawValue {
            // Same memory layout; the range travels in the colour tags.
            f.pointee.format = AV_PIX_FMT_YUV420P.rawValue
        }
        guard f.pointee.format == pixelFormat.rawValue else {
            throw MediaError.unsupported(file: path, message: "pixel format changes mid-stream")
        }
        f.pointee.color_range = colors.range
        f.pointee.colorspace = colors.space
        f.pointee.color_primaries = colors.primaries
        f.pointee.color_trc = colors.transfer
        if f.pointee.pts <= lastPTS { f.pointee.pts = lastPTS + 1 }
        lastPTS = f.pointee.pts
        try body(frame)
    }

    /// What a damaged or cut-short file cost while it was read.
    struct Damage {
        var reason: String?  // why reading stopped before the end of the file, when it did
        var skippedPackets = 0  // video packets that failed to decode and were skipped
    }

    /// `decode`, but a packet the decoder cannot make sense of is skipped and counted.
    func decodeSkippingDamage(_ packet: Packet?, damage: inout Damage, _ body: (Frame) throws -> Void) throws {
        do {
            try decode(packet, body)
        } catch let error as MediaError where error.isDamagedInput {
            damage.skippedPackets += 1
        }
    }

    /// The demuxer's next packet into `packet`. Once frames have come out (`decoded`), a read
    /// error ends the file, with its reason in `damage`, instead of failing: a cut-short file
    /// gives what it holds.
    func read(into packet: Packet, decoded: Bool, damage: inout Damage) throws -> Bool {
        do {
            return try demuxer.read(into: packet)
        } catch let error as MediaError where decoded {
            damage.reason = error.reason
            return false
        }
    }

    /// Decodes the video stream from the current position to the end, passing each upright
    /// frame to `visit`, while `going()` holds (checked between packets). Damaged packets and
    /// a cut-short end are taken as the render takes them; what they cost is returned.
    @discardableResult
    func readFrames(going: () -> Bool, _ visit: (Frame) throws -> Void) throws -> Damage {
        try readFrames(wanting: { -.infinity }, going: going, visit)
    }

    /// The most packets `readFrames(wanting:)` holds back; more are decoded. // packets
    static let heldPacketLimit = 600

    /// `readFrames` for a caller that wants only some frames: `next()` is the time of the next
    /// frame it wants (the first frame at or after it; seconds from the timeline start). The
    /// packets before that time are held back, undecoded, until one of them shows whether they
    /// are needed: a keyframe at or before that time makes them unneeded (they are dropped,
    /// and decoding starts again at the keyframe), a packet at or after it needs them (they
    /// are decoded). So a sample every few seconds of a video with frequent keyframes costs
    /// about the keyframes' decoding, not the whole stream's.
    @discardableResult
    func readFrames(wanting next: () -> Double, going: () -> Bool, _ visit: (Frame) throws -> Void) throws -> Damage {
        let packet = try Packet()
        var damage = Damage()
        var decoded = false
        let counted: (Frame) throws -> Void = { frame in
            decoded = true
            try visit(frame)
        }
        var held: [Packet] = []
        let seconds = av_q2d(timeBase)
        while going(), try read(into: packet, decoded: decoded, damage: &damage) {
            defer { packet.unref() }
            let p = packet.pointer.pointee
            guard p.stream_index == videoStreamIndex else { continue }
            let wanted = next()
            let time = p.pts != AVCode.noPTS ? Double(p.pts - offset) * seconds : Double.infinity
            // A microsecond's tolerance: a keyframe at the wanted time is that frame.
            if p.flags & AV_PKT_FLAG_KEY != 0, time <= wanted + 1e-6 {
                held.removeAll()
            } else if time < wanted - 1e-6, held.count < Self.heldPacketLimit {
                let kept = try Packet()
                try kept.refer(to: packet)
                held.append(kept)
                continue
            }
            for earlier in held { try decodeSkippingDamage(earlier, damage: &damage, counted) }
            held.removeAll()
            try decodeSkippingDamage(packet, damage: &damage, counted)
        }
        if going() { try decodeSkippingDamage(nil, damage: &damage, counted) }
        return damage
    }

    /// Moves to the keyframe at or before `seconds` (from the timeline start), so that the
    /// next packets read start there. A file whose index does not reach it (the first video
    /// packet after the seek lies past it) is read from its start instead: slower, never wrong.
    func seek(to seconds: Double) throws {
        let timeBase = stream.pointee.time_base
        let target = av_rescale_q(Int64((seconds * 1_000_000).rounded()), AVRational(num: 1, den: 1_000_000), timeBase) + offset
        let margin = frameDuration / 2
        if av_seek_frame(demuxer.context, videoStreamIndex, target, AVSEEK_FLAG_BACKWARD) >= 0 {
            let packet = try Packet()
            var first: Int64?
            while first == nil, try demuxer.read(into: packet) {
                let p = packet.pointer.pointee
                if p.stream_index == videoStreamIndex { first = p.pts != AVCode.noPTS ? p.pts : p.dts }
                packet.unref()
            }
            if let first, first != AVCode.noPTS, first <= target + margin {
                try MediaError.check(
                    av_seek_frame(demuxer.context, videoStreamIndex, target, AVSEEK_FLAG_BACKWARD), "av_seek_frame", file: path)
                decoder.flush()
                return
            }
        }
        try demuxer.rewind()
        decoder.flush()
    }

    /// Seeks a cut render over a long cut: to the keyframe at or before `seconds` (from the
    /// timeline start), the decoder flushed. Returns false, and stays, when the index shows
    /// that keyframe at or before `current` (seconds: the frame decoded last, with what a
    /// seek costs): decoding on costs less. Without an index that reaches the target (Matroska
    /// reads its cues at the first seek, and indexes keyframes as it meets them till then)
    /// the demuxer finds the keyframe itself; one before `current` only costs frames decoded
    /// again (`KeptFrames` keeps no frame twice).
    func skip(to seconds: Double, from current: Double) throws -> Bool {
        let timeBase = stream.pointee.time_base
        let target = av_rescale_q(Int64((seconds * 1_000_000).rounded()), AVRational(num: 1, den: 1_000_000), timeBase) + offset
        let entries = avformat_index_get_entries_count(stream)
        if entries > 0, let last = avformat_index_get_entry(stream, entries - 1), last.pointee.timestamp >= target,
            let entry = avformat_index_get_entry_from_timestamp(stream, target, AVSEEK_FLAG_BACKWARD),
            Double(entry.pointee.timestamp - offset) * av_q2d(timeBase) <= current
        {
            return false
        }
        try MediaError.check(
            av_seek_frame(demuxer.context, videoStreamIndex, target, AVSEEK_FLAG_BACKWARD), "av_seek_frame", file: path)
        decoder.flush()
        lastPTS = Int64.min
        return true
    }

    /// A frame's time from the timeline start; captions use this clock. // seconds
    func seconds(_ frame: Frame) -> Double {
        Double(frame.pointer.pointee.pts) * av_q2d(timeBase)
    }

    /// The time of the frame a video packet holds, as `seconds(_:)` gives the decoded frame's
    /// (nil when the packet has no timestamp).
    func seconds(of packet: Packet) -> Double? {
        let pts = packet.pointer.pointee.pts
        return pts == AVCode.noPTS ? nil : Double(pts - offset) * av_q2d(timeBase)
    }
}
