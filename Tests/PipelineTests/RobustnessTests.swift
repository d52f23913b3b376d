import Foundation
import TestSupport
import XCTest

/// Unusual and broken inputs, one table: each renders correctly or fails with one line
/// naming the file, exit 1 and nothing left at the output path.
final class RobustnessTests: XCTestCase {
    private static let talk = CLI.readableSamples.appendingPathComponent("talk.mp4").path
    /// The sample's first 3.167 s (cut by stream copy at a key frame), which `check` makes in
    /// the case's folder: the caption cases need the sample's picture and sound, not its length.
    private static let shortTalk = "short-talk.mp4"
    private static let phone = CLI.readableSamples.appendingPathComponent("phone-hevc10-rot90.mp4").path

    enum Expectation: Sendable {
        /// Exit 0. `size` "WxH" of the output; `sameFrames`: as many frames as the input;
        /// `audio`: the output's audio codecs in order; `says`/`doesNotSay`: in standard error.
        case renders(size: String, sameFrames: Bool = true, audio: [String] = [], says: [String] = [], doesNotSay: [String] = [])
        /// Exit 1 with one line `burn-captions: <file>: <message>...`; no output file.
        /// `file` is "input" or "captions" or "output".
        case fails(file: String = "input", message: String)
    }

    struct Case: Sendable {
        var name: String
        var input: String  // file name in the case's folder, or an absolute path
        /// Makes the input (and, for some cases, the captions) in the folder.
        var make: @Sendable (URL) throws -> Void = { _ in }
        /// A name in the folder, or an absolute path; by default one caption in the first second.
        var captions: String = "short.srt"
        var options: [String] = []
        var expect: Expectation
    }

    /// `ffmpeg -v error ARGUMENTS FOLDER/NAME`, which must succeed.
    static func ffmpeg(_ name: String, _ arguments: [String]) -> @Sendable (URL) throws -> Void {
        { folder in
            let result = try ProcessRunner.tool("ffmpeg", ["-v", "error", "-y"] + arguments + [folder.appendingPathComponent(name).path])
            XCTAssertEqual(result.status, 0, "making \(name): \(result.stderr)")
        }
    }

