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
        let codec = try CodecContext.decoder(for: AV_CODEC_ID_PNG, type: AVMEDIA_TYPE_VIDEO, file: file)
        let decoder = try CodecContext(codec: codec, file: file)
        let packet = try Packet()
        try MediaError.check(av_new_packet(packet.pointer, Int32(bytes.count)), "av_new_packet", file: file)
        defer { packet.unref() }
        bytes.withUnsafeBufferPointer { source in
            packet.pointer.pointee.data.update(from: source.baseAddress!, count: bytes.count)
        }
        try decoder.send(packet: packet)
        try decoder.send(packet: nil)
        let frame = try Frame()
        guard try decoder.receive(into: frame) else {
            throw MediaError.unsupported(file: file, message: "no picture in the PNG")
        }
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
