import Foundation

/// The bilingual pairs of `Tests/Cases/bilingual.json`: a first and a second caption track
/// each, read by the plan test and the golden stills.
public struct BilingualPair: Decodable, Sendable {
    public struct Track: Decodable, Sendable {
        public var language: String
        public var cues: [Cue]
    }
    /// `[start, end, text]`, seconds.
    public struct Cue: Decodable, Sendable {
        public var start: Double
        public var end: Double
        public var text: String

        public init(from decoder: Decoder) throws {
            var container = try decoder.unkeyedContainer()
            start = try container.decode(Double.self)
            end = try container.decode(Double.self)
            text = try container.decode(String.self)
        }
    }
    public var name: String
    public var first: Track
    public var second: Track
    public var at: Double  // seconds: both tracks are on screen

    private struct File: Decodable {
        var about: String
        var pairs: [BilingualPair]
    }

    /// Every pair of the case file, in order.
    public static func all() throws -> [BilingualPair] {
        try Repository.cases(File.self, "bilingual.json").pairs
    }

    /// `track` as a SubRip file `NAME.srt` in `folder`; returns its path.
    public static func srt(_ track: Track, named name: String, in folder: URL) throws -> String {
        try SubRipFile.write(track.cues.map { ($0.start, $0.end, $0.text) }, named: name, in: folder)
    }

    /// A 3 s grey 540x960 clip at 30 fps (lossless H.264, so every machine decodes the same
    /// pixels) in `folder`; returns its path.
    public static func greyClip(in folder: URL) throws -> String {
        let path = folder.appendingPathComponent("grey.mp4").path
        try ProcessRunner.ffmpeg([
            "-f", "lavfi", "-i", "color=c=0x6E6E6E:s=540x960:r=30:d=3", "-c:v", "libx264", "-qp", "0", "-pix_fmt", "yuv420p", path,
        ])
        return path
    }
}
