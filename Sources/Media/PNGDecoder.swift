import CAVCodec
import CAVFilter
import CAVFormat
import CAVUtil

/// An RGB picture, 8 bits per channel, rows top to bottom. // pixels
public struct RGBImage: Sendable, Equatable {
    public var width: Int
    public var height: Int
    public var pixels: [UInt8]  // width * height * 3

    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height * 3, "pixels do not match the size")
        self.width = width
        self.height = height
        self.pixels = pixels
    }
}

/// libavcodec's PNG decoder, for pictures burn-captions wrote (RGB24).
public enum PNGDecoder {
    /// The picture in `bytes`; throws naming `file` when it is not an RGB PNG.
    public static func decode(_ bytes: [UInt8], file: String) throws -> RGBImage {
        guard let codec = avcodec_find_decoder(AV_CODEC_ID_PNG) else {
            throw MediaError.unsupported(file: file, message: "this FFmpeg has no PNG decoder")
        }
        guard let context = avcodec_alloc_context3(codec) else { throw MediaError.outOfMemory("avcodec_alloc_context3", file: file) }
        var owned: UnsafeMutablePointer<AVCodecContext>? = context
        defer { avcodec_free_context(&owned) }
        try MediaError.check(avcodec_open2(context, codec, nil), "avcodec_open2 (png)", file: file)
        let packet = try Packet()
        try MediaError.check(av_new_packet(packet.pointer, Int32(bytes.count)), "av_new_packet", file: file)
        defer { packet.unref() }
        bytes.withUnsafeBufferPointer { source in
            packet.pointer.pointee.data.update(from: source.baseAddress!, count: bytes.count)
        }
        try MediaError.check(avcodec_send_packet(context, packet.pointer), "avcodec_send_packet (png)", file: file)
        let frame = try Frame()
        try MediaError.check(avcodec_receive_frame(context, frame.pointer), "avcodec_receive_frame (png)", file: file)
        guard frame.format == AV_PIX_FMT_RGB24 else {
            throw MediaError.unsupported(file: file, message: "expected an RGB PNG")
        }
        let width = frame.width
        let height = frame.height
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        let f = frame.pointer.pointee
        for row in 0..<height {
            let line = f.data.0! + row * Int(f.linesize.0)
            for i in 0..<(width * 3) { pixels[row * width * 3 + i] = line[i] }
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }
}
