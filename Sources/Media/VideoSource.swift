import CAVCodec
import CAVFilter
import CAVFormat
import CAVUtil

/// An input video opened for decoding: demuxer, threaded decoder and, when the picture must
/// be turned or converted, a filter graph. Frames come out upright in 8-bit 4:2:0 (10-bit 4:2:0 as it is), with
/// timestamps from the timeline start and strictly increasing.
final class VideoSource {
    let demuxer: Demuxer
    let decoder: CodecContext
    let transformer: FrameTransformer?
    let orientation: Orientation
    let width: Int32  // upright output size // pixels
    let height: Int32
    let aspect: AVRational  // pixel aspect ratio of the upright frames
    let timeBase: AVRational
    /// The colour description of the frames delivered (after any conversion).
    let colors: ColorTags
    /// The frames' pixel format: yuv420p, or yuv420p10le for 10-bit 4:2:0 input (blended in 10 bits).
    let pixelFormat: AVPixelFormat
    var bitDepth: Int { pixelFormat == AV_PIX_FMT_YUV420P10LE ? 10 : 8 }
    private let decoded: Frame
    let path: String
    private let offset: Int64  // timeline start, in timeBase
    private let frameDuration: Int64  // for frames without timestamps, in timeBase
    /// Frames per second (the average, or 25 when the file does not say).
    let frameRate: Double
    /// The stored size when it was odd and one row or column was cropped (H.264 4:2:0 needs
    /// even sizes). // pixels
    let croppedFrom: (width: Int32, height: Int32)?
    /// Largest picture accepted: 8192 pixels a side and 8K UHD's area (35 megapixels). // pixels
    static let maximumSide: Int32 = 8192
    static let maximumArea = 8192 * 4320
    private var lastPTS = Int64.min

    /// `decoderThreads` 0 lets FFmpeg choose.
    init(path: String, decoderThreads: Int = 0) throws {
        demuxer = try Demuxer(path: path)
        self.path = path
        guard let stream = demuxer.videoStream else { throw MediaError.noVideoStream(file: path) }
        decoder = try CodecContext(decoding: stream, file: path, threads: decoderThreads)
        decoded = try Frame()
        timeBase = stream.pointee.time_base
        offset = demuxer.timelineOffset(in: timeBase)
        let rate = stream.pointee.avg_frame_rate.num > 0 ? stream.pointee.avg_frame_rate : stream.pointee.r_frame_rate
        let frameRate = rate.num > 0 && rate.den > 0 ? rate : AVRational(num: 25, den: 1)
        frameDuration = max(1, av_rescale_q(1, av_inv_q(frameRate), timeBase))
        self.frameRate = av_q2d(frameRate)

        let parameters = stream.pointee.codecpar.pointee
        guard parameters.width > 0, parameters.height > 0 else {
            throw MediaError.unsupported(file: path, message: "video stream has no picture size")
        }
        guard parameters.width <= Self.maximumSide, parameters.height <= Self.maximumSide,
            Int(parameters.width) * Int(parameters.height) <= Self.maximumArea
        else {
            throw MediaError.unsupported(
                file: path,
                message: "the picture is \(parameters.width)x\(parameters.height), larger than 8K "
                    + "(at most \(Self.maximumSide) pixels a side and \(Self.maximumArea / 1_000_000) megapixels)")
        }
        var sideDataSize = 0
        let matrix = av_stream_get_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, &sideDataSize)
        orientation = Orientation(
            displayMatrix: matrix.flatMap {
                sideDataSize >= 36 ? UnsafeRawPointer($0).assumingMemoryBound(to: Int32.self) : nil
            })

