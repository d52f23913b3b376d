import Captions
import Foundation

/// Speech recognition, the stage from audio to words: the model found, the transcript taken
/// from the cache or recognized by the engine in a child process, the language chosen (each
/// segment's own), what was invented over silence, music or noise and what stands for a sound
/// (laughter, `[Music]`) taken out, and the words written as the language writes them.
public enum Recognition {
    /// Words below this probability are marked for a person to check (lint, review). // 0...1
    public static let uncertainWord = 0.5

    /// The speech of `audio` under `settings`, by `engine`; `file` names the input in notes.
    /// `progress` gets the seconds of audio done and in all; `cancelled` is polled.
    public static func recognize(
        _ audio: SpeechAudio, file: String, settings: RecognitionSettings, engine: RecognizerEngine, cache: URL?,
        cancelled: @escaping @Sendable () -> Bool = { false }, progress: (Double, Double) -> Void = { _, _ in }
    ) throws -> RecognizedSpeech {
        let clock = ContinuousClock.now
        let sums = try engine.sums.map { try ModelSums(contentsOf: $0, stamps: cache?.appendingPathComponent("model-stamps")) }
        let model = try SpeechModel.find(
            settings.model, installed: engine.modelFolders, sums: sums, environment: ProcessInfo.processInfo.environment)
        let request = RecognizerRequest(model: model, settings: settings, samples: audio.samples.count)
        let store = cache.map { TranscriptCache(folder: $0.appendingPathComponent("transcripts")) }
        let key = TranscriptCache.key(audio: audio, model: model, engine: engine, request: request)
        var warnings: [String] = []
        var messages = store.flatMap { cachedMessages($0, key: key, audio: audio, warnings: &warnings) }
        let cached = messages != nil
        if messages == nil {
            let lines = try run(engine, request: request, audio: audio, cancelled: cancelled, progress: progress)
            messages = try parse(lines, within: audio.duration)
            if case .done(let totals)? = messages?.last, totals.transcribed { store?.keep(lines, for: key) }
        }
        var speech = try collect(messages ?? [], audio: audio, file: file, settings: settings)
        speech.cached = cached
        speech.warnings = warnings
        speech.seconds = (ContinuousClock.now - clock) / .seconds(1)
        return speech
    }

    /// The messages of the transcript `store` keeps under `key`, nil when it has none whole:
    /// an entry that does not read back as a finished transcript of this audio is removed
    /// (to be recognized again and replaced), with a warning naming it.
    private static func cachedMessages(_ store: TranscriptCache, key: String, audio: SpeechAudio, warnings: inout [String])
        -> [RecognizerMessage]?
    {
        let problem: String
        switch store.entry(for: key) {
        case .miss: return nil
        case .damaged(let why): problem = why
        case .hit(let lines):
            do {
                return try wholeTranscript(lines, within: audio.duration)
            } catch {
                problem = error.description
            }
        }
        warnings.append("the transcript cache entry \(store.file(for: key).path) is damaged (\(problem)): recognizing again")
        store.remove(key)
        return nil
    }

    /// The messages of a kept transcript's `lines`, checked against `seconds` of audio: a
    /// finished one (ending with `done`, transcribed) with no error in it, else why not.
    package static func wholeTranscript(_ lines: [Data], within seconds: Double) throws(RecognizerProtocolError)
        -> [RecognizerMessage]
    {
        var messages: [RecognizerMessage] = []
        for (index, line) in lines.enumerated() {
            do {
                messages.append(try RecognizerMessage(line: line).checked(within: seconds))
            } catch {
                throw RecognizerProtocolError("line \(index + 1): \(error.description)")
            }
        }
        if messages.contains(where: { if case .error = $0 { true } else { false } }) {
            throw RecognizerProtocolError("it holds an error line")
        }
        guard case .done(let totals)? = messages.last, totals.transcribed else {
            throw RecognizerProtocolError("it does not end with a \"done\" line")
        }
        return messages
    }

    /// The engine's output lines for `audio`; an error message from it is thrown as it says.
    private static func run(
        _ engine: RecognizerEngine, request: RecognizerRequest, audio: SpeechAudio, cancelled: @escaping @Sendable () -> Bool,
        progress: (Double, Double) -> Void
    ) throws -> [Data] {
        let process = try RecognizerProcess(engine)
        defer { process.stop() }
        var lines: [Data] = []
        var last: RecognizerMessage?
        try process.run(request: request.line(), samples: audio.samples, cancelled: cancelled) { line in
            let message = try parse(line, number: lines.count + 1, within: audio.duration)
            lines.append(line)
            last = message
            switch message {
            case .progress(let seconds, let total): progress(seconds, total ?? audio.duration)
            case .error(let kind, let message): throw failure(kind: kind, message: message)
            default: break
            }
        }
        guard case .done? = last else {
            throw RecognitionError.engine("the speech recognizer ended without finishing (no \"done\" line)\(process.errorTail())")
        }
        return lines
    }

