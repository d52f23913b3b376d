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
        try PictureScan.scan(input, findingCuts: true, sampling: nil, going: going)
    }
}
