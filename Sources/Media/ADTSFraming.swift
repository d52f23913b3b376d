import CAVCodec
import CAVFilter
import CAVFormat
import CAVUtil
import Foundation

/// AAC packets framed as ADTS, as MPEG-TS carries them: FFmpeg's `adts` muxer writes each
/// packet into memory with the header it makes from the encoder's configuration (extradata,
/// so the encoder must have been opened with global headers). For sound made here for a
/// stream whose AAC came from MPEG-TS: its packets carry their own ADTS headers, and the
/// stream has no configuration a muxer could frame raw packets with.
final class ADTSFraming {
    private let context: UnsafeMutablePointer<AVFormatContext>

    /// A framing for the packets of `encoder` (AAC, opened with global headers).
    init(_ encoder: CodecContext, file: String?) throws {
        var made: UnsafeMutablePointer<AVFormatContext>?
        try MediaError.check(avformat_alloc_output_context2(&made, nil, "adts", nil), "avformat_alloc_output_context2", file: file)
        guard let context = made else { throw MediaError.outOfMemory("avformat_alloc_output_context2", file: file) }
        do {
            guard let stream = avformat_new_stream(context, nil) else { throw MediaError.outOfMemory("avformat_new_stream", file: file) }
            try MediaError.check(
                avcodec_parameters_from_context(stream.pointee.codecpar, encoder.pointer), "avcodec_parameters_from_context", file: file)
            stream.pointee.time_base = encoder.pointer.pointee.time_base
            try MediaError.check(avio_open_dyn_buf(&context.pointee.pb), "avio_open_dyn_buf", file: file)
            try MediaError.check(avformat_write_header(context, nil), "avformat_write_header", file: file)
            _ = try Self.take(context, file: file)
        } catch {
            Self.free(context)
            throw error
        }
        self.context = context
    }

    deinit { Self.free(context) }

    /// Puts the ADTS header before `packet`'s data; its timestamps, duration and flags stay.
    func frame(_ packet: Packet, file: String?) throws {
        let kept = packet.pointer.pointee
        packet.pointer.pointee.stream_index = 0
        try MediaError.check(av_write_frame(context, packet.pointer), "av_write_frame", file: file)
        let bytes = try Self.take(context, file: file)
        guard !bytes.isEmpty else { throw MediaError.unsupported(file: file, message: "the adts muxer wrote nothing for a packet") }
        av_packet_unref(packet.pointer)
        try MediaError.check(av_new_packet(packet.pointer, Int32(bytes.count)), "av_new_packet", file: file)
        bytes.withUnsafeBytes { packet.pointer.pointee.data.update(from: $0.bindMemory(to: UInt8.self).baseAddress!, count: bytes.count) }
        packet.pointer.pointee.pts = kept.pts
        packet.pointer.pointee.dts = kept.dts
        packet.pointer.pointee.duration = kept.duration
        packet.pointer.pointee.flags = kept.flags
        packet.pointer.pointee.stream_index = kept.stream_index
    }

    /// What was written since the last call, the buffer opened afresh.
    private static func take(_ context: UnsafeMutablePointer<AVFormatContext>, file: String?) throws -> [UInt8] {
        var buffer: UnsafeMutablePointer<UInt8>?
        let size = avio_close_dyn_buf(context.pointee.pb, &buffer)
        context.pointee.pb = nil
        defer { av_free(buffer) }
        let bytes = buffer.map { Array(UnsafeBufferPointer(start: $0, count: Int(size))) } ?? []
        try MediaError.check(avio_open_dyn_buf(&context.pointee.pb), "avio_open_dyn_buf", file: file)
        return bytes
    }

    private static func free(_ context: UnsafeMutablePointer<AVFormatContext>) {
        if let pb = context.pointee.pb {
            var buffer: UnsafeMutablePointer<UInt8>?
            _ = avio_close_dyn_buf(pb, &buffer)
            av_free(buffer)
            context.pointee.pb = nil
        }
        avformat_free_context(context)
    }
}
