import CAVCodec
import CAVFilter
import CAVFormat
import CAVUtil

/// Takes pictures out of a video: the first upright frame at or after each asked time, as
/// a canvas to draw on. One pass through the file however many times are asked. An HDR
/// (HLG, PQ) video is tone-mapped to SDR BT.709 as a render to H.264 does: a canvas, and the
/// PNG made of it, is standard range.
public final class FrameGrabber {
    private let source: VideoSource

    /// Decodes the video of the probed `input` on the caller's thread, from the keyframe
    /// before the first time asked.
    public init(input: MediaInput) throws { source = try VideoSource(input, toSDR: input.info.dynamicRange.isHDR) }

    /// Probes `path` and decodes its video.
    public convenience init(path: String) throws { try self.init(input: MediaInput(path: path)) }

    /// Calls `body` with the index into `times` and a canvas of that frame, for each time in
    /// ascending order. The file is read as the render reads it: a damaged packet is skipped
    /// and a cut-short file ends where its data does. A time after the last frame gets the
    /// last frame when `holdingLastFrame`, else only while that frame is on screen (one frame
    /// duration); later times are not visited. Returns where the video ends: the last frame's
    /// time plus a frame duration, nil when no frame decoded. // seconds
    @discardableResult
    public func frames(at times: [Double], holdingLastFrame: Bool = true, _ body: (Int, Canvas) throws -> Void)
        throws -> Double?
    {
        let order = times.indices.sorted { times[$0] < times[$1] }
        var next = 0
        let matrix = ColorMatrix(source.colors.space, width: Int(source.width), height: Int(source.height))
        let fullRange = source.colors.range == AVCOL_RANGE_JPEG
        // The latest frame, referenced (not copied) for times past the end.
        let last = try Frame()
        var lastTime: Double?
        let visit: (Frame) throws -> Void = { frame in
            guard next < order.count else { return }
            let time = self.source.seconds(frame)
            while next < order.count, time + 1e-6 >= times[order[next]] {
                try body(order[next], try Canvas(copying: frame, matrix: matrix, fullRange: fullRange))
                next += 1
            }
            last.unref()
            try MediaError.check(av_frame_ref(last.pointer, frame.pointer), "av_frame_ref", file: self.source.path)
            lastTime = time
        }
        // From the keyframe at or before the first time: the same frames, fewer decoded.
        if let first = order.first, times[first] > 0 { try source.seek(to: times[first]) }
        try source.readFrames(going: { next < order.count }, visit)
        guard let lastTime else { return nil }
        let end = lastTime + 1 / source.frameRate
        while next < order.count, holdingLastFrame || times[order[next]] < end {
            try body(order[next], try Canvas(copying: last, matrix: matrix, fullRange: fullRange))
            next += 1
        }
        return end
    }
}