    /// The error an engine's `error` message stands for.
    private static func failure(kind: String, message: String) -> RecognitionError {
        switch kind {
        case "model": return .model("the speech recognizer cannot load its model: \(message)")
        default: return .engine("the speech recognizer failed: \(message)")
        }
    }

    /// The messages of `lines`, in order, checked against `seconds` of audio.
    private static func parse(_ lines: [Data], within seconds: Double) throws -> [RecognizerMessage] {
        try lines.enumerated().map { try parse($1, number: $0 + 1, within: seconds) }
    }

    /// The message of output line `number`, its times within `seconds` of audio.
    private static func parse(_ line: Data, number: Int, within seconds: Double) throws -> RecognizerMessage {
        do {
            return try RecognizerMessage(line: line).checked(within: seconds)
        } catch {
            throw RecognitionError.engine("the speech recognizer broke its protocol: output line \(number): \(error.description)")
        }
    }

    /// The speech `messages` describe, on the caption clock of `audio`, in the language chosen.
    package static func collect(_ messages: [RecognizerMessage], audio: SpeechAudio, file: String, settings: RecognitionSettings) throws
        -> RecognizedSpeech
    {
        var (engine, guess, totals): (EngineInfo?, LanguageGuess?, RecognitionTotals?) = (nil, nil, nil)
        var segments: [RecognizedSegment] = []
        for message in messages {
            switch message {
            case .ready(let info): engine = info
            case .language(let detected): guess = detected
            case .segment(let segment): segments.append(segment)
            case .done(let done): totals = done
            case .error(let kind, let message): throw RecognitionError.engine("the speech recognizer failed (\(kind)): \(message)")
            case .progress, .unknown: break
            }
        }
        let language = try LanguageChoice.language(
            settings.language == nil ? guess : nil, settings: settings, transcribed: totals?.transcribed ?? true)
        let (heard, invented) = InventedSpeech().filtered(segments.map { $0.shifted(by: audio.start) }, envelope: audio.envelope)
        let (kept, sounds) = SoundWords(tags: settings.soundTags).filtered(heard)
        let dropped = (invented + sounds).sorted { $0.start < $1.start }
        let transcript = Transcript(
            segments: try kept.flatMap { segment in
                let spoken = try LanguageChoice.language(
                    ofSegment: segment.language, at: segment.start, recording: language, settings: settings)
                return segment.segments(language: spoken)
            }.map { segment in
                var segment = RecognizedText.repaired(segment, language: segment.language)
                segment.words = WordOnsets().refined(segment.words, envelope: audio.envelope)
                if let first = segment.words.first {
                    segment.start = first.start
                    segment.end = max(segment.end, segment.words.map(\.end).max() ?? first.end)
                }
                return segment
            },
            language: language,
            notes: dropped.map { CaptionProblem(file: file, message: $0.description) })
        return RecognizedSpeech(
            transcript: transcript, dropped: dropped, detected: settings.language == nil ? guess : nil, language: language,
            engine: engine, totals: totals ?? RecognitionTotals(), cached: false, warnings: [], seconds: 0)
    }
}

extension RecognizedSegment {
    /// The segment `seconds` later (the audio's first sample on the caption clock).
    func shifted(by seconds: Double) -> RecognizedSegment {
        guard seconds != 0 else { return self }
        var segment = self
        (segment.start, segment.end) = (start + seconds, end + seconds)
        for index in segment.words.indices {
            segment.words[index].start += seconds
            segment.words[index].end += seconds
        }
        return segment
    }

    /// A pause between two words at least this long ends a segment: no caption spans it. // seconds
    static let longPause = 1.5

    /// The caption pipeline's segments: words trimmed (Whisper's leading spaces) and their
    /// text joined as the engine spaced it, cut where the voice pauses for `longPause` or
    /// more; none when it has no text.
    func segments(language: String?) -> [Segment] {
        guard !words.isEmpty else {
            let text = text.trimmingCharacters(in: .whitespacesAndNewlines)
            return text.isEmpty ? [] : [Segment(text: text, start: start, end: max(start, end), language: language)]
        }
        var pieces: [[RecognizedWord]] = [[]]
        for word in words {
            if let last = pieces[pieces.count - 1].last, word.start - last.end >= Self.longPause { pieces.append([]) }
            pieces[pieces.count - 1].append(word)
        }
        return pieces.compactMap { piece in
            let words = piece.compactMap { word -> Word? in
                let text = word.word.trimmingCharacters(in: .whitespacesAndNewlines)
                guard !text.isEmpty else { return nil }
                return Word(text: text, start: word.start, end: max(word.start, word.end), confidence: word.probability)
            }
            let spoken = piece.map(\.word).joined().trimmingCharacters(in: .whitespacesAndNewlines)
            // A word may end after the next one (rounding, another engine): the segment ends with the last to end.
            guard let first = words.first, let end = words.map(\.end).max(), !spoken.isEmpty else { return nil }
            return Segment(text: spoken, start: first.start, end: end, language: language, words: words)
        }
    }
}
