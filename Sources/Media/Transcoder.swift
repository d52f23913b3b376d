import CAVCodec
import CAVFilter
import CAVFormat
import CAVUtil
import Raster

/// A caption to composite into a frame, identified so its colour conversion happens once.
public struct FrameOverlay {
    public var id: Int
    public var bitmap: CaptionBitmap

    public init(id: Int, bitmap: CaptionBitmap) {
        self.id = id
        self.bitmap = bitmap
    }
}

/// How far a render has come.
public struct TranscodeProgress: Sendable {
    public var frames: Int
    public var time: Double  // seconds of video done
    public var duration: Double?  // seconds of video in all, when known
}

/// What a finished render did.
public struct TranscodeSummary: Sendable {
    public var frames: Int
    public var captionedFrames: Int
    public var copiedStreams: Int
    public var width: Int  // pixels
    public var height: Int  // pixels
}

/// Decodes the input, composites overlays into every frame they cover, encodes H.264 and
/// muxes it with the input's audio copied packet for packet (re-encoded to AAC only when
/// the output container cannot hold its codec).
public final class Transcoder {
    private let source: VideoSource
    public let inputPath: String

    /// Opens `inputPath` and prepares decoding; nothing is written yet.
    public init(inputPath: String) throws {
        self.inputPath = inputPath
        source = try VideoSource(path: inputPath)
    }

    /// Upright output size. // pixels
    public var width: Int { Int(source.width) }
    public var height: Int { Int(source.height) }
    /// Clockwise rotation applied from the display matrix. // degrees
    public var rotation: Int { source.orientation.rotation }
    /// Frames per second of the input (average). // 1/seconds
    public var frameRate: Double { source.frameRate }
    /// The input's duration, when known. // seconds
    public var duration: Double? { source.demuxer.duration }

    /// Renders into `outputPath` (a container named by `finalPath`'s extension).
    /// `overlay(t)` gives the caption for the frame at `t` seconds; `notice` gets one-line notes.
    public func run(
        outputPath: String, finalPath: String, settings: EncoderSettings,
        overlay: (Double) throws -> FrameOverlay?,
        progress: (TranscodeProgress) -> Void = { _ in },
        notice: (String) -> Void = { _ in },
        isCancelled: () -> Bool = { false }
    ) throws -> TranscodeSummary {
        let muxer = try Muxer(path: outputPath, formatFor: finalPath)
        let inputStream = source.stream
        let frameRate =
            inputStream.pointee.avg_frame_rate.num > 0 ? inputStream.pointee.avg_frame_rate : inputStream.pointee.r_frame_rate
        let encoder = try Encoder(
            width: source.width, height: source.height, timeBase: source.timeBase, frameRate: frameRate,
            aspect: source.aspect, colors: source.colors,
            settings: settings, globalHeader: muxer.needsGlobalHeader, path: finalPath)
        let videoOut = try muxer.addStream()
        try MediaError.check(
            avcodec_parameters_from_context(videoOut.pointee.codecpar, encoder.context),
            "avcodec_parameters_from_context", file: finalPath)
        videoOut.pointee.time_base = encoder.context.pointee.time_base
        videoOut.pointee.avg_frame_rate = frameRate
        let videoIndex = videoOut.pointee.index

        // Audio streams are copied; subtitle and data streams are dropped with a notice.
        var copied: [Int32: (out: Int32, offset: Int64)] = [:]  // input stream -> output stream, timeline offset
        var reencoders: [Int32: AudioReencoder] = [:]  // input stream index -> AAC encoder
        let demuxer = source.demuxer
        for index in 0..<demuxer.streamCount where Int32(index) != demuxer.videoStreamIndex {
            let stream = demuxer.stream(index)
            let parameters = stream.pointee.codecpar!
            let kind = av_get_media_type_string(parameters.pointee.codec_type).map { String(cString: $0) } ?? "unknown"
            guard parameters.pointee.codec_type == AVMEDIA_TYPE_AUDIO else {
                notice("dropping stream #\(index) (\(kind))")
                continue
            }
            let codec = String(cString: avcodec_get_name(parameters.pointee.codec_id))
            guard muxer.canHold(parameters.pointee.codec_id) else {
                let reencoder = try AudioReencoder(
                    stream: stream, offset: demuxer.timelineOffset(in: stream.pointee.time_base), muxer: muxer,
                    path: inputPath, outputPath: finalPath)
                reencoders[Int32(index)] = reencoder
                notice("re-encoding stream #\(index) (\(codec)) to AAC: the output container cannot hold \(codec)")
                continue
            }
            let out = try muxer.addStream()
            try MediaError.check(
                avcodec_parameters_copy(out.pointee.codecpar, parameters), "avcodec_parameters_copy", file: finalPath)
            out.pointee.codecpar.pointee.codec_tag = 0
            out.pointee.time_base = stream.pointee.time_base
            out.pointee.disposition = stream.pointee.disposition
            av_dict_copy(&out.pointee.metadata, stream.pointee.metadata, 0)
            copied[Int32(index)] = (out.pointee.index, demuxer.timelineOffset(in: stream.pointee.time_base))
        }
        try muxer.start()

        let packet = try Packet()
        let encoded = try Packet()
        var spare: Frame?
        var current: (id: Int, overlay: YUVOverlay)?
        var frames = 0
        var captionedFrames = 0
        let matrix = ColorMatrix(source.colors.space, width: width, height: height)
        let fullRange = source.colors.range == AVCOL_RANGE_JPEG
        // 10-bit frames are blended in 10 bits, then brought to the encoder's 8 bits in one
        // reused frame.
        let narrowing = try source.bitDepth > 8 ? Narrowing(width: source.width, height: source.height, matrix: matrix, fullRange: fullRange, path: inputPath) : nil

        func drainEncoder() throws {
            while try encoder.receive(into: encoded) {
                try muxer.write(encoded, stream: videoIndex, timeBase: encoder.context.pointee.time_base)
            }
        }

        func encode(_ frame: Frame) throws {
            let time = source.seconds(frame)
            var target = frame.pointer
            if let caption = try overlay(time) {
                if current?.id != caption.id {
                    current = (
                        caption.id,
                        YUVOverlay(caption.bitmap, matrix: matrix, fullRange: fullRange, bitDepth: source.bitDepth)
                    )
                }
                target = try writable(frame, spare: &spare)
                Compositor.blend(current!.overlay, into: target)
                captionedFrames += 1
            }
            if let narrowing { target = try narrowing.convert(target) }
            // Frame types come from the input's encoder; x264 chooses its own.
            target.pointee.pict_type = AV_PICTURE_TYPE_NONE
            try encoder.send(target)
            try drainEncoder()
            frames += 1
            if frames % 15 == 0 { progress(TranscodeProgress(frames: frames, time: time, duration: duration)) }
        }

        while try demuxer.read(into: packet) {
            if isCancelled() { throw MediaError.cancelled }
            let index = packet.pointer.pointee.stream_index
            if index == demuxer.videoStreamIndex {
                try source.decode(packet, encode)
            } else if let (out, offset) = copied[index] {
                packet.shift(by: offset)
                try muxer.write(packet, stream: out, timeBase: demuxer.stream(Int(index)).pointee.time_base)
            } else if let reencoder = reencoders[index] {
                try reencoder.feed(packet, to: muxer)
            }
            packet.unref()
        }
        try source.decode(nil, encode)
        for index in reencoders.keys.sorted() { try reencoders[index]!.feed(nil, to: muxer) }
        try encoder.send(nil)
        try drainEncoder()
        if isCancelled() { throw MediaError.cancelled }
        try muxer.finish()
        progress(TranscodeProgress(frames: frames, time: duration ?? 0, duration: duration))
        return TranscodeSummary(
            frames: frames, captionedFrames: captionedFrames, copiedStreams: copied.count, width: width,
            height: height)
    }

