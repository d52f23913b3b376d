import CAVCodec
import CAVFilter
import CAVFormat
import CAVUtil
import Foundation

/// An HDR video's static metadata: the mastering display (SMPTE ST 2086) and the content
/// light levels (CTA-861.3), as the input's stream or its first frame carries them, handed
/// to the encoder's own parameters and the output stream (FFmpeg 5.1's libx265 and
/// libsvtav1 wrappers do not copy frame side data).
struct HDRMetadata: Sendable {
    /// Chromaticities of red, green, blue and white, CIE 1931 x and y.
    var display: (red: (Double, Double), green: (Double, Double), blue: (Double, Double), white: (Double, Double), minLuminance: Double, maxLuminance: Double)?  // cd/m²
    var lightLevel: (maxContent: Int, maxAverage: Int)?  // cd/m²

    var isEmpty: Bool { display == nil && lightLevel == nil }

    /// Reads `mastering` and `light` (either may be nil).
    init(mastering: UnsafePointer<AVMasteringDisplayMetadata>?, light: UnsafePointer<AVContentLightMetadata>?) {
        if let m = mastering?.pointee, m.has_primaries != 0, m.has_luminance != 0 {
            let p = m.display_primaries
            display = (
                (av_q2d(p.0.0), av_q2d(p.0.1)), (av_q2d(p.1.0), av_q2d(p.1.1)), (av_q2d(p.2.0), av_q2d(p.2.1)),
                (av_q2d(m.white_point.0), av_q2d(m.white_point.1)), av_q2d(m.min_luminance), av_q2d(m.max_luminance)
            )
        }
        if let l = light?.pointee, l.MaxCLL > 0 || l.MaxFALL > 0 { lightLevel = (Int(l.MaxCLL), Int(l.MaxFALL)) }
    }

    /// The metadata on `stream`'s side data, else on its first decoded frame (MP4 written by
    /// FFmpeg keeps it in the bitstream only); nil when there is none. Reads from a demuxer of
    /// its own.
    static func read(stream: UnsafeMutablePointer<AVStream>, path: String) -> HDRMetadata? {
        var size = 0
        let mastering = av_stream_get_side_data(stream, AV_PKT_DATA_MASTERING_DISPLAY_METADATA, &size)
        let light = av_stream_get_side_data(stream, AV_PKT_DATA_CONTENT_LIGHT_LEVEL, &size)
        if mastering != nil || light != nil {
            let found = HDRMetadata(
                mastering: mastering.map { UnsafeRawPointer($0).assumingMemoryBound(to: AVMasteringDisplayMetadata.self) },
                light: light.map { UnsafeRawPointer($0).assumingMemoryBound(to: AVContentLightMetadata.self) })
            return found.isEmpty ? nil : found
        }
        return try? firstFrame(path: path, streamIndex: stream.pointee.index)
    }

    /// The metadata the first decoded frame of stream `streamIndex` carries.
    private static func firstFrame(path: String, streamIndex: Int32) throws -> HDRMetadata? {
        let demuxer = try Demuxer(path: path)
        let decoder = try CodecContext(decoding: demuxer.stream(Int(streamIndex)), file: path, threads: 1)
        let packet = try Packet()
        let frame = try Frame()
        var packets = 0
        while packets < 64, try demuxer.read(into: packet) {
            defer { packet.unref() }
            guard packet.pointer.pointee.stream_index == streamIndex else { continue }
            packets += 1
            try decoder.send(packet: packet)
            if try decoder.receive(into: frame) { return metadata(of: frame) }
        }
        try decoder.send(packet: nil)
        return try decoder.receive(into: frame) ? metadata(of: frame) : nil
    }

    private static func metadata(of frame: Frame) -> HDRMetadata? {
        let mastering = av_frame_get_side_data(frame.pointer, AV_FRAME_DATA_MASTERING_DISPLAY_METADATA)
        let light = av_frame_get_side_data(frame.pointer, AV_FRAME_DATA_CONTENT_LIGHT_LEVEL)
        let found = HDRMetadata(
            mastering: mastering.map { UnsafeRawPointer($0.pointee.data).assumingMemoryBound(to: AVMasteringDisplayMetadata.self) },
            light: light.map { UnsafeRawPointer($0.pointee.data).assumingMemoryBound(to: AVContentLightMetadata.self) })
        return found.isEmpty ? nil : found
    }

    /// libx265's parameters: chromaticities in 0.00002 steps, luminance in 0.0001 cd/m².
    var x265Parameters: [String] {
        parameters(display: "master-display", lightLevel: "max-cll") {
            "\(Int(($0 * ($1 ? 10_000 : 50_000)).rounded()))"
        }
    }

    /// SVT-AV1's parameters: chromaticities and luminance as decimals.
    var svtAV1Parameters: [String] {
        parameters(display: "mastering-display", lightLevel: "content-light") { value, _ in String(format: "%.4f", value) }
    }

    /// An encoder's `name=G(x,y)B(x,y)R(x,y)WP(x,y)L(max,min)` and `name=content,average`
    /// parameters, each number written by `number(value, isLuminance)`.
    private func parameters(display displayName: String, lightLevel lightLevelName: String, number: (Double, Bool) -> String)
        -> [String]
    {
        var parameters: [String] = []
        if let d = display {
            func xy(_ p: (Double, Double)) -> String { "(\(number(p.0, false)),\(number(p.1, false)))" }
            parameters.append(
                "\(displayName)=G\(xy(d.green))B\(xy(d.blue))R\(xy(d.red))WP\(xy(d.white))"
                    + "L(\(number(d.maxLuminance, true)),\(number(d.minLuminance, true)))")
        }
        if let l = lightLevel { parameters.append("\(lightLevelName)=\(l.maxContent),\(l.maxAverage)") }
        return parameters
    }

    /// Puts the metadata on `stream`'s side data, where the Matroska and WebM muxers write it.
    func attach(to stream: UnsafeMutablePointer<AVStream>) {
        if let d = display,
            let raw = av_stream_new_side_data(stream, AV_PKT_DATA_MASTERING_DISPLAY_METADATA, MemoryLayout<AVMasteringDisplayMetadata>.size)
        {
            let m = UnsafeMutableRawPointer(raw).assumingMemoryBound(to: AVMasteringDisplayMetadata.self)
            func q(_ value: Double, _ scale: Int32) -> AVRational { AVRational(num: Int32((value * Double(scale)).rounded()), den: scale) }
            m.pointee.display_primaries = (
                (q(d.red.0, 50_000), q(d.red.1, 50_000)), (q(d.green.0, 50_000), q(d.green.1, 50_000)),
                (q(d.blue.0, 50_000), q(d.blue.1, 50_000))
            )
            m.pointee.white_point = (q(d.white.0, 50_000), q(d.white.1, 50_000))
            m.pointee.min_luminance = q(d.minLuminance, 10_000)
            m.pointee.max_luminance = q(d.maxLuminance, 10_000)
            m.pointee.has_primaries = 1
            m.pointee.has_luminance = 1
        }
        if let l = lightLevel,
            let raw = av_stream_new_side_data(stream, AV_PKT_DATA_CONTENT_LIGHT_LEVEL, MemoryLayout<AVContentLightMetadata>.size)
        {
            let c = UnsafeMutableRawPointer(raw).assumingMemoryBound(to: AVContentLightMetadata.self)
            c.pointee.MaxCLL = UInt32(l.maxContent)
            c.pointee.MaxFALL = UInt32(l.maxAverage)
        }
    }
}
