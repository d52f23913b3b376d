import Captions
import Layout

/// `--speaker-labels`: a caption whose speaker differs from the caption before it starts with
/// the speaker's name (`Ana: …`), written as the file gives it. The name is a word of the
/// caption that a look never makes the spoken one (`Word.isLabel`).
enum SpeakerLabels {
    /// `captions` (in time order) with a label before each change of speaker.
    static func labelled(_ captions: [Caption]) -> [Caption] {
        var previous: String?
        return captions.map { caption in
            defer { previous = caption.speaker }
            guard let speaker = caption.speaker, !speaker.isEmpty, speaker != previous else { return caption }
            var labelled = caption
            // Chinese and Japanese text takes the full-width colon, with no space after it.
            let language = caption.language.map(LanguageTag.init) ?? LanguageTag.guess(from: caption.text)
            let label = Self.label(speaker, tag: language)
            labelled.text = label + (Self.fullWidth(language) ? "" : " ") + caption.text
            if !caption.words.isEmpty {
                labelled.words.insert(
                    Word(text: label, start: caption.start, end: caption.start, estimated: true, isLabel: true), at: 0)
            }
            return labelled
        }
    }

    /// The label of `speaker` in text of `language` (BCP 47; nil: unknown).
    static func label(_ speaker: String, language: String?) -> String {
        label(speaker, tag: language.map(LanguageTag.init))
    }

    private static func label(_ speaker: String, tag: LanguageTag?) -> String {
        speaker + (fullWidth(tag) ? "：" : ":")
    }

    private static func fullWidth(_ language: LanguageTag?) -> Bool {
        ["zh", "ja", "yue"].contains(language?.language ?? "")
    }
}
