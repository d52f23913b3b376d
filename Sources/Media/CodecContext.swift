import CAVCodec
import CAVFilter
import CAVFormat
import CAVUtil

/// One libavcodec context, a decoder or an encoder: configured, opened once, freed in deinit.
/// Decoders take packets and give frames (`send(packet:)`, `receive(into: Frame)`), encoders
/// take frames and give packets (`send(frame:)`, `receive(into: Packet)`); errors name `file`,
/// or no file when there is none.
final class CodecContext {
    let pointer: UnsafeMutablePointer<AVCodecContext>
    private let file: String?

    /// Opens `codec` with `options` (its private options, set in order) once `configure` has
    /// filled in what the codec needs (picture size, pixel or sample format, time base, ...).
    init(
        codec: UnsafePointer<AVCodec>, file: String?, options: [(name: String, value: String)] = [],
        configure: (UnsafeMutablePointer<AVCodecContext>) throws -> Void = { _ in }
    ) throws {
        guard let context = avcodec_alloc_context3(codec) else {
            throw MediaError.outOfMemory("avcodec_alloc_context3", file: file)
        }
        // Built in locals: until every property is set, a failure frees the context here.
        do {
            try configure(context)
            var dictionary: OpaquePointer?
            defer { av_dict_free(&dictionary) }
            for option in options { av_dict_set(&dictionary, option.name, option.value, 0) }
            let name = String(cString: codec.pointee.name)
            try MediaError.check(avcodec_open2(context, codec, &dictionary), "avcodec_open2 (\(name))", file: file)
        } catch {
            Self.free(context)
            throw error
        }
        self.pointer = context
        self.file = file
    }

    /// Whether a decoder skips the frames no other frame refers to (most B-frames), from the
    /// next packet sent on: a cut render's frames that are dropped anyway.
    var skipsUnreferenced: Bool {
        get { pointer.pointee.skip_frame == AVDISCARD_NONREF }
        set { pointer.pointee.skip_frame = newValue ? AVDISCARD_NONREF : AVDISCARD_DEFAULT }
    }

    /// A decoder for `stream` (video or audio), with the stream's parameters and time base;
    /// `threads` 0 lets FFmpeg choose (one per core, plus one). `roughly` skips the loop
    /// filter (H.264, HEVC): faster, a little blockier, for passes that only measure pictures;
    /// `referencedOnly` decodes only the frames others refer to (most B-frames are skipped),
    /// for passes that look at a few frames a second. `lowDelay` (a live input) gives each
    /// frame out as soon as it is decoded: slice threads only, since frame threads hold back
    /// one frame per thread.
    convenience init(
        decoding stream: UnsafeMutablePointer<AVStream>, file: String?, threads: Int = 0, roughly: Bool = false,
        referencedOnly: Bool = false, lowDelay: Bool = false
    ) throws {
        let parameters = stream.pointee.codecpar!
        let codec = try CodecContext.decoder(
            for: parameters.pointee.codec_id, type: parameters.pointee.codec_type, file: file)
        try self.init(codec: codec, file: file) { context in
            try MediaError.check(
                avcodec_parameters_to_context(context, parameters), "avcodec_parameters_to_context", file: file)
            context.pointee.pkt_timebase = stream.pointee.time_base
            context.pointee.thread_count = Int32(threads)
            context.pointee.thread_type = lowDelay ? burn_ff_thread_slice() : burn_ff_thread_frame_slice()
            if lowDelay { context.pointee.flags |= burn_av_codec_flag_low_delay() }
            if roughly { context.pointee.skip_loop_filter = AVDISCARD_ALL }
            if referencedOnly { context.pointee.skip_frame = AVDISCARD_NONREF }
        }
    }

    /// Drops what the decoder holds (after a seek): the next packet starts afresh.
    func flush() { avcodec_flush_buffers(pointer) }

    deinit { Self.free(pointer) }

    private static func free(_ context: UnsafeMutablePointer<AVCodecContext>) {
        var owned: UnsafeMutablePointer<AVCodecContext>? = context
        avcodec_free_context(&owned)
    }

    /// libavcodec's decoder for `id`, a codec of `type` (named in the error when there is none).
    static func decoder(for id: AVCodecID, type: AVMediaType, file: String?) throws -> UnsafePointer<AVCodec> {
        guard let codec = avcodec_find_decoder(id) else {
            let name = String(cString: avcodec_get_name(id))
            let kind = av_get_media_type_string(type).map { String(cString: $0) } ?? "data"
            throw MediaError.unsupported(file: file, message: "no decoder for \(kind) codec \(name)")
        }
        return codec
    }

    /// libavcodec's encoder called `name` ("libx264").
    static func encoder(named name: String, file: String?) throws -> UnsafePointer<AVCodec> {
        guard let codec = avcodec_find_encoder_by_name(name) else {
            throw MediaError.unsupported(file: file, message: "this FFmpeg has no \(name) encoder")
        }
        return codec
    }

    /// libavcodec's preferred encoder for `id`.
    static func encoder(for id: AVCodecID, file: String?) throws -> UnsafePointer<AVCodec> {
        guard let codec = avcodec_find_encoder(id) else {
            throw MediaError.unsupported(
                file: file, message: "this FFmpeg has no \(String(cString: avcodec_get_name(id))) encoder")
        }
        return codec
    }

    /// Sends a packet to the decoder, or nil to drain it (again: nothing happens).
    func send(packet: Packet?) throws {
        try sent(avcodec_send_packet(pointer, packet?.pointer), "avcodec_send_packet")
    }

    /// Receives the next decoded frame into `frame`; false when the decoder needs more input or is drained.
    func receive(into frame: Frame) throws -> Bool {
        try received(avcodec_receive_frame(pointer, frame.pointer), "avcodec_receive_frame")
    }

    /// Sends a frame to the encoder, or nil to flush it (again: nothing happens).
    func send(frame: UnsafeMutablePointer<AVFrame>?) throws {
        try sent(avcodec_send_frame(pointer, frame), "avcodec_send_frame")
    }

    /// Receives the next encoded packet into `packet`; false when the encoder needs more frames or is drained.
    func receive(into packet: Packet) throws -> Bool {
        try received(avcodec_receive_packet(pointer, packet.pointer), "avcodec_receive_packet")
    }

    /// A send's code: EOF (the codec was already told the end) is no error.
    private func sent(_ code: Int32, _ operation: String) throws {
        if code != AVCode.eof { try MediaError.check(code, operation, file: file) }
    }

    /// A receive's code: true when something came; EAGAIN (more input needed) and EOF (drained) give false.
    private func received(_ code: Int32, _ operation: String) throws -> Bool {
        if code == AVCode.again || code == AVCode.eof { return false }
        try MediaError.check(code, operation, file: file)
        return true
    }

    /// Describes the encoder's output (codec, size or sample layout, extradata) on `stream`.
    func copyParameters(to stream: UnsafeMutablePointer<AVStream>) throws {
        try MediaError.check(
            avcodec_parameters_from_context(stream.pointee.codecpar, pointer), "avcodec_parameters_from_context", file: file)
    }
}
