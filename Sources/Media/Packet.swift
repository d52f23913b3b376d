import CAVCodec
import CAVFilter
import CAVFormat
import CAVUtil

/// An owned AVPacket, reused for every read.
final class Packet {
    let pointer: UnsafeMutablePointer<AVPacket>

    init() throws {
        guard let packet = av_packet_alloc() else { throw MediaError.outOfMemory("av_packet_alloc", file: "packet") }
        pointer = packet
    }

    deinit {
        var packet: UnsafeMutablePointer<AVPacket>? = pointer
        av_packet_free(&packet)
    }

    func unref() { av_packet_unref(pointer) }
}
