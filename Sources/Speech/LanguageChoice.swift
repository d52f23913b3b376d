/// The language speech is recognized and captioned in: the one the user gave, else the one
/// the engine detected when its probability reaches the threshold. A guess below it is never
/// burned: it fails, naming the likeliest candidates (`RecognitionError.uncertainLanguage`).
/// Detection among some languages (`--language auto:en,fr`) takes the likeliest of them with
/// no threshold, unless the engine found none of them plausible (`implausibleLanguages`).
public enum LanguageChoice {
    /// Whisper's codes that are not BCP-47 (Javanese is `jv`).
    static let whisperCodes = ["jw": "jv"]

    /// The language of `guess` under `settings`, as a BCP-47 tag; nil when the engine said none.
    /// `transcribed` is false when the engine stopped after detection (a doubtful language).
    public static func language(_ guess: LanguageGuess?, settings: RecognitionSettings, transcribed: Bool = true) throws(RecognitionError)
        -> String?
    {
        if let given = settings.language { return given }
        guard let guess else { return nil }
        if let among = settings.languages {
            guard transcribed else { throw .implausibleLanguages(guess, among: among) }
            try check(guess.language, among: among, what: "the language it detected")
            return tag(guess.language)
        }
        guard guess.probability >= settings.languageThreshold, transcribed else {
            throw .uncertainLanguage(guess, threshold: settings.languageThreshold)
        }
        return tag(guess.language)
    }

    /// The language of a segment the engine says is in `code` (Whisper's; nil: it does not
    /// say), where the recording's is `recording`: the one given when the user gave one.
    static func language(ofSegment code: String?, at seconds: Double, recording: String?, settings: RecognitionSettings)
        throws(RecognitionError) -> String?
    {
        guard settings.language == nil, let code else { return recording }
        if let among = settings.languages {
            try check(code, among: among, what: String(format: "the segment at %.2f s", seconds))
        }
        return tag(code)
    }

    /// An engine error unless `code` is one of `among`, the languages asked for.
    private static func check(_ code: String, among: [String], what: String) throws(RecognitionError) {
        guard !among.contains(code) else { return }
        throw .engine(
            "the speech recognizer broke its protocol: \(what) is in \(code), not one of the languages asked for (\(among.joined(separator: ", ")))")
    }

    /// The BCP-47 tag of a Whisper language code.
    public static func tag(_ code: String) -> String { whisperCodes[code] ?? code }
}
