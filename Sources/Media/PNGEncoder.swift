import CAVCodec
import CAVFilter
import CAVFormat
import CAVUtil

/// libavcodec's PNG encoder for one RGB24 picture.
enum PNGEncoder {
    static func encode(_ frame: Frame) throws -> [UInt8] {
        guard let codec = avcodec_find_encoder(AV_CODEC_ID_PNG) else {
            throw MediaError.unsupported(file: nil, message: "this FFmpeg has no PNG encoder")
        }
        guard let context = avcodec_alloc_context3(codec) else { throw MediaError.outOfMemory("avcodec_alloc_context3", file: nil) }
        var owned: UnsafeMutablePointer<AVCodecContext>? = context
        defer { avcodec_free_context(&owned) }
        context.pointee.width = frame.pointer.pointee.width
        context.pointee.height = frame.pointer.pointee.height
        context.pointee.pix_fmt = AV_PIX_FMT_RGB24
        context.pointee.time_base = AVRational(num: 1, den: 1)
        try MediaError.check(avcodec_open2(context, codec, nil), "avcodec_open2 (png)", file: nil)
        try MediaError.check(avcodec_send_frame(context, frame.pointer), "avcodec_send_frame (png)", file: nil)
        try MediaError.check(avcodec_send_frame(context, nil), "avcodec_send_frame (png)", file: nil)
        let packet = try Packet()
        try MediaError.check(avcodec_receive_packet(context, packet.pointer), "avcodec_receive_packet (png)", file: nil)
        defer { packet.unref() }
        return Array(UnsafeBufferPointer(start: packet.pointer.pointee.data, count: Int(packet.pointer.pointee.size)))
    }
}

extension RGBImage {
    /// The picture as a PNG file's bytes.
    public func png() throws -> [UInt8] {
        let frame = try Frame.picture(width: width, height: height, format: AV_PIX_FMT_RGB24, file: nil)
        let f = frame.pointer.pointee
        for row in 0..<height {
            let line = f.data.0! + row * Int(f.linesize.0)
            for i in 0..<(width * 3) { line[i] = pixels[row * width * 3 + i] }
        }
        return try PNGEncoder.encode(frame)
    }
}
