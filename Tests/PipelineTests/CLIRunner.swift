import Foundation
import TestSupport

/// The folder `CLI.unprivileged` made, for removal when the tests end.
nonisolated(unsafe) private var stagedForUnprivileged: String?

/// Runs the `burn-captions` binary (BURN_CAPTIONS_BIN, else the debug build) through `ProcessRunner`.
enum CLI {
    static let root = Repository.root
    static let samples = Repository.samples

    static var binary: String {
        if let path = ProcessInfo.processInfo.environment["BURN_CAPTIONS_BIN"] { return path }
        return root.appendingPathComponent(".build/debug/burn-captions").path
    }

    static func burn(_ arguments: [String]) throws -> ProcessRunner.Result { try ProcessRunner.run(binary, arguments) }

    /// Starts the binary with `arguments`, waits (30 s at most) until a temporary output file
    /// appears in `folder`, so the render is under way, sends `signal` and collects the end.
    static func interrupt(_ arguments: [String], in folder: URL, with signal: Int32) throws
        -> (ProcessRunner.Result, wasRunning: Bool)
    {
        let (process, out, err) = try ProcessRunner.start(binary, arguments)
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline,
            !(try FileManager.default.contentsOfDirectory(atPath: folder.path).contains { $0.contains(".partial-") })
        {
            usleep(20_000)
        }
        let wasRunning = process.isRunning
        kill(process.processIdentifier, signal)
        return (ProcessRunner.finish(process, out, err), wasRunning)
    }