    static func write(_ name: String, _ text: String) -> @Sendable (URL) throws -> Void {
        { folder in try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8) }
    }

    static let small = "testsrc2=s=320x568:r=30:d=1"
    static let x264 = ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"]

    /// Item 1 of the robustness issue: videos that must render correctly.
    static let videos: [Case] = [
        Case(
            name: "odd size, 4:4:4", input: "odd.mp4",
            make: ffmpeg("odd.mp4", [
                "-f", "lavfi", "-i", "testsrc2=s=720x1280:r=30:d=1", "-vf", "format=yuv444p,crop=719:1279:0:0", "-c:v", "libx264",
                "-preset", "ultrafast", "-pix_fmt", "yuv444p",
            ]),
            expect: .renders(size: "718x1278", says: ["719x1279, an odd size: cropped to 718x1278"])),
        Case(
            name: "variable frame rate", input: "vfr.mp4",
            make: ffmpeg("vfr.mp4", ["-f", "lavfi", "-i", "testsrc2=s=320x568:r=30:d=2", "-vf", "select='lt(n,10)+not(mod(n,3))'", "-fps_mode", "vfr"] + x264),
            expect: .renders(size: "320x568")),
        Case(name: "10-bit HEVC, display matrix 90", input: phone, expect: .renders(size: "1080x1920", audio: ["aac"])),
        Case(
            name: "10-bit HEVC, display matrix 270", input: "rot270.mp4",
            make: ffmpeg("rot270.mp4", ["-i", phone, "-c", "copy", "-metadata:s:v:0", "rotate=90"]),
            expect: .renders(size: "1080x1920", audio: ["aac"])),
        Case(
            name: "VP9 and Opus in WebM", input: "clip.webm",
            make: ffmpeg("clip.webm", ["-f", "lavfi", "-i", small, "-f", "lavfi", "-i", "sine=f=440:d=1", "-c:v", "libvpx-vp9", "-deadline", "realtime", "-cpu-used", "8", "-c:a", "libopus"]),
            expect: .renders(size: "320x568", audio: ["opus"])),
        Case(
            name: "two audio tracks and a subtitle stream", input: "multi.mkv",
            make: ffmpeg("multi.mkv", [
                "-i", talk, "-f", "lavfi", "-i", "sine=f=440:d=1", "-i", CLI.readableSamples.appendingPathComponent("talk.srt").path,
                "-t", "1", "-map", "0:v", "-map", "0:a", "-map", "1:a", "-map", "2", "-c:v", "copy", "-c:a", "aac", "-c:s", "srt",
            ]),
            expect: .renders(size: "1080x1920", audio: ["aac", "aac"], says: ["dropping stream #3 (subtitle)"])),
        Case(name: "no audio", input: "silent.mp4", make: ffmpeg("silent.mp4", ["-f", "lavfi", "-i", small] + x264), expect: .renders(size: "320x568")),
        Case(
            name: "a single frame", input: "one.mp4", make: ffmpeg("one.mp4", ["-f", "lavfi", "-i", small, "-frames:v", "1"] + x264),
            expect: .renders(size: "320x568")),
        Case(
            name: "25 fps", input: "pal.mp4", make: ffmpeg("pal.mp4", ["-f", "lavfi", "-i", "testsrc2=s=320x568:r=25:d=1"] + x264),
            expect: .renders(size: "320x568")),
        Case(
            name: "60 fps", input: "sixty.mp4", make: ffmpeg("sixty.mp4", ["-f", "lavfi", "-i", "testsrc2=s=320x568:r=60:d=1"] + x264),
            expect: .renders(size: "320x568")),
        Case(
            name: "4K, youtube", input: "uhd.mp4",
            make: ffmpeg("uhd.mp4", ["-f", "lavfi", "-i", "testsrc2=s=3840x2160:r=30:d=0.3"] + x264), options: ["--preset", "youtube"],
            expect: .renders(size: "3840x2160", doesNotSay: ["warning"])),
        Case(
            name: "landscape with a portrait preset", input: "wide.mp4",
            make: ffmpeg("wide.mp4", ["-f", "lavfi", "-i", "testsrc2=s=640x360:r=30:d=1"] + x264),
            expect: .renders(size: "640x360", says: ["warning: ", "landscape video with the portrait preset tiktok"])),
        Case(
            name: "landscape with youtube", input: "wide.mp4",
            make: ffmpeg("wide.mp4", ["-f", "lavfi", "-i", "testsrc2=s=640x360:r=30:d=1"] + x264), options: ["--preset", "youtube"],
            expect: .renders(size: "640x360", doesNotSay: ["warning"])),
    ]

    /// Item 2: videos that must fail clearly, or render what is there and say so.
    static let brokenVideos: [Case] = [
        Case(name: "empty file", input: "empty.mp4", make: write("empty.mp4", ""), expect: .fails(message: "")),
        Case(
            name: "random bytes", input: "noise.mov",
            make: { folder in
                var generator = SystemRandomNumberGenerator()
                let bytes = (0..<100_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
                try Data(bytes).write(to: folder.appendingPathComponent("noise.mov"))
            }, expect: .fails(message: "")),
        Case(
            name: "audio only", input: "audio.m4a", make: ffmpeg("audio.m4a", ["-i", talk, "-vn", "-c", "copy"]),
            expect: .fails(message: "no video stream")),
        Case(name: "no such file", input: "missing.mp4", expect: .fails(message: "no such file")),
        Case(
            name: "unreadable file", input: "locked.mp4",
            make: { folder in
                let path = folder.appendingPathComponent("locked.mp4").path
                try FileManager.default.copyItem(atPath: talk, toPath: path)
                try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: path)
            }, expect: .fails(message: "cannot read file (permission denied)")),
        Case(
            name: "cut short, index at the front", input: "cut.mp4",
            make: { folder in
                let data = try Data(contentsOf: URL(fileURLWithPath: talk))
                try data.prefix(data.count / 2).write(to: folder.appendingPathComponent("cut.mp4"))
            }, expect: .renders(size: "1080x1920", sameFrames: false, audio: ["aac"], says: ["cut short"])),
        Case(
            name: "cut short, index at the end", input: "cut-end.mp4",
            make: { folder in
                let whole = folder.appendingPathComponent("whole.mp4")
                try ffmpeg("whole.mp4", ["-i", talk, "-t", "3", "-c", "copy"])(folder)
                let data = try Data(contentsOf: whole)
                try data.prefix(data.count * 2 / 3).write(to: folder.appendingPathComponent("cut-end.mp4"))
            }, expect: .fails(message: "")),
        Case(
            name: "larger than 8K", input: "huge.mkv",
            make: ffmpeg("huge.mkv", ["-f", "lavfi", "-i", "color=s=8200x16:r=30:d=0.1", "-c:v", "ffv1"]),
            expect: .fails(message: "the picture is 8200x16, larger than 8K")),
    ]

    /// Item 3: captions that are long, many, late or malformed.
    static let captionCases: [Case] = [
        Case(
            name: "one caption of 20,000 characters", input: shortTalk,
            make: { folder in
                let words = (0..<3300).map { ["caption", "words", "keep", "coming", "here"][$0 % 5] }.joined(separator: " ")
                let text = String(words.prefix(20_000))
                let json = try JSONSerialization.data(withJSONObject: ["segments": [["start": 0.5, "end": 2.9, "text": text]]])
                try json.write(to: folder.appendingPathComponent("long.json"))
            // A hand-timed cue is no longer cut into pieces shorter than a frame: it is set smaller.
            }, captions: "long.json",
            expect: .renders(
                size: "1080x1920", audio: ["aac"], says: ["did not fit two lines at the preset's minimum size"],
                doesNotSay: ["last less than a frame"])),
        Case(
            name: "50,000 captions", input: shortTalk,
            make: { folder in
                var srt = ""
                srt.reserveCapacity(50_000 * 48)
                for index in 0..<50_000 {
                    let start = Double(index) * 0.05
                    srt += "\(index + 1)\n\(srtTime(start)) --> \(srtTime(start + 0.05))\nword \(index)\n\n"
                }
                try srt.write(to: folder.appendingPathComponent("many.srt"), atomically: true, encoding: .utf8)
            }, captions: "many.srt", expect: .renders(size: "1080x1920", audio: ["aac"], says: ["captions start at 3.20 s or later", "after the video ends at 3.167 s"])),
        Case(
            name: "a caption after the end of the video", input: shortTalk,
            make: write("late.srt", "1\n00:01:40,000 --> 00:01:42,000\nToo late\n"), captions: "late.srt",
            expect: .renders(size: "1080x1920", audio: ["aac"], says: ["a caption starts at 100.", "after the video ends at 3.167 s"])),
        Case(
            name: "backwards times", input: shortTalk, make: write("bad.srt", "1\n00:00:02,000 --> 00:00:01,000\nBackwards\n"),
            captions: "bad.srt", expect: .fails(file: "captions", message: "2: ends")),
        Case(
            name: "invalid UTF-8", input: shortTalk,
            make: { folder in
                try Data("1\n00:00:01,000 --> 00:00:02,000\nbad \u{FF}".utf8.map { $0 } + [0xC3, 0x28, 0x0A])
                    .write(to: folder.appendingPathComponent("latin1.srt"))
            }, captions: "latin1.srt", expect: .fails(file: "captions", message: "3:")),
        Case(
            name: "truncated JSON", input: shortTalk, make: write("cut.json", #"{"segments": [{"start": 1, "end": 2, "text": "a"#),
            captions: "cut.json", expect: .fails(file: "captions", message: "not valid JSON")),
        Case(
            name: "captions file over the size limit", input: shortTalk,
            make: { folder in
                let url = folder.appendingPathComponent("huge.srt")
                XCTAssertTrue(FileManager.default.createFile(atPath: url.path, contents: nil))
                let handle = try FileHandle(forWritingTo: url)
                try handle.truncate(atOffset: 65 << 20)  // sparse: no disk used
                try handle.close()
            }, captions: "huge.srt", expect: .fails(file: "captions", message: "file is larger than 64 MiB")),
        Case(
            name: "control characters", input: shortTalk,
            make: write("ctl.srt", "1\n00:00:00,500 --> 00:00:02,000\n\u{1B}[31mred\u{7} and\u{0}nul\n"), captions: "ctl.srt",
            expect: .renders(size: "1080x1920", audio: ["aac"], says: ["ctl.srt:2: control characters removed (U+0000, U+0007, U+001B)"])),
        Case(
            name: "Tibetan, only in a serif face", input: shortTalk, make: write("bo.srt", "1\n00:00:00,500 --> 00:00:02,000\nབཀྲ་ཤིས་ bde legs\n"),
            captions: "bo.srt", expect: .renders(size: "1080x1920", audio: ["aac"], doesNotSay: ["drawn as boxes"])),
        Case(
            name: "a character no font has", input: shortTalk,
            make: write("pua.srt", "1\n00:00:00,500 --> 00:00:02,000\nHi\n\n2\n00:00:02,000 --> 00:00:02,900\nsee \u{10FFFD} here\n"),
            captions: "pua.srt",
            expect: .renders(size: "1080x1920", audio: ["aac"], says: ["pua.srt:6: no installed font has \"\u{10FFFD}\"; drawn as boxes"])),
    ]

    /// Item 7: absurd preset numbers.
    static let presetCases: [Case] = [
        ("font size 0", #""size": 0"#, "font.size: must be 4...1000 pixels"),
        ("font size 5000", #""size": 5000"#, "font.size: must be 4...1000 pixels"),
        ("outline 500", #""size": 64"#, "outline.radius: must be 0...0.5 of the font size"),
    ].map { name, size, message in
        Case(
            name: name, input: shortTalk,
            make: { folder in
                var preset = try String(contentsOfFile: CLI.root.appendingPathComponent("Presets/tiktok.json").path, encoding: .utf8)
                preset = preset.replacingOccurrences(of: #""size": 64"#, with: size)
                if name.hasPrefix("outline") { preset = preset.replacingOccurrences(of: #""radius": 0.09"#, with: #""radius": 500"#) }
                try preset.write(to: folder.appendingPathComponent("absurd.json"), atomically: true, encoding: .utf8)
            }, options: ["--preset", "PRESET"], expect: .fails(file: "preset", message: message))
    }

    /// Item 11 of the second pass: what a preset names must exist.
    static let presetNameCases: [Case] = [
        ("a misspelt field", ##""color": "#000000""##, ##""colour": "#000000""##,
         Expectation.fails(file: "preset", message: #"outline.colour: unknown field (did you mean "color"?)"#)),
        ("a font that is not installed", #""family": "Noto Sans""#, #""family": "NoSuchFontFamilyXYZ""#,
         .renders(size: "1080x1920", audio: ["aac"], says: [#"font.family "NoSuchFontFamilyXYZ" is not installed"#, #"using "Noto Sans""#])),
    ].map { name, from, to, expect in
        Case(
            name: name, input: shortTalk,
            make: { folder in
                let preset = try String(contentsOfFile: CLI.root.appendingPathComponent("Presets/tiktok.json").path, encoding: .utf8)
                XCTAssertTrue(preset.contains(from), "tiktok.json has \(from)")
                try preset.replacingOccurrences(of: from, with: to)
                    .write(to: folder.appendingPathComponent("absurd.json"), atomically: true, encoding: .utf8)
            }, options: ["--preset", "PRESET"], expect: expect)
    }

    static func srtTime(_ seconds: Double) -> String {
        let ms = Int((seconds * 1000).rounded())
        return String(format: "%02d:%02d:%02d,%03d", ms / 3_600_000, ms / 60_000 % 60, ms / 1000 % 60, ms % 1000)
    }

    func testVideosThatMustRender() throws { try check(Self.videos) }
    func testBrokenVideos() throws { try check(Self.brokenVideos) }
    func testCaptions() throws { try check(Self.captionCases) }
    func testAbsurdPresets() throws { try check(Self.presetCases) }
    func testPresetNamesThatDoNotExist() throws { try check(Self.presetNameCases) }

    private func check(_ cases: [Case]) throws {
        for item in cases {
            let folder = try temporaryFolder()
            try "1\n00:00:00,100 --> 00:00:00,900\nShort and sweet\n".write(
                to: folder.appendingPathComponent("short.srt"), atomically: true, encoding: .utf8)
            if item.input == Self.shortTalk {
                try ProcessRunner.ffmpeg(["-i", Self.talk, "-t", "3", "-c", "copy", folder.appendingPathComponent(Self.shortTalk).path])
            }
            try item.make(folder)
            let input = item.input.hasPrefix("/") ? item.input : folder.appendingPathComponent(item.input).path
            let captions = item.captions.hasPrefix("/") ? item.captions : folder.appendingPathComponent(item.captions).path
            let preset = folder.appendingPathComponent("absurd.json").path
            let output = folder.appendingPathComponent("out.mp4").path
            let options = item.options.map { $0 == "PRESET" ? preset : $0 }
            let arguments = [input, "--captions", captions, "-o", output, "--x264-preset", "ultrafast"] + options
            let result = try runAsUnprivileged(arguments, folder: folder)
            let context = "\(item.name): \(result.stderr)"
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains(".partial-") }
            XCTAssertEqual(leftovers, [], context)
            switch item.expect {
            case .renders(let size, let sameFrames, let audio, let says, let doesNotSay):
                XCTAssertEqual(result.status, 0, context)
                guard result.status == 0 else { continue }
                XCTAssertEqual(try CLI.probe(output, stream: "v", "width,height").replacingOccurrences(of: "\n", with: "x"), size, context)
                let frames = try CLI.probe(output, stream: "v", "nb_read_packets", countFrames: true)
                XCTAssertGreaterThan(Int(frames) ?? 0, 0, context)
                if sameFrames {
                    XCTAssertEqual(frames, try CLI.probe(input, stream: "v", "nb_read_packets", countFrames: true), context)
                }
                let codecs = try ProcessRunner.tool("ffprobe", ["-v", "error", "-select_streams", "a", "-show_entries", "stream=codec_name", "-of", "csv=p=0", output])
                XCTAssertEqual(codecs.stdout.split(separator: "\n").map(String.init), audio, context)
                for text in says { XCTAssertTrue(result.stderr.contains(text), "\(context)\nmissing: \(text)") }
                for text in doesNotSay { XCTAssertFalse(result.stderr.contains(text), "\(context)\nshould not say: \(text)") }
            case .fails(let file, let message):
                XCTAssertEqual(result.status, 1, context)
                let named = ["input": input, "captions": captions, "preset": preset, "output": output][file]!
                XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, context)
                XCTAssertTrue(result.stderr.hasPrefix("burn-captions: \(named):"), context)
                XCTAssertTrue(message.isEmpty || result.stderr.contains(message), "\(context)\nmissing: \(message)")
                XCTAssertFalse(FileManager.default.fileExists(atPath: output), context)
            }
        }
    }

    /// Runs the CLI; as root (who reads any file) it runs as `nobody`, so permissions count.
    private func runAsUnprivileged(_ arguments: [String], folder: URL) throws -> ProcessRunner.Result {
        if geteuid() == 0 {
            try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: folder.path)
            for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name != "locked.mp4" {
                try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: folder.appendingPathComponent(name).path)
            }
        }
        return try CLI.runUnprivileged(arguments)
    }
}

/// Faults while writing: a file-size limit (as a full disk behaves) and a folder that
/// cannot be written.
final class OutputFaultTests: XCTestCase {
    private let talk = CLI.readableSamples.appendingPathComponent("talk.mp4").path
    private let captions = CLI.readableSamples.appendingPathComponent("talk.json").path

    func testFileSizeLimitFailsCleanly() throws {
        let folder = try temporaryFolder()
        let output = folder.appendingPathComponent("out.mp4").path
        // ulimit -f counts 1024-byte blocks: 200 KiB, far less than the render needs.
        let script = "ulimit -f 200; exec \"$0\" \"$@\""
        let result = try ProcessRunner.run(
            "/bin/sh", ["-c", script, CLI.binary, talk, "--captions", captions, "-o", output, "--x264-preset", "ultrafast"])
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.hasPrefix("burn-captions: \(output): "), result.stderr)
        XCTAssertTrue(result.stderr.contains("File too large"), result.stderr)
        XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [], "no output, no temp file")
    }

    func testUnwritableFolderFailsBeforeDecoding() throws {
        let folder = try temporaryFolder()
        let locked = folder.appendingPathComponent("locked")
        try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: false)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: locked.path)
        let output = locked.appendingPathComponent("out.mp4").path
        // Root writes anywhere: it runs as nobody.
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
        let started = Date()
        let result = try CLI.runUnprivileged([talk, "--captions", captions, "-o", output])
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("output folder \(locked.path) is not writable"), result.stderr)
        XCTAssertLessThan(Date().timeIntervalSince(started), 5, "fails before decoding")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: locked.path), [])
    }
}
