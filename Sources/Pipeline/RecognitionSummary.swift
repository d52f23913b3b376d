import Foundation
import Speech

/// The notice a recognition gives: the model, the language with how sure the engine was,
/// what was recognized and what a person should check.
enum RecognitionSummary {
    /// One line: `talk.mp4: speech recognized with base (en, detected 0.98; also es): 12 segments,
    /// 45 words (2 below 0.50 probability), 1 segment dropped as invented; 3.1 s`; with no
    /// segment, `no speech`, or `speech heard for 30 s but nothing recognized` (`nothingRecognized`).
    static func line(_ speech: RecognizedSpeech, file: String, settings: RecognitionSettings) -> String {
        let segments = speech.transcript.segments
        let words = segments.reduce(0) { $0 + $1.words.count }
        let uncertain = speech.uncertainWords(below: Recognition.uncertainWord)
        var language =
            speech.detected.map { "\(speech.language ?? $0.language), detected \(String(format: "%.2f", $0.probability))" }
            ?? "\(speech.language ?? "language not said"), given"
        // A recording in more than one language: the others, in the order they are first spoken.
        let others = segments.compactMap(\.language).reduce(into: [String]()) { list, tag in
            if tag != speech.language, !list.contains(tag) { list.append(tag) }
        }
        if !others.isEmpty { language += "; also \(others.joined(separator: ", "))" }
        var text = "\(file): speech recognized with \(model(speech, settings: settings)) (\(language)): "
        if segments.isEmpty {
            text += nothingRecognized(in: speech, settings: settings) ?? "no speech"
        } else {
            text += "\(segments.count) segment(s), \(words) word(s)"
            if uncertain > 0 { text += " (\(uncertain) below \(String(format: "%.2f", Recognition.uncertainWord)) probability)" }
        }
        let dropped = speech.transcript.notes.count
        if dropped > 0 { text += ", \(dropped) segment(s) dropped as invented" }
        text += speech.cached ? "; from the transcript cache" : "; \(String(format: "%.1f", speech.seconds)) s"
        return text
    }

    /// The model asked for, and the one the engine says it loaded when that is another
    /// (a replacement engine's own, a hub name's folder): `base (the engine loaded /m/small)`.
    static func model(_ speech: RecognizedSpeech, settings: RecognitionSettings) -> String {
        let loaded = speech.engine?.model.map { URL(fileURLWithPath: $0) }
        guard let loaded, loaded.lastPathComponent != settings.model,
            loaded.standardizedFileURL != URL(fileURLWithPath: settings.model).standardizedFileURL
        else { return settings.model }
        return "\(settings.model) (the engine loaded \(loaded.path))"
    }

    /// `speech heard for 30 s but nothing recognized`: the engine heard speech (voice activity
    /// detection kept some) and no segment of it was kept (none recognized, or all dropped as
    /// invented). Nil when it heard none, or when nothing tells (voice activity detection off):
    /// then there is no speech.
    static func nothingRecognized(in speech: RecognizedSpeech, settings: RecognitionSettings) -> String? {
        guard speech.transcript.segments.isEmpty, settings.voiceActivityDetection, let heard = speech.totals.speechSeconds,
            heard > 0
        else { return nil }
        return "speech heard for \(String(format: heard >= 10 ? "%.0f" : "%.1f", heard)) s but nothing recognized"
    }
}