        let format = AVPixelFormat(rawValue: parameters.format)
        let conversion = Conversion(
            format: format, space: parameters.color_space, range: parameters.color_range,
            width: Int(parameters.width), height: Int(parameters.height))
        colors = ColorTags(
            primaries: parameters.color_primaries, transfer: parameters.color_trc, space: conversion.outputSpace,
            range: conversion.outputRange)
        pixelFormat = conversion.outputFormat
        // An odd size loses its last column or row: 4:2:0 chroma covers 2x2 pixels.
        let even = (width: parameters.width & ~1, height: parameters.height & ~1)
        let crop =
            even == (parameters.width, parameters.height) ? [] : [FilterStep("crop", "w=\(even.width):h=\(even.height):x=0:y=0")]
        croppedFrom = crop.isEmpty ? nil : (parameters.width, parameters.height)
        guard even.width > 0, even.height > 0 else {
            throw MediaError.unsupported(file: path, message: "the picture is \(parameters.width)x\(parameters.height), too small")
        }
        if orientation.filters.isEmpty && conversion.steps.isEmpty && crop.isEmpty {
            transformer = nil
            width = parameters.width
            height = parameters.height
            aspect = parameters.sample_aspect_ratio
        } else {
            let transformer = try FrameTransformer(
                width: parameters.width, height: parameters.height, format: format, timeBase: timeBase,
                aspect: parameters.sample_aspect_ratio, steps: crop + conversion.steps + orientation.filters, path: path)
            self.transformer = transformer
            (width, height) = transformer.outputSize
            aspect = transformer.outputAspect
        }
    }

    var stream: UnsafeMutablePointer<AVStream> { demuxer.videoStream! }

    /// How long the file says the video lasts: the stream's duration, else the file's. // seconds
    var statedDuration: Double? {
        let stream = stream.pointee
        if stream.duration > 0 && stream.duration != AVCode.noPTS { return Double(stream.duration) * av_q2d(stream.time_base) }
        return demuxer.duration
    }

    /// Decodes what `packet` holds (nil: the end) and passes each upright frame to `body`;
    /// `body` must not keep the frame.
    func decode(_ packet: Packet?, _ body: (Frame) throws -> Void) throws {
        try decoder.send(packet: packet)
        while try decoder.receive(into: decoded) {
            let pts = decoded.pointer.pointee.best_effort_timestamp
            // A stream without timestamps (raw .h264) gets them from the frame rate.
            decoded.pointer.pointee.pts =
                pts != AVCode.noPTS ? pts - offset : lastPTS == Int64.min ? 0 : lastPTS + frameDuration
            if let transformer {
                try transformer.push(decoded)
                try drainTransformer(body)
            } else {
                try deliver(decoded, body)
            }
            decoded.unref()
        }
        if packet == nil, let transformer {
            try transformer.push(nil)
            try drainTransformer(body)
        }
    }

    private func drainTransformer(_ body: (Frame) throws -> Void) throws {
        guard let transformer else { return }
        while try transformer.pull(into: decoded) {
            try deliver(decoded, body)
            decoded.unref()
        }
    }

    private func deliver(_ frame: Frame, _ body: (Frame) throws -> Void) throws {
        let f = frame.pointer
        guard f.pointee.width == width, f.pointee.height == height else {
            throw MediaError.unsupported(
                file: path, message: "picture size changes mid-stream (\(f.pointee.width)x\(f.pointee.height))")
        }
        if f.pointee.format == AV_PIX_FMT_YUVJ420P.rawValue {
            // Same memory layout; the range travels in the colour tags.
            f.pointee.format = AV_PIX_FMT_YUV420P.rawValue
        }
        guard f.pointee.format == pixelFormat.rawValue else {
            throw MediaError.unsupported(file: path, message: "pixel format changes mid-stream")
        }
        f.pointee.color_range = colors.range
        f.pointee.colorspace = colors.space
        if f.pointee.pts <= lastPTS { f.pointee.pts = lastPTS + 1 }
        lastPTS = f.pointee.pts
        try body(frame)
    }

    /// What a damaged or cut-short file cost while it was read.
    struct Damage {
        var reason: String?  // why reading stopped before the end of the file, when it did
        var skippedPackets = 0  // video packets that failed to decode and were skipped
    }

    /// `decode`, but a packet the decoder cannot make sense of is skipped and counted.
    func decodeSkippingDamage(_ packet: Packet?, damage: inout Damage, _ body: (Frame) throws -> Void) throws {
        do {
            try decode(packet, body)
        } catch let error as MediaError where error.isDamagedInput {
            damage.skippedPackets += 1
        }
    }

    /// The demuxer's next packet into `packet`. Once frames have come out (`decoded`), a read
    /// error ends the file, with its reason in `damage`, instead of failing: a cut-short file
    /// gives what it holds.
    func read(into packet: Packet, decoded: Bool, damage: inout Damage) throws -> Bool {
        do {
            return try demuxer.read(into: packet)
        } catch let error as MediaError where decoded {
            damage.reason = error.reason
            return false
        }
    }

    /// Decodes the video stream from the current position to the end, passing each upright
    /// frame to `visit`, while `going()` holds (checked between packets). Damaged packets and
    /// a cut-short end are taken as the render takes them; what they cost is returned.
    @discardableResult
    func readFrames(going: () -> Bool, _ visit: (Frame) throws -> Void) throws -> Damage {
        let packet = try Packet()
        var damage = Damage()
        var decoded = false
        let counted: (Frame) throws -> Void = { frame in
            decoded = true
            try visit(frame)
        }
        while going(), try read(into: packet, decoded: decoded, damage: &damage) {
            if packet.pointer.pointee.stream_index == demuxer.videoStreamIndex {
                try decodeSkippingDamage(packet, damage: &damage, counted)
            }
            packet.unref()
        }
        if going() { try decodeSkippingDamage(nil, damage: &damage, counted) }
        return damage
    }

    /// A frame's time from the timeline start; captions use this clock. // seconds
    func seconds(_ frame: Frame) -> Double {
        Double(frame.pointer.pointee.pts) * av_q2d(timeBase)
    }
}

