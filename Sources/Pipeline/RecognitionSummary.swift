import Foundation
import Speech

/// The notice a recognition gives: the model, the language with how sure the engine was,
/// what was recognized and what a person should check.
enum RecognitionSummary {
    /// One line: `talk.mp4: speech recognized with base (en, detected 0.98): 12 segments,
    /// 45 words (2 below 0.50 probability), 1 segment dropped as invented; 3.1 s`.
    static func line(_ speech: RecognizedSpeech, file: String, settings: RecognitionSettings) -> String {
        let segments = speech.transcript.segments
        let words = segments.reduce(0) { $0 + $1.words.count }
        let uncertain = speech.uncertainWords(below: Recognition.uncertainWord)
        let language =
            speech.detected.map { "\(speech.language ?? $0.language), detected \(String(format: "%.2f", $0.probability))" }
            ?? "\(speech.language ?? "language not said"), given"
        var text = "\(file): speech recognized with \(settings.model) (\(language)): "
        if segments.isEmpty {
            text += "no speech"
        } else {
            text += "\(segments.count) segment(s), \(words) word(s)"
            if uncertain > 0 { text += " (\(uncertain) below \(String(format: "%.2f", Recognition.uncertainWord)) probability)" }
        }
        let dropped = speech.transcript.notes.count
        if dropped > 0 { text += ", \(dropped) segment(s) dropped as invented" }
        text += speech.cached ? "; from the transcript cache" : "; \(String(format: "%.1f", speech.seconds)) s"
        return text
    }
}
