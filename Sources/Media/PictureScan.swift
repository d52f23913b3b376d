import CAVCodec
import CAVFilter
import CAVFormat
import CAVUtil

/// A small grey copy of one upright video frame, for detectors (faces, text lines).
public struct GreyPicture: Sendable {
    /// The frame's time from the timeline start (captions' clock). // seconds
    public var time: Double
    public var width: Int  // pixels
    public var height: Int  // pixels
    /// Rows of `width` bytes, top first (luma, full range as decoded).
    public var pixels: [UInt8]
    /// The upright frame's size the copy was made from. // pixels
    public var frameWidth: Int
    public var frameHeight: Int

    public init(time: Double, width: Int, height: Int, pixels: [UInt8], frameWidth: Int, frameHeight: Int) {
        self.time = time
        self.width = width
        self.height = height
        self.pixels = pixels
        self.frameWidth = frameWidth
        self.frameHeight = frameHeight
    }
}

/// One decoding pass over the video stream that finds shot changes (`scdet`), hands a small
/// grey copy of a frame every `interval` seconds to a detector, or both, so that asking for
/// both decodes once. Without shot changes it decodes only what the samples need: it skips the
/// frames nothing refers to (most B-frames), and the packets from one sample to a keyframe
/// before the next (`VideoSource.readFrames(wanting:)`); a sample is the first frame decoded
/// at or after its time.
public enum PictureScan {
    /// Grey copies to make: one every `interval` seconds, `width` pixels wide (narrower
    /// videos keep their width).
    public struct Sampling: Sendable, Equatable {
        public var interval: Double  // seconds
        public var width: Int  // pixels

        public init(interval: Double, width: Int) {
            self.interval = interval
            self.width = width
        }
    }

    /// The times of the first frames of new shots when `findingCuts` (else empty), ascending,
    /// with `sample` called on each grey copy `sampling` asks for; stops early, returning what
    /// it found, when `going()` turns false. // seconds
    public static func scan(
        _ input: MediaInput, findingCuts: Bool, sampling: Sampling?, going: () -> Bool = { true },
        sample: (GreyPicture) throws -> Void = { _ in }
    ) throws -> [Double] {
        // Without the loop filter: a cut changes a frame far more than deblocking does, and
        // detectors look at shapes, not at block edges.
        let source = try VideoSource(input, roughly: true, referencedOnly: !findingCuts)
        let width = sampling.map { min($0.width, Int(source.width)) } ?? min(ShotDetector.scoringWidth, Int(source.width))
        let height = max(2, Int((Double(width) * Double(source.height) / Double(max(1, source.width)) / 2).rounded()) * 2)
        let arguments =
            "video_size=\(source.width)x\(source.height):pix_fmt=\(source.pixelFormat.rawValue):"
            + "time_base=\(source.timeBase.num)/\(source.timeBase.den):pixel_aspect=1/1"
        var steps = [FilterStep("scale", "w=\(width):h=\(min(height, Int(source.height))):flags=area")]
        if findingCuts { steps.append(FilterStep("scdet", "threshold=\(ShotDetector.threshold)")) }
        if sampling != nil { steps.append(FilterStep("format", "gray")) }
        let graph = try FilterGraph(source: "buffer", arguments: arguments, steps: steps, sink: "buffersink", path: source.path)
        let filtered = try Frame()
        let timeBase = av_q2d(source.timeBase)
        var cuts: [Double] = []
        var nextSample = -Double.infinity
        func drain() throws {
            while try graph.pull(into: filtered) {
                let f = filtered.pointer.pointee
                let time = Double(f.pts) * timeBase
                if findingCuts, av_dict_get(f.metadata, "lavfi.scd.time", nil, 0) != nil { cuts.append(time) }
                if let sampling, time >= nextSample - 1e-6 {
                    nextSample = max(nextSample, time) + sampling.interval
                    try sample(grey(filtered, time: time, frameWidth: Int(source.width), frameHeight: Int(source.height)))
                }
                filtered.unref()
            }
        }
        func visit(_ frame: Frame) throws {
            try graph.push(frame)
            try drain()
        }
        if sampling != nil, !findingCuts {
            // Only the frames sampled go through the filters, and packets no sample needs are
            // not decoded.
            try source.readFrames(wanting: { nextSample }, going: going) { frame in
                guard source.seconds(frame) >= nextSample - 1e-6 else { return }
                try visit(frame)
            }
        } else {
            try source.readFrames(going: going, visit)
        }
        try graph.push(nil)
        try drain()
        return cuts
    }

    /// The grey plane of `frame` as rows of its width.
    private static func grey(_ frame: Frame, time: Double, frameWidth: Int, frameHeight: Int) -> GreyPicture {
        let f = frame.pointer.pointee
        let width = Int(f.width)
        let height = Int(f.height)
        let stride = Int(f.linesize.0)
        var pixels = [UInt8](repeating: 0, count: width * height)
        pixels.withUnsafeMutableBytes { out in
            for row in 0..<height {
                (out.baseAddress! + row * width).copyMemory(from: f.data.0! + row * stride, byteCount: width)
            }
        }
        return GreyPicture(
            time: time, width: width, height: height, pixels: pixels, frameWidth: frameWidth, frameHeight: frameHeight)
    }
}
