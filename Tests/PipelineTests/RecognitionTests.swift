import Foundation
import TestSupport
import XCTest

/// `--captions auto` and `transcribe` with the real recognizer (faster-whisper and the models
/// `scripts/setup.sh` installs) on clips of a few seconds: speech recognized and captioned,
/// nothing invented over silence, chords or noise, a pause left empty, a doubtful language
/// never burned without a word, and each bad input one clear line with nothing written.
final class RecognitionTests: XCTestCase {
    /// The binary run with a transcript cache of the test's own.
    private func run(_ arguments: [String], cache: URL, environment: [String: String] = [:]) throws -> ProcessRunner.Result {
        try ProcessRunner.run(CLI.binary, arguments, environment: ["BURN_CAPTIONS_CACHE": cache.path].merging(environment) { $1 })
    }

    /// The segments of a native JSON file `transcribe` wrote.
    private func segments(_ path: String) throws -> [[String: Any]] {
        let root = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any]
        return try XCTUnwrap(root?["segments"] as? [[String: Any]], path)
    }

    /// The sample's first 5 s: recognized, planned in English, and from the cache the second time.
    func testSampleIsRecognizedAndCachedForTheRerun() throws {
        let folder = try temporaryFolder()
        let clip = folder.appendingPathComponent("talk-5s.mp4").path
        try ProcessRunner.ffmpeg(["-i", CLI.samples.appendingPathComponent("talk.mp4").path, "-t", "5", "-c", "copy", clip])
        let cache = folder.appendingPathComponent("cache")
        let first = try run(["plan", clip, "--captions", "auto", "--preset", "tiktok"], cache: cache)
        XCTAssertEqual(first.status, 0, first.stderr)
        let plan = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(first.stdout.utf8)) as? [String: Any])
        let captions = try XCTUnwrap(plan["captions"] as? [[String: Any]])
        // The sample says "Captions that pop. On TikTok, Reels and Shorts" (espeak-ng): most of it is heard.
        let text = captions.compactMap { $0["text"] as? String }.joined(separator: " ").lowercased()
        let heard = ["caption", "pop", "real", "short"].filter { text.contains($0) }
        XCTAssertGreaterThanOrEqual(heard.count, 3, text)
        let speech = try XCTUnwrap(plan["speech"] as? [String: Any])
        XCTAssertEqual(speech["language"] as? String, "en")
        XCTAssertEqual(speech["model"] as? String, "base")
        XCTAssertNotNil((speech["detected"] as? [String: Any])?["probability"] as? Double)
        XCTAssertTrue(first.stderr.contains("speech recognized with base (en, detected"), first.stderr)
        XCTAssertFalse(first.stderr.contains("transcript cache"), first.stderr)
        let second = try run(["plan", clip, "--captions", "auto", "--preset", "tiktok"], cache: cache)
        XCTAssertEqual(second.status, 0, second.stderr)
        XCTAssertTrue(second.stderr.contains("from the transcript cache"), second.stderr)
        XCTAssertEqual(second.stdout, first.stdout, "the cached transcript plans the same captions")

        // transcribe writes the words with their probabilities, and SubRip through our writer.
        let json = folder.appendingPathComponent("talk.json").path
        let written = try run(["transcribe", clip, "-o", json], cache: cache)
        XCTAssertEqual(written.status, 0, written.stderr)
        let words = try segments(json).flatMap { $0["words"] as? [[String: Any]] ?? [] }
        XCTAssertFalse(words.isEmpty)
        XCTAssertTrue(words.allSatisfy { ($0["confidence"] as? Double).map { (0...1).contains($0) } ?? false }, "\(words)")
        let srt = folder.appendingPathComponent("talk.srt").path
        XCTAssertEqual(try run(["transcribe", clip, "-o", srt], cache: cache).status, 0)
        XCTAssertTrue(try String(contentsOfFile: srt, encoding: .utf8).contains(" --> "))

        // An audio file with no picture is transcribed as well (not refused for want of a video),
        // and is heard as the video's sound was; a render still needs the video.
        let wav = folder.appendingPathComponent("talk-5s.wav").path
        try ProcessRunner.ffmpeg(["-i", clip, "-vn", "-c:a", "pcm_s16le", wav])
        let fromAudio = folder.appendingPathComponent("talk-audio.json").path
        let heardAudio = try run(["transcribe", wav, "-o", fromAudio], cache: cache)
        XCTAssertEqual(heardAudio.status, 0, heardAudio.stderr)
        let audioText = try segments(fromAudio).compactMap { $0["text"] as? String }.joined(separator: " ").lowercased()
        XCTAssertGreaterThanOrEqual(["caption", "pop", "real", "short"].filter { audioText.contains($0) }.count, 3, audioText)
        let render = try run([wav, "--captions", "auto", "-o", folder.appendingPathComponent("audio.mp4").path], cache: cache)
        XCTAssertEqual(render.status, 1, render.stderr)
        XCTAssertTrue(render.stderr.contains("\(wav): no video stream"), render.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("audio.mp4").path))
    }

    /// 30 s of silence, of chords and of pink noise give no captions, with a notice, and exit 0.
    func testNothingIsInventedOverSilenceMusicOrNoise() throws {
        let folder = try temporaryFolder()
        let cache = folder.appendingPathComponent("cache")
        for (name, part) in [("silence", SpeechClips.Part.silence(30)), ("chords", .chords(30)), ("noise", .noise(30))] {
            let clip = try SpeechClips.make(name, [part], in: folder).path
            let json = folder.appendingPathComponent("\(name).json").path
            let result = try run(["transcribe", clip, "-o", json, "--model", "tiny.en"], cache: cache)
            XCTAssertEqual(result.status, 0, "\(name): \(result.stderr)")
            XCTAssertEqual(try segments(json).count, 0, name)
            let plan = try run(["plan", clip, "--captions", "auto", "--model", "tiny.en"], cache: cache)
            XCTAssertEqual(plan.status, 0, "\(name): \(plan.stderr)")
            XCTAssertTrue(plan.stderr.contains("no speech recognized; the video gets no captions"), "\(name): \(plan.stderr)")
        }
    }

    /// Speech, 10 s of silence, speech: no word and no caption in the pause.
    func testPauseStaysEmpty() throws {
        let folder = try temporaryFolder()
        let (clip, spans) = try SpeechClips.make(
            "pause",
            [.speech("We start the test right now.", voice: "en-us"), .silence(10), .speech("And now we are back again.", voice: "en-us")],
            in: folder)
        let cache = folder.appendingPathComponent("cache")
        let json = folder.appendingPathComponent("pause.json").path
        let result = try run(["transcribe", clip, "-o", json, "--model", "tiny.en"], cache: cache)
        XCTAssertEqual(result.status, 0, result.stderr)
        // The recognizer's word ends run up to half a second late.
        let pause = (spans[1].lowerBound + 0.5)...(spans[1].upperBound - 0.3)
        let found = try segments(json)
        XCTAssertGreaterThanOrEqual(found.count, 2, "speech on both sides: \(found)")
        for word in found.flatMap({ $0["words"] as? [[String: Any]] ?? [] }) {
            let (start, end) = (word["start"] as? Double ?? -1, word["end"] as? Double ?? -1)
            XCTAssertFalse(start < pause.upperBound && end > pause.lowerBound, "\(word) in the pause \(pause)")
        }
        // On screen: a caption may stay a moment into the pause to be read, never across it.
        let plan = try run(["plan", clip, "--captions", "auto", "--model", "tiny.en"], cache: cache)
        XCTAssertEqual(plan.status, 0, plan.stderr)
        let captions = try Plan.decode(plan.stdout).captions
        let middle = (spans[1].lowerBound + 3)...(spans[1].upperBound - 0.3)
        XCTAssertFalse(captions.contains { $0.start < middle.upperBound && $0.end > middle.lowerBound }, "\(captions)")
    }

    /// German speech: named German, or a failure that asks for --language; never burned as another language.
    func testDoubtfulLanguageIsNeverBurnedSilently() throws {
        let folder = try temporaryFolder()
        let (clip, _) = try SpeechClips.make(
            "german", [.speech("Heute testen wir die neuen Untertitel auf dem Telefon.", voice: "de")], in: folder)
        let cache = folder.appendingPathComponent("cache")
        let json = folder.appendingPathComponent("german.json").path
        let detected = try run(["transcribe", clip, "-o", json], cache: cache)
        if detected.status == 0 {
            let languages = try segments(json).map { $0["language"] as? String }
            XCTAssertTrue(languages.allSatisfy { $0 == "de" }, "\(languages)")
        } else {
            XCTAssertEqual(detected.status, 1, detected.stderr)
            XCTAssertTrue(detected.stderr.contains("--language"), detected.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: json), "nothing written")
        }
        let given = try run(["transcribe", clip, "-o", json, "--language", "de"], cache: cache)
        XCTAssertEqual(given.status, 0, given.stderr)
        XCTAssertTrue(try segments(json).allSatisfy { $0["language"] as? String == "de" })
        XCTAssertTrue(given.stderr.contains("(de, given)"), given.stderr)
    }
}