    /// 10-bit 4:2:0 frames converted to the encoder's 8-bit yuv420p in one frame kept for reuse.
    private final class Narrowing {
        private let frame: Frame
        private let scaler: Scaler

        init(width: Int32, height: Int32, matrix: ColorMatrix, fullRange: Bool, path: String) throws {
            frame = try Frame.picture(width: Int(width), height: Int(height), format: AV_PIX_FMT_YUV420P, file: path)
            scaler = try Scaler(
                from: (width, height, AV_PIX_FMT_YUV420P10LE), to: (width, height, AV_PIX_FMT_YUV420P), matrix: matrix,
                fullRange: fullRange, path: path)
        }

        /// The 8-bit copy of `source`, with its timestamp and colour description.
        func convert(_ source: UnsafeMutablePointer<AVFrame>) throws -> UnsafeMutablePointer<AVFrame> {
            let f = frame.pointer
            try MediaError.check(av_frame_make_writable(f), "av_frame_make_writable", file: "frame")
            try scaler.scale(source, into: f)
            Transcoder.copyProperties(from: source, to: f)
            return f
        }
    }

    /// `frame` itself when nothing else holds its pixels, else a copy in a frame kept for reuse
    /// (decoders keep reference frames, which must not be drawn on).
    private func writable(_ frame: Frame, spare: inout Frame?) throws -> UnsafeMutablePointer<AVFrame> {
        let f = frame.pointer
        if av_frame_is_writable(f) != 0 { return f }
        if spare == nil {
            spare = try Frame.picture(
                width: Int(f.pointee.width), height: Int(f.pointee.height), format: AVPixelFormat(rawValue: f.pointee.format),
                file: inputPath)
        }
        let s = spare!.pointer
        try MediaError.check(av_frame_make_writable(s), "av_frame_make_writable", file: inputPath)
        try MediaError.check(av_frame_copy(s, f), "av_frame_copy", file: inputPath)
        Self.copyProperties(from: f, to: s)
        return s
    }

    /// What the encoder reads besides the pixels: timestamp, pixel shape and colour description.
    static func copyProperties(from source: UnsafeMutablePointer<AVFrame>, to target: UnsafeMutablePointer<AVFrame>) {
        target.pointee.pts = source.pointee.pts
        target.pointee.sample_aspect_ratio = source.pointee.sample_aspect_ratio
        target.pointee.color_range = source.pointee.color_range
        target.pointee.colorspace = source.pointee.colorspace
        target.pointee.color_primaries = source.pointee.color_primaries
        target.pointee.color_trc = source.pointee.color_trc
    }
}
