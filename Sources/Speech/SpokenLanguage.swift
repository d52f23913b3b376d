/// `--language auto[:LIST]`: the spoken language detected stretch by stretch (`auto`), among
/// some languages only (`auto:en,fr`), rather than one language given.
public enum SpokenLanguage {
    /// The prefix of a `--language` value that asks for detection.
    public static let auto = "auto"

    /// Whether `value` asks for detection (`auto`, `auto:LIST`) rather than naming a language.
    public static func isDetection(_ value: String) -> Bool {
        value == auto || value.hasPrefix(auto + ":")
    }

    /// The languages (Whisper's codes) the detection `value` asks for is limited to; nil for
    /// `auto` (any). The list is comma-separated languages Whisper knows, as BCP-47 tags
    /// (`pt-BR` counts as `pt`), each once.
    public static func among(_ value: String) throws(SpokenLanguageProblem) -> [String]? {
        guard value != auto else { return nil }
        guard isDetection(value) else { throw SpokenLanguageProblem("\(value) does not start with auto") }
        let list = value.dropFirst(auto.count + 1)
        if list.isEmpty { throw SpokenLanguageProblem("\(value) names no language (auto:en,fr detects among English and French)") }
        var codes: [String] = []
        for item in list.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
            if item.isEmpty { throw SpokenLanguageProblem("\(value) has an empty language (two commas, or one at an end)") }
            guard let code = WhisperLanguages.code(forTag: item) else {
                throw SpokenLanguageProblem("\(item) in \(value) is not a language the recognizer knows (Whisper's codes: en, fr, de, ja, zh, …)")
            }
            if codes.contains(code) { throw SpokenLanguageProblem("\(item) in \(value) names a language given before it") }
            codes.append(code)
        }
        return codes
    }
}

/// Why a `--language auto:…` value is refused, in one sentence.
public struct SpokenLanguageProblem: Error, Sendable, Equatable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
