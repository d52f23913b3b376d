import CAVCodec
import CAVFilter
import CAVFormat
import CAVUtil

/// One encoded video file: the encoder `plan` names, the muxer it writes into with the video
/// stream set up (time base, frame rate, Apple's HEVC tag, HDR side data, the plan's stream
/// tags), and what the file holds besides the video: the input's audio copied packet for
/// packet (or re-encoded), or a split-render part's tags. Packets are written as the encoder
/// gives them. Burned outputs and overlay outputs are both one.
final class EncodedOutput {
    private let muxer: Muxer
    private let encoder: CodecContext
    private let encoded: Packet
    private let videoIndex: Int32
    private let audio: AudioPassThrough?
    /// A part of a split render records how many frames it holds, for the join to count.
    private let recordsFrames: Bool
    private var videoPackets = 0
    /// Audio streams copied as they are.
    var copiedStreams: Int { audio?.copiedStreams ?? 0 }
    /// The colour matrix the encoder was opened with (encoders that write the frame's tags,
    /// ProRes, are given it on each frame).
    var colorSpace: AVColorSpace { encoder.pointer.pointee.colorspace }

    /// Opens the encoder for frames of `source`'s size, time base and pixel aspect, with
    /// `colors` and `frameRate`, adds its stream to `muxer`, then the audio of `audioFrom`
    /// (nil: none; only its `kept` ranges, joined, in a cut render) or the tags of `segment`,
    /// and writes the header. Errors name `finalPath`; `notice` hears of streams dropped or re-encoded.
    init(
        muxer: Muxer, plan: EncoderPlan, source: VideoSource, colors: ColorTags, frameRate: AVRational, finalPath: String,
        audioFrom demuxer: Demuxer? = nil, kept: KeptRanges? = nil, segment: SegmentLabel? = nil,
        notice: (RenderNotice) -> Void = { _ in }
    ) throws {
        self.muxer = muxer
        encoded = try Packet()
        encoder = try CodecContext.videoEncoder(
            plan, width: source.width, height: source.height, timeBase: source.timeBase, frameRate: frameRate,
            aspect: source.aspect, colors: colors, globalHeader: muxer.needsGlobalHeader, file: finalPath)
        let stream = try muxer.addStream()
        try encoder.copyParameters(to: stream)
        stream.pointee.time_base = encoder.pointer.pointee.time_base
        stream.pointee.avg_frame_rate = frameRate
        // Apple's players open HEVC in MP4 and QuickTime only under the hvc1 tag.
        if encoder.pointer.pointee.codec_id == AV_CODEC_ID_HEVC && muxer.isQuickTimeFamily {
            stream.pointee.codecpar.pointee.codec_tag = burn_mktag(0x68, 0x76, 0x63, 0x31)  // "hvc1"
        }
        plan.metadata?.attach(to: stream)
        for tag in plan.streamTags { av_dict_set(&stream.pointee.metadata, tag.key, tag.value, 0) }
        videoIndex = stream.pointee.index
        audio = try demuxer.map { try AudioPassThrough(from: $0, to: muxer, finalPath: finalPath, kept: kept, notice: notice) }
        recordsFrames = segment != nil
        if let segment { segment.tags.forEach { muxer.setTag($0.key, $0.value) } }
        try muxer.start()
    }

    /// Encodes one frame and writes the packets the encoder has ready.
    func encode(_ frame: UnsafeMutablePointer<AVFrame>, timer: StageTimer) throws {
        try timer.measure(.encode) { try encoder.send(frame: frame) }
        try drain(timer: timer)
    }

    /// A packet of another stream than the video: copied, re-encoded, or dropped.
    func passOn(_ packet: Packet) throws { try audio?.passOn(packet) }

    /// The demuxer has sought (a cut render over a long cut): the audio decoders start afresh.
    func restartAudio() { audio?.restart() }

    /// Flushes the audio re-encoders and the video encoder, and completes the file.
    func finish(timer: StageTimer) throws {
        if let audio { try timer.measure(.mux) { try audio.finish() } }
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
