import Captions
import Foundation
import Pipeline
import Settings
import Speech

/// `--captions auto` on a live stream: the input's sound recognized as it is spoken by the
/// recognizer child in stream mode (`StreamingRecognizer`). An engine that fails is started
/// again after 1, 2, 4, 8 then 16 s, its open utterance ended where its committed words end;
/// after 5 failures within 2 minutes recognition stops, with a warning, and the stream goes on.
final class SpeechCaptions {
    private let settings: RecognitionSettings
    private let engine: RecognizerEngine
    private let warn: @Sendable (String) -> Void
    private var recognizer: StreamingRecognizer?
    private var failures: [ContinuousClock.Instant] = []
    private var restartAt: ContinuousClock.Instant?
    /// The open utterance must be ended (the engine that spoke it failed).
    private(set) var interrupted = false
    /// The sound's energy, for `refined`.
    private var energy = LiveEnergy(sampleRate: Int(SpeechAudio.sampleRate))

    static let pauses: [Double] = [1, 2, 4, 8, 16]
    static let failureLimit = 5
    static let failureWindow: Duration = .seconds(120)

    init(settings: RecognitionSettings, warn: @escaping @Sendable (String) -> Void) throws {
        self.settings = settings
        self.warn = warn
        engine = try RecognizerEngine.find(roots: Resources.searchRoots(), environment: ProcessInfo.processInfo.environment)
        recognizer = try StreamingRecognizer(settings: settings, engine: engine)
    }

    deinit { recognizer?.stop() }

    /// Sound of the stream, 16 kHz mono from `start` seconds.
    func hear(_ samples: UnsafeBufferPointer<Float>, start: Double) {
        recognizer?.hear(samples, start: start)
        energy.append(samples, start: start)
    }

    /// `words` (an utterance's, as the engine timed them) with the first word's start moved
    /// onto the voice where the sound heard so far shows it (`WordOnsets`, as the file
    /// renders' timing fix moves phrase starts): the engine starts an utterance's first word
    /// early, where the pause before it began. The words after it keep the engine's times,
    /// which follow the voice within a frame or three (docs/LIVE.md).
    func refined(_ words: [Word]) -> [Word] {
        guard let envelope = energy.envelope, let first = words.first else { return words }
        var result = words
        let opening = WordOnsets().refined([first], envelope: envelope)[0]
        if result.count == 1 || opening.start < result[1].start { result[0] = opening }
        return result
    }

    /// The updates that came since the last call; sets `interrupted` when the engine failed.
    func updates() -> [LiveUpdate] {
        interrupted = false
        if let recognizer, let failure = recognizer.failure {
            let updates = recognizer.updates()
            recognizer.stop()
            self.recognizer = nil
            interrupted = true
            let now = ContinuousClock.now
            failures = failures.filter { now - $0 < Self.failureWindow } + [now]
            if failures.count >= Self.failureLimit {
                warn("warning: \(failure); it failed \(failures.count) times in 2 minutes: live captions stop, the stream goes on")
            } else {
                let pause = Self.pauses[min(failures.count - 1, Self.pauses.count - 1)]
                warn("warning: \(failure); starting it again in \(Int(pause)) s")
                restartAt = now + .milliseconds(Int64(pause * 1000))
            }
            return updates
        }
        if recognizer == nil, let at = restartAt, ContinuousClock.now >= at {
            restartAt = nil
            do {
                recognizer = try StreamingRecognizer(settings: settings, engine: engine)
            } catch {
                warn("warning: the speech recognizer cannot start again (\(error)): live captions stop, the stream goes on")
            }
        }
        skippedSeconds += recognizer?.skippedSpans().reduce(0) { $0 + max(0, $1.to - $1.from) } ?? 0
        return (recognizer?.updates() ?? []).map(Self.sure)
    }

    /// A tentative word is shown only while the engine gives it, and every tentative word
    /// before it, this probability at least: below it the words are most often revised
    /// (the tail Whisper invents at the buffer's end, "Thank you.", "See you."). Two runs'
    /// logs of the 41.6 s clip with tiny.en, replayed (docs/LIVE.md): erased words per
    /// committed word 0.24-0.26 with every tentative word shown, 0.06-0.07 at 0.5, for 0.1-0.15 s
    /// more to first showing.
    static let leastTentativeProbability = 0.5

    /// `update` with its tentative words cut at the first the engine is unsure of; a final, or
    /// an update without word probabilities, as it is.
    static func sure(_ update: LiveUpdate) -> LiveUpdate {
        guard !update.isFinal, let committed = update.committedCount, let times = update.wordTimes, times.count == update.words.count,
            let cut = times.indices.first(where: { $0 >= committed && (times[$0].confidence ?? 1) < leastTentativeProbability })
        else { return update }
        var sure = update
        sure.text = update.words.prefix(cut).joined(separator: " ")
        sure.wordTimes = Array(times.prefix(cut))
        return sure
    }

    /// Seconds of sound dropped before the engine took it because it was behind (of the engine running now).
    var droppedSeconds: Double { recognizer?.droppedSeconds ?? 0 }
    /// Seconds of sound the engines skipped to keep up, so far.
    private(set) var skippedSeconds = 0.0

    func stop() { recognizer?.stop() }
}
