import CAVCodec
import CAVFilter
import CAVFormat
import CAVUtil

/// A threaded decoder for one stream (video or audio), through libavcodec.
final class Decoder {
    let context: UnsafeMutablePointer<AVCodecContext>
    private let path: String

    /// `threads` 0 lets FFmpeg choose (one per core, plus one).
    init(stream: UnsafeMutablePointer<AVStream>, path: String, threads: Int = 0) throws {
        let parameters = stream.pointee.codecpar!
        guard let codec = avcodec_find_decoder(parameters.pointee.codec_id) else {
            let name = String(cString: avcodec_get_name(parameters.pointee.codec_id))
            let kind = av_get_media_type_string(parameters.pointee.codec_type).map { String(cString: $0) } ?? "data"
            throw MediaError.unsupported(file: path, message: "no decoder for \(kind) codec \(name)")
        }
        guard let context = avcodec_alloc_context3(codec) else {
            throw MediaError.outOfMemory("avcodec_alloc_context3", file: path)
        }
        self.context = context
        self.path = path
        try MediaError.check(
            avcodec_parameters_to_context(context, parameters), "avcodec_parameters_to_context", file: path)
        context.pointee.pkt_timebase = stream.pointee.time_base
        context.pointee.thread_count = Int32(threads)
        context.pointee.thread_type = burn_ff_thread_frame_slice()
        try MediaError.check(avcodec_open2(context, codec, nil), "avcodec_open2 (decoder)", file: path)
    }

    deinit {
        var owned: UnsafeMutablePointer<AVCodecContext>? = context
        avcodec_free_context(&owned)
    }

    /// Sends a packet, or nil to drain.
    func send(_ packet: Packet?) throws {
        let code = avcodec_send_packet(context, packet?.pointer)
        if code == AVCode.eof { return }
        try MediaError.check(code, "avcodec_send_packet", file: path)
    }

    /// Receives the next decoded frame into `frame`; false when it needs more input or is drained.
    func receive(into frame: Frame) throws -> Bool {
        let code = avcodec_receive_frame(context, frame.pointer)
        if code == AVCode.again || code == AVCode.eof { return false }
        try MediaError.check(code, "avcodec_receive_frame", file: path)
        return true
    }
}
