/// How speech is recognized: the model, how it runs, and when a detected language is trusted.
/// Everything here but `threads` changes the transcript (and so keys the transcript cache).
public struct RecognitionSettings: Sendable, Equatable, Hashable {
    /// The model the defaults use (installed by `scripts/setup.sh`).
    public static let defaultModel = "base"
    /// The least probability of a detected language that is burned without `--language`:
    /// measured on our test speech (docs/RECOGNIZER.md). // 0...1
    public static let defaultLanguageThreshold = 0.6

    /// A model name (`base`, `tiny.en`, an installed or cached one, or a hub name) or a folder.
    public var model: String
    /// CTranslate2's compute type: int8 on a CPU by default.
    public var computeType: String
    /// The language spoken (BCP-47); nil: detected, stretch by stretch.
    public var language: String?
    /// The languages detection chooses among (Whisper's codes, `--language auto:en,fr`): the
    /// likeliest of them is taken whatever its probability; nil: any language.
    public var languages: [String]?
    /// Below this probability a detected language is not trusted. // 0...1
    public var languageThreshold: Double
    /// The engine's threads; nil: one per core.
    public var threads: Int?
    /// Voice activity detection: silence, music and noise are not recognized.
    public var voiceActivityDetection: Bool
    /// Laughter or a sound alone is shown as a tag (`[laughter]`, `[music]`), not left out.
    public var soundTags = false
    /// Windows of 30 s the language detection looks at when the first is not conclusive.
    public var detectionWindows: Int

    public init(
        model: String = Self.defaultModel, computeType: String = "int8", language: String? = nil, languages: [String]? = nil,
        languageThreshold: Double = Self.defaultLanguageThreshold, threads: Int? = nil, voiceActivityDetection: Bool = true,
        detectionWindows: Int = 3
    ) {
        (self.model, self.computeType, self.language, self.languageThreshold) = (model, computeType, language, languageThreshold)
        self.languages = languages
        (self.threads, self.voiceActivityDetection, self.detectionWindows) = (threads, voiceActivityDetection, detectionWindows)
    }
}
