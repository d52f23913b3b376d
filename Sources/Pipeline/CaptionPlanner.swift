import CaptionFiles
import Captions
import Cuts
import Files
import Foundation
import Layout
import Media
import Settings
import Speech

/// The final captions of a request: read, aligned to the script, split within the preset's
/// limits, with presentable times and phrase starts fixed from the audio. A valid file with
/// nothing to show gives none, with a warning (`--strict`: an error).
enum CaptionPlanner {
    /// The captions of `transcript` (the request's file as read, or read now when nil). The
    /// input's frame duration sets the minimum gap between captions: two frames; no start
    /// is moved past the input's duration. The timing fix takes the input's speech envelope
    /// from `speech`; times snap to `shotChanges` when given; recognized captions follow `rules`.
    /// `recognized` gives the input's speech (`--captions auto`, and the words a caption file's
    /// cues are aligned to when `alignWords`). A caption holds at most `maxWords` words (nil:
    /// the preset's limit, if any); `fit` is the layout's answer for a candidate caption.
    /// With a `timeline` (a cut render's), the words and the envelope are moved onto it
    /// first: the captions are planned on the cut as it will be seen.
    static func captions(
        for request: BurnRequest, transcript: Transcript? = nil, input: MediaInput, speech: () throws -> EnergyEnvelope?,
        recognized: (RecognitionSettings) throws -> RecognizedSpeech, alignWords: Bool = false, shotChanges: ShotChanges?,
        rules: ReadingRules, preset: Preset, maxWords: Int? = nil, fit: CaptionFit? = nil, timeline: CutTimeline? = nil,
        events: (BurnEvent) -> Void
    ) throws -> [Caption] {
        let frameDuration = input.info.frameDuration
        var heard: RecognizedSpeech?  // the speech recognized for the captions, to say what none means
        let given: Transcript
        if let transcript {
            given = transcript
        } else {
            given = try read(
                request,
                recognized: { settings in
                    let speech = try recognized(settings)
                    heard = speech
                    return speech
                })
        }
        let guessed = withGuessedLanguage(given, request: request, rules: rules, events: events)
        let transcript = timeline?.retimed(guessed) ?? guessed
        let script = try request.captions.script.map(readScript)
        transcript.notes.forEach { events(.warning($0.description)) }
        var warnings: [String] = []
        // Recognized before the timing fix measures the audio, so both take it from one decode.
        let alignment =
            alignWords && request.captions.origin != .recognized && input.info.hasAudio
                && transcript.segments.contains(where: { $0.words.allSatisfy(\.estimated) })
            ? try alignment(of: transcript, request: request, recognized: recognized, events: events) : nil
        // Phrase starts that absorbed the pause before them move to where the speech begins.
        let envelope = request.timingFix ? try speech().map { timeline?.retimed($0) ?? $0 } : nil
        let mediaEnd = timeline?.duration ?? input.info.duration
        // Recognized captions follow the reading rules of their language.
        let languages = Set(transcript.segments.map { $0.language ?? transcript.language ?? request.captions.language })
        let limits = rules.applied(
            to: preset.chunkingLimits(frameDuration: frameDuration, maxWords: maxWords), languages: languages,
            maximumLines: preset.maximumLines ?? 2)
        // A caption the video never reaches is left out (`BurnPlanner`): it is not laid out to
        // be fitted (a file may hold thousands past a short clip's end).
        let onScreenFit = fit.map { fit -> CaptionFit in
            { caption in mediaEnd.map { caption.start >= $0 } == true ? .fits : fit(caption) }
        }
        var captions = CaptionBuilder.captions(
            from: transcript, limits: limits, script: script,
            language: request.captions.language,
            fixStarts: envelope.map { envelope in { TimingFix.apply($0, envelope: envelope, mediaEnd: mediaEnd) } },
            shotChanges: shotChanges, fit: onScreenFit, warnings: &warnings)
        warnings.forEach { events(.warning("\(request.captions.file): \($0)")) }
        if let alignment { captions = WordAlignmentStep.timed(captions, by: alignment) }
        if captions.isEmpty, request.captions.origin == .recognized {
            // Speech the engine heard and nothing was kept of is not "no speech".
            let nothing =
                heard.flatMap { RecognitionSummary.nothingRecognized(in: $0, settings: request.recognitionSettings) }
                ?? "no speech recognized"
            if request.captions.strict { throw BurnError.input("\(input.info.path): \(nothing)") }
            events(.notice("\(input.info.path): \(nothing); the video gets no captions"))
        } else if captions.isEmpty {
            // A valid file with nothing to show: the video gets no captions (`--strict`: the reader refused it).
            if request.captions.strict { throw BurnError.input("\(request.captions.file): no captions with text") }
            events(.warning("\(request.captions.file): no captions to show (no cue with text and length); none are drawn"))
        }
        if let list = request.emphasize { captions = try EmphasisList.load(path: list).marked(captions) }
        captions = try EmojiStep.added(captions, source: request.emoji, language: request.captions.language, rules: rules, events: events)
        if request.speakerLabels { captions = SpeakerLabels.labelled(captions) }
        return captions
    }

