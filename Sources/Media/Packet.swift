import CAVCodec
import CAVFilter
import CAVFormat
import CAVUtil

/// An owned AVPacket, reused for every read.
final class Packet {
    let pointer: UnsafeMutablePointer<AVPacket>

    init() throws {
        guard let packet = av_packet_alloc() else { throw MediaError.outOfMemory("av_packet_alloc", file: nil) }
        pointer = packet
    }

    deinit {
        var packet: UnsafeMutablePointer<AVPacket>? = pointer
        av_packet_free(&packet)
    }

    func unref() { av_packet_unref(pointer) }

    /// Makes this packet another reference to `other`'s data, with its timestamps and flags:
    /// one packet for each of several muxers, each of which takes what it is given.
    func refer(to other: Packet) throws {
        av_packet_unref(pointer)
        try MediaError.check(av_packet_ref(pointer, other.pointer), "av_packet_ref", file: nil)
    }

    /// Moves the timestamps `offset` earlier (in the packet's time base).
    func shift(by offset: Int64) {
        guard offset != 0 else { return }
        if pointer.pointee.pts != AVCode.noPTS { pointer.pointee.pts -= offset }
        if pointer.pointee.dts != AVCode.noPTS { pointer.pointee.dts -= offset }
    }
}