    /// The binary, `Presets/`, `Fonts.conf` and `Samples/` of the checkout at `root`, copied into a new
    /// folder anyone may read: a checkout in a private folder (root's home, `mktemp -d`) is
    /// out of reach of the user `nobody` that permission tests run as. Returns the folder,
    /// which holds `burn-captions` and is the `BURN_CAPTIONS_HOME` of the copy.
    static func stageForUnprivileged(binary: String, root: URL) throws -> URL {
        let manager = FileManager.default
        let folder = manager.temporaryDirectory.appendingPathComponent("burn-captions-unprivileged-\(UUID().uuidString)")
        try manager.createDirectory(at: folder, withIntermediateDirectories: true)
        try manager.copyItem(atPath: binary, toPath: folder.appendingPathComponent("burn-captions").path)
        for name in ["Presets", "Fonts.conf", "Samples"] {
            try manager.copyItem(at: root.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        for path in [folder.path] + (manager.subpaths(atPath: folder.path) ?? []).map({ folder.path + "/" + $0 }) {
            var isDirectory: ObjCBool = false
            let executable =
                manager.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
                || path.hasSuffix("/burn-captions")
            try manager.setAttributes([.posixPermissions: executable ? 0o755 : 0o644], ofItemAtPath: path)
        }
        return folder
    }

    /// This checkout's copy for unprivileged runs, made once per test process and removed at its exit.
    static let unprivileged: URL = {
        let folder = try! stageForUnprivileged(binary: binary, root: root)
        stagedForUnprivileged = folder.path
        atexit { if let path = stagedForUnprivileged { try? FileManager.default.removeItem(atPath: path) } }
        return folder
    }()

    /// The samples as the user of `runUnprivileged` can read them.
    static var readableSamples: URL {
        geteuid() == 0 ? unprivileged.appendingPathComponent("Samples") : samples
    }

    /// Runs `arguments` as `nobody` (from a copy it can reach, see `stageForUnprivileged`), as
    /// root who reads any file would make permission cases meaningless; others run the binary as they are.
    static func runUnprivileged(_ arguments: [String], staged: URL = unprivileged) throws -> ProcessRunner.Result {
        guard geteuid() == 0 else { return try burn(arguments) }
        return try ProcessRunner.run(
            "/usr/bin/setpriv",
            ["--reuid=65534", "--regid=65534", "--clear-groups", staged.appendingPathComponent("burn-captions").path]
                + arguments, environment: ["BURN_CAPTIONS_HOME": staged.path])
    }

    /// One ffprobe value of the first stream of `kind` ("v" or "a").
    static func probe(_ path: String, stream kind: String, _ entry: String, countFrames: Bool = false) throws -> String {
        var arguments = ["-v", "error", "-select_streams", "\(kind):0", "-show_entries", "stream=\(entry)", "-of", "default=nw=1:nk=1"]
        if countFrames { arguments.insert("-count_packets", at: 0) }
        return try ProcessRunner.tool("ffprobe", arguments + [path]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// What `burn-captions plan` prints, as far as the tests read it.
struct Plan: Decodable {
    struct Box: Decodable {
        var x: Double
        var y: Double
        var width: Double
        var height: Double
    }
    struct Size: Decodable {
        var width: Int
        var height: Int
    }
    struct Line: Decodable {
        var text: String
        var width: Double
        var fonts: [String]
    }
    struct Caption: Decodable {
        struct Word: Decodable {
            var text: String
            var start: Double
            var end: Double
            var line: Int?
            var box: Box?  // reserved for the word's largest state
        }
        var start: Double
        var end: Double
        var text: String
        var language: String?
        var speaker: String?
        var fill: String?  // the speaker's or second track's colour, #RRGGBBAA
        var track: Int?  // 2 for the second track
        var words: [Word]
        var fontSize: Double
        var lines: [Line]
        var box: Box
        var missingGlyphs: String?
        var lane: Int
        var position: String?
        var findings: [Finding]?  // what lint reports of it, notes of what chunking changed included
    }
    struct Finding: Decodable {
        var rule: String
        var level: String
        var message: String
    }
    struct Segment: Decodable {
        var index: Int
        var start: Double
        var end: Double?
    }
    var frame: Size
    var safeArea: Box
    var captions: [Caption]
    var segments: [Segment]?  // a plan for a split render (--segments N)
    struct Range: Decodable {
        var start: Double
        var end: Double
    }
    var kept: [Range]?  // a split cut render's kept ranges, seconds of the input
    var keptDuration: Double?

    static func decode(_ json: String) throws -> Plan { try JSONDecoder().decode(Plan.self, from: Data(json.utf8)) }
}

extension CLI {
    /// Black 30 fps clips of `seconds` in `folder`: portrait 1080x1920 and landscape
    /// 1920x1080, for tests that plan or lint captions (nothing in the picture matters).
    static func blackClips(in folder: URL, seconds: Int = 12) throws -> (portrait: String, landscape: String) {
        (try blackClip(size: "1080x1920", seconds: seconds, in: folder), try blackClip(size: "1920x1080", seconds: seconds, in: folder))
    }

    /// The sample's first `seconds` at half its size (540x960, a quarter of the pixels), H.264
    /// with its audio and colour tags, in `folder`: for tests of what a render writes, where
    /// the full frame only makes the encoders slower.
    static func smallSample(in folder: URL, seconds: Double = 2) throws -> String {
        let path = folder.appendingPathComponent("small-sample.mp4").path
        try ProcessRunner.ffmpeg([
            "-i", samples.appendingPathComponent("talk.mp4").path, "-t", String(seconds), "-vf", "scale=\(smallSampleSize.width):\(smallSampleSize.height)",
            "-c:v", "libx264", "-preset", "ultrafast", "-crf", "16", "-c:a", "copy", path,
        ])
        return path
    }

    /// The frame size of `smallSample`, pixels.
    static let smallSampleSize = (width: 540, height: 960)

    /// A black 30 fps H.264 clip of `size` (`1080x1920`) lasting `seconds`, in `folder`: one
    /// second encoded, then repeated by stream copy (the same frames and times as encoding
    /// them all, for a fraction of the time).
    static func blackClip(size: String, seconds: Int, in folder: URL) throws -> String {
        let second = folder.appendingPathComponent("black-\(size)-1s.mp4").path
        let path = folder.appendingPathComponent("black-\(size)-\(seconds)s.mp4").path
        try ProcessRunner.ffmpeg(["-f", "lavfi", "-i", "color=black:s=\(size):d=1:r=30", "-c:v", "libx264", "-preset", "ultrafast", second])
        try ProcessRunner.ffmpeg(["-stream_loop", String(seconds - 1), "-i", second, "-c", "copy", path])
        return path
    }

    /// A SubRip time, `00:00:01,033`.
    static func srtTime(_ seconds: Double) -> String {
        let milliseconds = Int((seconds * 1000).rounded())
        return String(
            format: "%02d:%02d:%02d,%03d", milliseconds / 3_600_000, milliseconds / 60_000 % 60, milliseconds / 1000 % 60,
            milliseconds % 1000)
    }
}