    /// A caption file that names no language (nor does `--language` or its name), with the
    /// language `CaptionLanguage.guess` tells from its words and script, and a notice: each
    /// segment written in that language's script takes it (so its captions end at that
    /// language's phrase boundaries and get its font); a segment in another script (a Chinese
    /// speaker's line in an English call) takes what its own text tells, if anything.
    /// Unchanged when the file or a segment names a language.
    private static func withGuessedLanguage(
        _ transcript: Transcript, request: BurnRequest, rules: ReadingRules, events: (BurnEvent) -> Void
    ) -> Transcript {
        guard request.captions.language == nil, CaptionLanguage.named(in: transcript) == nil else { return transcript }
        let guess = CaptionLanguage.guess(from: transcript.segments.map(\.text).joined(separator: " "), tables: rules.phrases)
        if let guess {
            events(.notice("\(request.captions.file): names no language; its captions are set as \(guess), told from its text (--language gives another)"))
        }
        var guessed = transcript
        for index in guessed.segments.indices {
            let text = guessed.segments[index].text
            guessed.segments[index].language =
                guess.flatMap { CaptionLanguage.isWritten(text, in: $0) ? $0 : nil }
                ?? CaptionLanguage.guess(from: text, tables: rules.phrases)
        }
        return guessed
    }

    /// `transcript`'s cues with their words timed by the speech (forced alignment), with a
    /// notice of how many; nil when the speech cannot be recognized (with a warning saying why)
    /// or is in another language than the captions (with a notice).
    private static func alignment(
        of transcript: Transcript, request: BurnRequest, recognized: (RecognitionSettings) throws -> RecognizedSpeech,
        events: (BurnEvent) -> Void
    ) throws -> ForcedAlignment? {
        // The speech in the language it is spoken in (detected): one recognition serves every
        // caption file of a run, and a file in another language (a translation) is not aligned.
        let speech: RecognizedSpeech
        do {
            speech = try recognized(request.recognition)
        } catch let error as RecognitionError {
            events(.warning("\(request.captions.file): words not aligned to the speech: \(error.description)"))
            return nil
        }
        let written = transcript.language ?? request.captions.language
        if let written, let spoken = speech.language, LanguageTag(written).language != LanguageTag(spoken).language {
            events(.notice("\(request.captions.file): words timed by length, not aligned: the captions are \(written), the speech \(spoken)"))
            return nil
        }
        let alignment = WordAlignmentStep.aligned(transcript, to: speech, language: written)
        events(.notice("\(request.captions.file): \(alignment.summary.notice)"))
        return alignment
    }

    /// The request's captions: its input's speech as `recognized` gives it, or its file read.
    static func read(_ request: BurnRequest, recognized: (RecognitionSettings) throws -> RecognizedSpeech) throws
        -> Transcript
    {
        guard request.captions.origin == .recognized else { return try read(request) }
        return try recognized(request.recognitionSettings).transcript
    }

    /// The request's caption file as its reader reads it (`--captions-format`, `--captions-encoding`,
    /// `--strict`): from disk, or from `data` when given (the file's bytes in memory); captions
    /// given as a value are taken as they are.
    static func read(_ request: BurnRequest, data: Data? = nil) throws -> Transcript {
        if case .given(_, let transcript) = request.captions.origin { return transcript }
        guard let data else {
            return try CaptionReader.read(
                path: request.captions.file, format: request.captions.format, encoding: request.captions.encoding,
                strict: request.captions.strict)
        }
        return try CaptionReader.read(
            data, path: request.captions.file, format: request.captions.format, encoding: request.captions.encoding,
            strict: request.captions.strict)
    }

    /// The shot changes of `source`, in frames of `frameDuration`; nil when off.
    static func shotChanges(_ source: ShotChangeSource, frameDuration: Double, cuts: () throws -> [Double]) throws
        -> ShotChanges?
    {
        switch source {
        case .off: return nil
        case .auto: return ShotChanges(times: try cuts(), frameDuration: frameDuration)
        case .file(let path): return try ShotChanges.read(URL(fileURLWithPath: path), frameDuration: frameDuration)
        }
    }

    /// The script as text; errors name the file.
    static func readScript(_ path: String) throws -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw BurnError.input("\(path): cannot read script")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw BurnError.input("\(path): script is not valid UTF-8")
        }
        return text
    }

    /// The `--export-captions` file, checked and claimed before the render: a format
    /// `CaptionWriter` writes, none of `inputs`.
    static func exportOutput(_ path: String, inputs: [String]) throws -> OutputFile {
        guard CaptionWriter.format(forPath: path) != nil else {
            throw BurnError.usage("\(path): --export-captions needs a .srt, .vtt, .json or .ass file")
        }
        return try OutputFile(output: path, inputs: inputs)
    }

    /// Writes `captions` to `file` in the format its extension names, atomically; an `.ass`
    /// file in `style`.
    static func export(_ captions: [Caption], to file: OutputFile, style: ASSStyle) throws {
        guard let format = CaptionWriter.format(forPath: file.finalURL.path) else { return }
        try file.write(CaptionWriter.data(captions, format: format, style: style))
    }
}
