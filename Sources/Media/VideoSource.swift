import CAVCodec
import CAVFilter
import CAVFormat
import CAVUtil

/// An input video opened for decoding: demuxer, threaded decoder and, when the picture must
/// be turned or converted, a filter graph. Frames come out upright in 8-bit 4:2:0.
final class VideoSource {
    let demuxer: Demuxer
    let decoder: Decoder
    let transformer: FrameTransformer?
    let orientation: Orientation
    let width: Int32  // upright output size // pixels
    let height: Int32
    let timeBase: AVRational
    let colors: ColorTags
    private let decoded: Frame
    private let path: String
    private var lastPTS = Int64.min

    init(path: String) throws {
        demuxer = try Demuxer(path: path)
        self.path = path
        guard let stream = demuxer.videoStream else { throw MediaError.noVideoStream(file: path) }
        decoder = try Decoder(stream: stream, path: path)
        decoded = try Frame()
        timeBase = stream.pointee.time_base
        let parameters = stream.pointee.codecpar.pointee
        guard parameters.width > 0, parameters.height > 0 else {
            throw MediaError.unsupported(file: path, message: "video stream has no picture size")
        }
        var sideDataSize = 0
        let matrix = av_stream_get_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, &sideDataSize)
        orientation = Orientation(
            displayMatrix: matrix.flatMap { sideDataSize >= 36 ? UnsafeRawPointer($0).assumingMemoryBound(to: Int32.self) : nil })
        let format = AVPixelFormat(rawValue: parameters.format)
        let isFullRangeFormat = format == AV_PIX_FMT_YUVJ420P
        colors = ColorTags(
            primaries: parameters.color_primaries, transfer: parameters.color_trc, space: parameters.color_space,
            range: isFullRangeFormat ? AVCOL_RANGE_JPEG : parameters.color_range)
        if orientation.filters.isEmpty && (format == AV_PIX_FMT_YUV420P || isFullRangeFormat) {
            transformer = nil
            width = parameters.width
            height = parameters.height
        } else {
            let transformer = try FrameTransformer(
                width: parameters.width, height: parameters.height, format: format, timeBase: timeBase,
                aspect: parameters.sample_aspect_ratio, steps: orientation.filters, path: path)
            self.transformer = transformer
            (width, height) = transformer.outputSize
        }
    }

    var stream: UnsafeMutablePointer<AVStream> { demuxer.videoStream! }

    /// Decodes what `packet` holds (nil: the end) and passes each upright frame to `body`,
    /// with timestamps made strictly increasing; `body` must not keep the frame.
    func decode(_ packet: Packet?, _ body: (Frame) throws -> Void) throws {
        try decoder.send(packet)
        while try decoder.receive(into: decoded) {
            let pts = decoded.pointer.pointee.best_effort_timestamp
            decoded.pointer.pointee.pts = pts == AVCode.noPTS ? lastPTS &+ 1 : pts
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
            f.pointee.color_range = AVCOL_RANGE_JPEG
        }
        guard f.pointee.format == AV_PIX_FMT_YUV420P.rawValue else {
            throw MediaError.unsupported(file: path, message: "pixel format changes mid-stream")
        }
        if f.pointee.pts <= lastPTS { f.pointee.pts = lastPTS + 1 }
        lastPTS = f.pointee.pts
        try body(frame)
    }

    /// A frame's time on the file's timeline, from its start. // seconds
    func seconds(_ frame: Frame) -> Double {
        Double(frame.pointer.pointee.pts) * av_q2d(timeBase) - demuxer.startTime
    }
}
