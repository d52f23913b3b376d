import Captions
import Foundation

/// Speech recognized as it is spoken, by the recognizer child in stream mode (protocol 2):
/// sound goes in as it comes (`hear`, at most `queueSeconds` waiting: older sound is dropped
/// so the lag never grows), and each partial or final comes out as a `LiveUpdate` whose
/// first `committedCount` words the engine will never change. The engine's promises are
/// checked (committed words never change and never shrink, a final keeps them); an engine
/// that breaks them, fails or ends is stopped and `failure` says why. The child is ended
/// with this object (SIGTERM, then SIGKILL).
public final class StreamingRecognizer: @unchecked Sendable {
    /// Sound waiting for the engine at most. // seconds
    public static let queueSeconds = 2.0
    private let queue = AudioChunkQueue(limitSeconds: queueSeconds, sampleRate: Double(SpeechAudio.sampleRate))
    private let process: RecognizerProcess
    private let lock = NSLock()
    private var waiting: [LiveUpdate] = []
    private var skipped: [(from: Double, to: Double)] = []
    private var problem: String?
    private var stopped = false
    /// The open utterance's committed words, as the engine first sent them.
    private var committed: (utterance: Int, words: [String])?

    /// Starts the engine with the model `settings` names (`RecognizerEngine.find`).
    public init(settings: RecognitionSettings, engine: RecognizerEngine) throws {
        let sums = try engine.sums.map { try ModelSums(contentsOf: $0, stamps: nil) }
        let model = try SpeechModel.find(
            settings.model, installed: engine.modelFolders, sums: sums, environment: ProcessInfo.processInfo.environment)
        let request = StreamingRequest(model: model, settings: settings).line()
        process = try RecognizerProcess(engine)
        let thread = Thread { [self] in
            do {
                try process.stream(request: request, audio: queue, cancelled: { [self] in isStopped }) { line in
                    try take(try StreamingMessage(line: line))
                }
                fail("the speech recognizer ended")
            } catch let error as RecognizerProtocolError {
                fail("the speech recognizer broke its protocol: \(error.description)")
            } catch {
                fail(String(describing: error))
            }
        }
        thread.name = "burn-captions recognizer output"
        thread.start()
    }

    deinit { stop() }

    /// Sound to recognize: 16 kHz mono samples starting at `start` seconds of the stream.
    public func hear(_ samples: UnsafeBufferPointer<Float>, start: Double) {
        queue.put(samples, start: start)
    }

    /// The updates that came since the last call, in order.
    public func updates() -> [LiveUpdate] {
        lock.lock()
        defer { lock.unlock() }
        defer { waiting = [] }
        return waiting
    }

    /// Audio spans the engine skipped to keep up, since the last call. // seconds
    public func skippedSpans() -> [(from: Double, to: Double)] {
        lock.lock()
        defer { lock.unlock() }
        defer { skipped = [] }
        return skipped
    }

    /// Why recognition stopped, once it has.
    public var failure: String? {
        lock.lock()
        defer { lock.unlock() }
        return problem
    }

    /// Seconds of sound dropped before the engine took it.
    public var droppedSeconds: Double { queue.droppedSeconds }

    /// Ends the engine.
    public func stop() {
        lock.lock()
        stopped = true
        lock.unlock()
        queue.close()
        process.stop()
    }

    private var isStopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }

    private func fail(_ why: String) {
        lock.lock()
        if problem == nil && !stopped { problem = why }
        lock.unlock()
    }

    /// One message: an update kept for `updates`, after the engine's promises are checked.
    private func take(_ message: StreamingMessage) throws {
        let update: LiveUpdate
        switch message {
        case .partial(let utterance, let words, let count):
            let texts = words.map { $0.word.trimmingCharacters(in: .whitespaces) }
            try keep(utterance, Array(texts.prefix(count)), final: false)
            update = LiveUpdate(
                speaker: nil, text: texts.joined(separator: " "), isFinal: false, committedCount: count, wordTimes: Self.times(words, texts))
        case .final(let utterance, let words):
            let texts = words.map { $0.word.trimmingCharacters(in: .whitespaces) }
            try keep(utterance, texts, final: true)
            update = LiveUpdate(speaker: nil, text: texts.joined(separator: " "), isFinal: true, wordTimes: Self.times(words, texts))
        case .skipped(let from, let to):
            lock.lock()
            skipped.append((from, to))
            lock.unlock()
            return
        case .error(let message):
            throw RecognizerProtocolError("the engine failed: \(message)")
        case .ready, .language, .done, .unknown:
            return
        }
        lock.lock()
        waiting.append(update)
        lock.unlock()
    }

    /// The engine's words as caption words, with their times.
    private static func times(_ words: [StreamingMessage.Word], _ texts: [String]) -> [Word] {
        zip(words, texts).map { Word(text: $1, start: $0.start, end: $0.end, confidence: $0.probability) }
    }

    /// Checks that `words`, the committed words of `utterance` now, keep those it committed before.
    private func keep(_ utterance: Int, _ words: [String], final: Bool) throws(RecognizerProtocolError) {
        if let committed, committed.utterance == utterance {
            guard words.count >= committed.words.count, Array(words.prefix(committed.words.count)) == committed.words else {
                throw RecognizerProtocolError(
                    "utterance \(utterance): committed words \"\(committed.words.joined(separator: " "))\" became \"\(words.joined(separator: " "))\"")
            }
        }
        self.committed = final ? nil : (utterance, words)
    }
}
