import CAVCodec
import CAVFilter
import CAVFormat
import CAVUtil

/// The input's audio in an output: every audio stream copied packet for packet on the
/// output's timeline (re-encoded to AAC, or Opus, only where the container cannot hold its
/// codec); subtitle and data streams are dropped with a notice (`RenderNotice`). A render and a join of
/// segments (`SegmentJoiner`) carry the audio the same way. A cut render re-encodes every
/// audio stream, its kept ranges joined (`AudioReencoder` with `kept`): a packet holds
/// about 21 ms of sound and its neighbours' overlap, so packets cannot be copied across a
/// cut without a gap, a click and the audio slipping from the video.
final class AudioPassThrough {
    private let demuxer: Demuxer
    private let muxer: Muxer
    private var copied: [Int32: (out: Int32, offset: Int64)] = [:]  // input stream -> output stream, timeline offset
    private var reencoders: [Int32: AudioReencoder] = [:]  // input stream index -> AAC or Opus encoder
    /// Audio streams copied as they are.
    var copiedStreams: Int { copied.count }

    /// Adds an output stream to `muxer` for each of `demuxer`'s audio streams (before its
    /// header is written); `finalPath` is the output named in errors; `kept`: a cut render's ranges.
    init(
        from demuxer: Demuxer, to muxer: Muxer, finalPath: String, kept: KeptRanges? = nil, notice: (RenderNotice) -> Void
    ) throws {
        self.demuxer = demuxer
        self.muxer = muxer
        for index in 0..<demuxer.streamCount where Int32(index) != demuxer.videoStreamIndex {
            let stream = demuxer.stream(index)
            let parameters = stream.pointee.codecpar!
            let kind = av_get_media_type_string(parameters.pointee.codec_type).map { String(cString: $0) } ?? "unknown"
            guard parameters.pointee.codec_type == AVMEDIA_TYPE_AUDIO else {
                notice(.droppedStream(index: Int(index), kind: kind))
                continue
            }
            let codec = String(cString: avcodec_get_name(parameters.pointee.codec_id))
            guard kept == nil && muxer.canHold(parameters) else {
                let reencoder = try AudioReencoder(
                    stream: stream, offset: demuxer.timelineOffset(in: stream.pointee.time_base), muxer: muxer,
                    path: demuxer.path, outputPath: finalPath, kept: kept)
                reencoders[Int32(index)] = reencoder
                // A cut render re-encodes every stream, as it was asked to.
                if kept == nil { notice(.reencodedStream(index: Int(index), codec: codec, encoder: reencoder.codecName)) }
                continue
            }
            let out = try muxer.addStream()
            try MediaError.check(
                avcodec_parameters_copy(out.pointee.codecpar, parameters), "avcodec_parameters_copy", file: finalPath)
            out.pointee.codecpar.pointee.codec_tag = 0
            out.pointee.time_base = stream.pointee.time_base
            out.pointee.disposition = stream.pointee.disposition
            av_dict_copy(&out.pointee.metadata, stream.pointee.metadata, 0)
            copied[Int32(index)] = (out.pointee.index, demuxer.timelineOffset(in: stream.pointee.time_base))
        }
    }

    /// Whether packets of the input stream `index` go to the output.
    func carries(_ index: Int32) -> Bool { copied[index] != nil || reencoders[index] != nil }

    /// A packet of another stream than the video: copied, re-encoded, or dropped.
    func passOn(_ packet: Packet) throws {
        let index = packet.pointer.pointee.stream_index
        if let (out, offset) = copied[index] {
            packet.shift(by: offset)
            try muxer.write(packet, stream: out, timeBase: demuxer.stream(Int(index)).pointee.time_base)
        } else if let reencoder = reencoders[index] {
            try reencoder.feed(packet, to: muxer)
        }
    }

    /// The demuxer has sought (a cut render over a long cut): the decoders start afresh.
    func restart() { reencoders.values.forEach { $0.restart() } }

    /// Flushes the re-encoders.
    func finish() throws {
        for index in reencoders.keys.sorted() { try reencoders[index]!.feed(nil, to: muxer) }
    }
}
