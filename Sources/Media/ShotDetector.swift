import CAVCodec
import CAVFilter
import CAVFormat
import CAVUtil

/// Finds the shot changes (cuts) of a video with FFmpeg's scene detection: each upright
/// frame, made small, goes through `scdet`, which scores how much it differs from the one
/// before; a frame scoring above the threshold starts a new shot. One decoding pass of the
/// video stream alone, apart from the render (captions are planned before it).
public enum ShotDetector {
    /// `scdet`'s threshold on its 0...100 score: FFmpeg's default.
    public static let threshold = 10.0

    /// The width frames are scaled to before they are compared (the score is a mean
    /// difference per pixel, so a small copy scores as the whole frame does). // pixels
    static let scoringWidth = 320

    /// The times of the first frames of new shots, ascending, from the timeline start
    /// (captions' clock); stops early, returning what it found, when `going()` turns false. // seconds
    public static func cuts(in input: MediaInput, going: () -> Bool = { true }) throws -> [Double] {
        // Without the loop filter: a cut changes a frame far more than deblocking does.
        let source = try VideoSource(input, roughly: true)
        let height = max(2, Int((Double(scoringWidth) * Double(source.height) / Double(max(1, source.width)) / 2).rounded()) * 2)
        let arguments =
            "video_size=\(source.width)x\(source.height):pix_fmt=\(source.pixelFormat.rawValue):"
            + "time_base=\(source.timeBase.num)/\(source.timeBase.den):pixel_aspect=1/1"
        let graph = try FilterGraph(
            source: "buffer", arguments: arguments,
            steps: [
                FilterStep("scale", "w=\(min(scoringWidth, Int(source.width))):h=\(min(height, Int(source.height))):flags=area"),
                FilterStep("scdet", "threshold=\(threshold)"),
            ], sink: "buffersink", path: source.path)
        let filtered = try Frame()
        let timeBase = av_q2d(source.timeBase)
        var cuts: [Double] = []
        func drain() throws {
            while try graph.pull(into: filtered) {
                if av_dict_get(filtered.pointer.pointee.metadata, "lavfi.scd.time", nil, 0) != nil {
                    cuts.append(Double(filtered.pointer.pointee.pts) * timeBase)
                }
                filtered.unref()
            }
        }
        try source.readFrames(going: going) { frame in
            try graph.push(frame)
            try drain()
        }
        try graph.push(nil)
        try drain()
        return cuts
    }
}
