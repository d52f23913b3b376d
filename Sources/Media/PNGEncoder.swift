import CAVCodec
import CAVFilter
import CAVFormat
import CAVUtil

/// libavcodec's PNG encoder for one RGB24 picture.
enum PNGEncoder {
    /// The PNG file's bytes for `frame`; errors name `file` (where the bytes go), if known.
    static func encode(_ frame: Frame, file: String?) throws -> [UInt8] {
        let codec = try CodecContext.encoder(for: AV_CODEC_ID_PNG, file: file)
        let encoder = try CodecContext(codec: codec, file: file) { context in
            context.pointee.width = frame.pointer.pointee.width
            context.pointee.height = frame.pointer.pointee.height
            context.pointee.pix_fmt = AV_PIX_FMT_RGB24
            context.pointee.time_base = AVRational(num: 1, den: 1)
        }
        try encoder.send(frame: frame.pointer)
        try encoder.send(frame: nil)
        let packet = try Packet()
        guard try encoder.receive(into: packet) else {
            throw MediaError.unsupported(file: file, message: "the PNG encoder gave no picture")
        }
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
        return try PNGEncoder.encode(frame, file: nil)
    }
}
