/// The language speech is recognized and captioned in: the one the user gave, else the one
/// the engine detected when its probability reaches the threshold. A guess below it is never
/// burned: it fails, naming the likeliest candidates (`RecognitionError.uncertainLanguage`).
public enum LanguageChoice {
    /// Whisper's codes that are not BCP-47 (Javanese is `jv`).
    static let whisperCodes = ["jw": "jv"]

    /// The language of `guess` under `settings`, as a BCP-47 tag; nil when the engine said none.
    public static func language(_ guess: LanguageGuess?, settings: RecognitionSettings) throws(RecognitionError) -> String? {
        if let given = settings.language { return given }
        guard let guess else { return nil }
        guard guess.probability >= settings.languageThreshold else {
            throw .uncertainLanguage(guess, threshold: settings.languageThreshold)
        }
        return tag(guess.language)
    }

    /// The BCP-47 tag of a Whisper language code.
    public static func tag(_ code: String) -> String { whisperCodes[code] ?? code }
}
