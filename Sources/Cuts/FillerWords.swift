import Files
import Foundation

/// The filler words of each language, as data (`Presets/rules/fillers.json`): non-lexical
/// hesitations, lexical fillers (cut only when asked for, and only set off by commas), words
/// a speaker doubles on purpose, which are never taken for a restart, and words a recognizer
/// writes for a hesitation it heard (cut only where their sound is held as a hesitation's).
public struct FillerWords: Sendable, Equatable {
    /// One language's lists, as comparison keys (`SpokenWord.key`).
    public struct Language: Sendable, Equatable, Decodable {
        public var fillers: [String]
        public var lexical: [String]
        public var doubled: [String]
        /// What a recognizer writes for a held hesitation (Whisper's "a" for an "uh", "M" for
        /// an "ummm"): a filler only where its sound is held (`FillerCuts`).
        public var misheard: [String]

        public init(fillers: [String], lexical: [String], doubled: [String], misheard: [String] = []) {
            (self.fillers, self.lexical, self.doubled, self.misheard) = (fillers, lexical, doubled, misheard)
        }

        private enum CodingKeys: String, CodingKey { case fillers, lexical, doubled, misheard }

        public init(from decoder: any Decoder) throws {
            let fields = try decoder.container(keyedBy: CodingKeys.self)
            try self.init(
                fillers: fields.decode([String].self, forKey: .fillers), lexical: fields.decode([String].self, forKey: .lexical),
                doubled: fields.decode([String].self, forKey: .doubled),
                misheard: fields.decodeIfPresent([String].self, forKey: .misheard) ?? [])
        }
    }

    /// By primary language subtag (`en`).
    public var languages: [String: Language]

    public init(languages: [String: Language]) { self.languages = languages }

    private struct File: Decodable { var languages: [String: Language] }

    /// The table in `file`; errors name the file and the field.
    public init(file: URL) throws {
        guard let data = FileManager.default.contents(atPath: file.path) else {
            throw CutError.file(file.path, "cannot read the filler words")
        }
        do {
            let read = try JSONDecoder().decode(File.self, from: data)
            languages = read.languages.mapValues { language in
                Language(
                    fillers: language.fillers.map { SpokenWord.key($0) }, lexical: language.lexical.map { SpokenWord.key($0) },
                    doubled: language.doubled.map { SpokenWord.key($0) }, misheard: language.misheard.map { SpokenWord.key($0) })
            }
        } catch let error as DecodingError {
            throw CutError.file(file.path, DecodingProblem(error).description)
        }
    }

    /// The lists of `language` (BCP-47; nil or unknown: English's, the recognizer's default).
    public func lists(for language: String?) -> Language {
        let primary = language.map { String($0.lowercased().split(separator: "-").first ?? "") } ?? "en"
        return languages[primary] ?? languages["en"] ?? Language(fillers: [], lexical: [], doubled: [])
    }

    /// Whether `key` is a non-lexical filler of `lists`, a lengthened spelling included
    /// ("ummm" is "um", "uhhh" is "uh").
    static func isFiller(_ key: String, in lists: Language) -> Bool {
        guard !key.isEmpty else { return false }
        if lists.fillers.contains(key) { return true }
        var squeezed = ""
        for c in key where squeezed.last != c { squeezed.append(c) }
        return lists.fillers.contains(squeezed)
    }
}