/// Each way recognition can fail is one clear line with exit 1 (130 or 143 for a signal), no
/// file at the output and no engine process left: the stand-in engine of Tests/Cases/engines
/// plays the engine, a model folder of placeholder files the model.
final class RecognitionFailureTests: XCTestCase {
    static let fake = StandInEngine.path

    private var folder: URL!
    private var model: String!
    private var clip: String!

    override func setUpWithError() throws {
        folder = try temporaryFolder()
        model = try StandInEngine.model(in: folder)
        clip = try SpeechClips.make("hello", [.speech("Hello there.", voice: "en-us"), .silence(1)], in: folder).path
    }

    private func run(_ arguments: [String], engine: [String: String]) throws -> ProcessRunner.Result {
        try ProcessRunner.run(
            CLI.binary, arguments,
            environment: ["BURN_CAPTIONS_CACHE": folder.appendingPathComponent("cache").path].merging(engine) { $1 })
    }

    private func fake(_ mode: String) -> [String: String] { [RecognizerVariable.name: Self.fake, "FAKE_RECOGNIZER": mode] }

    /// What is left in the test's folder besides the clip's own files and the cache.
    private func leftovers() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { !$0.hasPrefix("hello") && $0 != "model" && $0 != "cache" && $0 != "pid" }
    }

    func testEachFailureIsOneLineAndWritesNothing() throws {
        let noAudio = try CLI.blackClip(size: "64x64", seconds: 2, in: folder)
        let output = folder.appendingPathComponent("out.mp4").path
        let cases: [(String, [String], [String: String], String)] = [
            ("no audio", [noAudio, "--captions", "auto", "--model", model, "-o", output], fake("echo"), "no audio stream to recognize speech in"),
            ("no model", [clip, "--captions", "auto", "--model", "/nonexistent/model", "-o", output], fake("echo"),
             "model /nonexistent/model: no such folder"),
            ("unknown model", [clip, "--captions", "auto", "--model", "large-v9", "-o", output], fake("echo"), "model large-v9: not found (looked in"),
            ("engine missing", [clip, "--captions", "auto", "--model", model, "-o", output],
             [RecognizerVariable.name: "/nonexistent/engine"], "not an executable file"),
            ("engine crashes", [clip, "--captions", "auto", "--model", model, "-o", output], fake("crash"), "crashed (signal 11)"),
            ("model will not load", [clip, "--captions", "auto", "--model", model, "-o", output], fake("error-model"),
             "cannot load its model"),
            ("transcribe: engine breaks the protocol", ["transcribe", clip, "--model", model, "-o", folder.appendingPathComponent("t.json").path],
             fake("garbage"), "broke its protocol"),
        ]
        for (name, arguments, engine, message) in cases {
            let result = try run(arguments, engine: engine)
            XCTAssertEqual(result.status, 1, "\(name): \(result.stderr)")
            let lines = result.stderr.split(separator: "\n").filter { $0.hasPrefix("burn-captions: ") && !$0.contains("warning") }
            XCTAssertEqual(lines.count, 1, "\(name): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(message), "\(name): \(result.stderr)")
            XCTAssertEqual(try leftovers().filter { !$0.hasPrefix("black") }, [], name)
        }
    }

    /// SIGINT or SIGTERM while the engine works: the engine ends too, nothing is written, 128 + signal.
    func testSignalDuringRecognitionEndsTheEngine() throws {
        for signal in [SIGINT, SIGTERM] {
            let pidfile = folder.appendingPathComponent("pid")
            try? FileManager.default.removeItem(at: pidfile)
            let output = folder.appendingPathComponent("out.mp4").path
            var environment = fake("hang")
            environment["FAKE_RECOGNIZER_PIDFILE"] = pidfile.path
            environment["BURN_CAPTIONS_CACHE"] = folder.appendingPathComponent("cache").path
            let (process, out, err) = try ProcessRunner.start(
                CLI.binary, [clip, "--captions", "auto", "--model", model, "-o", output], environment: environment)
            let deadline = Date().addingTimeInterval(30)
            while Date() < deadline, !FileManager.default.fileExists(atPath: pidfile.path) { usleep(20_000) }
            usleep(300_000)
            kill(process.processIdentifier, signal)
            let result = ProcessRunner.finish(process, out, err)
            XCTAssertEqual(result.status, 128 + signal, result.stderr)
            let pid = try XCTUnwrap(Int32(String(contentsOf: pidfile, encoding: .utf8)))
            XCTAssertEqual(kill(pid, 0), -1, "signal \(signal): the engine \(pid) still runs")
            XCTAssertEqual(try leftovers(), [], "signal \(signal)")
        }
    }

    /// A batch job with `"captions": "auto"`, and a render of two outputs that recognizes once.
    func testBatchAndManyOutputsRecognizeOnce() throws {
        let manifest = folder.appendingPathComponent("jobs.jsonl")
        let output = folder.appendingPathComponent("job.mp4").path
        try "{\"input\": \"\(clip!)\", \"captions\": \"auto\", \"model\": \"\(model!)\", \"output\": \"\(output)\"}\n"
            .write(to: manifest, atomically: true, encoding: .utf8)
        let batch = try run(["batch", manifest.path], engine: fake("echo"))
        XCTAssertEqual(batch.status, 0, batch.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: output), batch.stderr)
        let two = try run(
            [clip, "--captions", "auto", "--model", model, "--preset", "tiktok", "--preset", "youtube", "-o",
             folder.appendingPathComponent("two.{preset}.mp4").path, "-q"], engine: fake("echo"))
        XCTAssertEqual(two.status, 0, two.stderr)
        let recognized = try run(
            [clip, "--captions", "auto", "--model", model, "--preset", "tiktok", "--preset", "youtube", "-o",
             folder.appendingPathComponent("again.{preset}.mp4").path], engine: fake("crash"))
        XCTAssertEqual(recognized.status, 0, "the cache serves it: the crashing engine is never started: \(recognized.stderr)")
        XCTAssertEqual(recognized.stderr.components(separatedBy: "speech recognized").count - 1, 1, recognized.stderr)
    }
}

/// The variable that names a replacement engine (Speech's `RecognizerEngine.variable`).
enum RecognizerVariable {
    static let name = "BURN_CAPTIONS_RECOGNIZER"
}