/// How decoded pictures become 8-bit yuv420p (10-bit yuv420p10le stays as it is), and the
/// colour tags that then describe them.
/// The scaler's range and matrix are pinned so the tags stay true: full-range stays full,
/// RGB gets the BT.709 (HD) or BT.601 (SD) matrix in limited range.
struct Conversion {
    var steps: [FilterStep]
    var outputFormat = AV_PIX_FMT_YUV420P
    var outputSpace: AVColorSpace
    var outputRange: AVColorRange

    static let fullRangeFormats: Set<Int32> = [
        AV_PIX_FMT_YUVJ420P.rawValue, AV_PIX_FMT_YUVJ422P.rawValue, AV_PIX_FMT_YUVJ444P.rawValue,
        AV_PIX_FMT_YUVJ440P.rawValue, AV_PIX_FMT_YUVJ411P.rawValue,
    ]

    init(format: AVPixelFormat, space: AVColorSpace, range: AVColorRange, width: Int, height: Int) {
        let isRGB = av_pix_fmt_desc_get(format).map { $0.pointee.flags & burn_av_pix_fmt_flag_rgb() != 0 } ?? false
        if isRGB {
            let hd = ColorMatrix(AVCOL_SPC_UNSPECIFIED, width: width, height: height) == .bt709
            outputSpace = hd ? AVCOL_SPC_BT709 : AVCOL_SPC_SMPTE170M
            outputRange = AVCOL_RANGE_MPEG
            steps = [
                FilterStep("scale", "out_range=tv:out_color_matrix=\(hd ? "bt709" : "bt601")"),
                FilterStep("format", "pix_fmts=yuv420p"),
            ]
            return
        }
        let full = Self.fullRangeFormats.contains(format.rawValue) || range == AVCOL_RANGE_JPEG
        outputSpace = space
        outputRange = full ? AVCOL_RANGE_JPEG : range
        if format == AV_PIX_FMT_YUV420P || format == AV_PIX_FMT_YUVJ420P {
            steps = []
        } else if format == AV_PIX_FMT_YUV420P10LE {
            // Blended in its own 10 bits; converted to 8 bits only for the encoder.
            steps = []
            outputFormat = format
        } else {
            let levels = full ? "pc" : "tv"
            steps = [
                FilterStep("scale", "in_range=\(levels):out_range=\(levels)"), FilterStep("format", "pix_fmts=yuv420p"),
            ]
        }
    }
}
