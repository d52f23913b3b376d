import CAVCodec
import CAVFilter
import CAVFormat
import CAVUtil

/// Silence for a live input's sound while the input is away and its last frame is repeated:
/// packets in each audio stream's own codec, rate and channels (FFmpeg's encoder of that codec,
/// fed zeros), timed to continue the stream where its last packet ended, so that the output
/// has no gap in its sound (platforms and players stall on one). They are passed on as the
/// input's own packets are; AAC from MPEG-TS, whose packets carry ADTS headers, gets them too
/// (`ADTSFraming`). A stream whose codec has no encoder here, or whose parameters the encoder
/// refuses, is left out: its sound has a gap, as before.
final class SilentAudio {
    private final class Track {
        let index: Int32
        let encoder: CodecContext
        let frame: Frame
        let timeBase: AVRational
        let offset: Int64  // the timeline start, in `timeBase`
        let rate: Int32
        /// The ADTS headers its packets need (AAC with no configuration: from MPEG-TS).
        let framing: ADTSFraming?
        /// Where the stream's sound so far ends, on the output's timeline. // seconds
        var end: Double?
        /// Samples of silence sent to the encoder, for the frames' timestamps.
        var sentSamples: Int64 = 0

        init(
            index: Int32, encoder: CodecContext, frame: Frame, timeBase: AVRational, offset: Int64, rate: Int32, framing: ADTSFraming?
        ) {
            (self.index, self.encoder, self.frame, self.timeBase, self.offset, self.rate) = (index, encoder, frame, timeBase, offset, rate)
            self.framing = framing
        }
    }

    private let tracks: [Int32: Track]
    private let packet: Packet

    /// Silence for the audio streams of `demuxer` (the first connection's, whose streams and
    /// time bases the output keeps).
    init(_ demuxer: Demuxer) throws {
        var tracks: [Int32: Track] = [:]
        for index in 0..<demuxer.streamCount {
            let stream = demuxer.stream(index)
            guard let parameters = stream.pointee.codecpar, parameters.pointee.codec_type == AVMEDIA_TYPE_AUDIO,
                parameters.pointee.sample_rate > 0,
                let track = try? Self.track(stream, offset: demuxer.timelineOffset(in: stream.pointee.time_base), path: demuxer.path)
            else { continue }
            tracks[track.index] = track
        }
        self.tracks = tracks
        packet = try Packet()
    }

    /// An encoder of `stream`'s codec at its rate and channels, and a frame of silence for it.
    private static func track(_ stream: UnsafeMutablePointer<AVStream>, offset: Int64, path: String) throws -> Track {
        let parameters = stream.pointee.codecpar.pointee
        let codec = try CodecContext.encoder(for: parameters.codec_id, file: path)
        guard let formats = codec.pointee.sample_fmts else { throw MediaError.unsupported(file: path, message: "no sample format") }
        let rate = parameters.sample_rate
        let adts = parameters.codec_id == AV_CODEC_ID_AAC && parameters.extradata_size == 0
        let encoder = try CodecContext(codec: codec, file: path) { context in
            context.pointee.sample_rate = rate
            context.pointee.sample_fmt = formats[0]
            try MediaError.check(av_channel_layout_copy(&context.pointee.ch_layout, &stream.pointee.codecpar.pointee.ch_layout), "av_channel_layout_copy", file: path)
            context.pointee.time_base = AVRational(num: 1, den: rate)
            context.pointee.bit_rate = parameters.bit_rate > 0 ? parameters.bit_rate : 64_000
            // The configuration the ADTS headers are made from.
            if adts { context.pointee.flags |= burn_av_codec_flag_global_header() }
        }
        let frame = try Frame()
        let context = encoder.pointer.pointee
        frame.pointer.pointee.nb_samples = context.frame_size > 0 ? context.frame_size : 1024
        frame.pointer.pointee.format = context.sample_fmt.rawValue
        frame.pointer.pointee.sample_rate = rate
        try MediaError.check(av_channel_layout_copy(&frame.pointer.pointee.ch_layout, &encoder.pointer.pointee.ch_layout), "av_channel_layout_copy", file: path)
        try MediaError.check(av_frame_get_buffer(frame.pointer, 0), "av_frame_get_buffer", file: path)
        av_samples_set_silence(
            frame.pointer.pointee.extended_data, 0, frame.pointer.pointee.nb_samples, context.ch_layout.nb_channels, context.sample_fmt)
        return Track(
            index: stream.pointee.index, encoder: encoder, frame: frame, timeBase: stream.pointee.time_base, offset: offset, rate: rate,
            framing: adts ? try ADTSFraming(encoder, file: path) : nil)
    }

    /// `packet` (the first connection's streams and time bases) was passed on: its stream's
    /// sound now ends where the packet's does.
    func heard(_ packet: Packet) {
        guard let track = tracks[packet.pointer.pointee.stream_index], packet.pointer.pointee.pts != AVCode.noPTS else { return }
        let p = packet.pointer.pointee
        let end = Double(p.pts - track.offset + max(0, p.duration)) * av_q2d(track.timeBase)
        track.end = max(track.end ?? end, end)
    }

    /// Packets of silence that take every stream heard so far up to `time` seconds, each handed
    /// to `body` (which may keep it only until it returns).
    func fill(until time: Double, _ body: (Packet) throws -> Void) throws {
        for index in tracks.keys.sorted() {
            let track = tracks[index]!
            guard var end = track.end else { continue }
            let samples = Int(track.frame.pointer.pointee.nb_samples)
            let seconds = Double(samples) / Double(track.rate)
            var sent = 0
            // An encoder gives its first packet a frame or two late; a few more frames at most.
            let most = Int((time - end) / seconds) + 4
            while end + seconds <= time && sent < most {
                track.frame.pointer.pointee.pts = track.sentSamples
                track.sentSamples += Int64(samples)
                try track.encoder.send(frame: track.frame.pointer)
                sent += 1
                while try track.encoder.receive(into: packet) {
                    defer { packet.unref() }
                    try track.framing?.frame(packet, file: nil)
                    let ticks = Self.ticks(end, track.timeBase) + track.offset
                    packet.pointer.pointee.stream_index = index
                    packet.pointer.pointee.pts = ticks
                    packet.pointer.pointee.dts = ticks
                    packet.pointer.pointee.duration = Self.ticks(seconds, track.timeBase)
                    packet.pointer.pointee.flags |= AV_PKT_FLAG_KEY
                    try body(packet)
                    end += seconds
                }
            }
            track.end = end
        }
    }

    private static func ticks(_ seconds: Double, _ timeBase: AVRational) -> Int64 {
        av_rescale_q(Int64((seconds * 1_000_000).rounded()), AVRational(num: 1, den: 1_000_000), timeBase)
    }
}
