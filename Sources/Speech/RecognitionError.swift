/// Why speech could not be recognized, worded for the user: each names what it was given and
/// what to do.
public enum RecognitionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The input has no audio stream to recognize.
    case noAudio(file: String)
    /// The recognizer is not installed where it is looked for.
    case engineMissing(searched: [String])
    /// The model is not found, or is incomplete or corrupt.
    case model(String)
    /// The engine failed, crashed or broke the protocol.
    case engine(String)
    /// The decoded audio could not be kept for the engine (a full temporary folder).
    case audio(String)
    /// The detected language is not trusted: the likeliest candidates, best first.
    case uncertainLanguage(LanguageGuess, threshold: Double)
    /// None of the languages detection was limited to (`--language auto:en,fr`) is plausible.
    case implausibleLanguages(LanguageGuess, among: [String])
    /// SIGINT or SIGTERM (or a caller) stopped it.
    case cancelled

    /// What `scripts/setup.sh` installs, said in every message about a missing piece.
    static let setupHint = "run scripts/setup.sh (or make demo) to install the recognizer and its models"

    public var description: String {
        switch self {
        case .noAudio(let file): return "\(file): no audio stream to recognize speech in"
        case .engineMissing(let searched):
            return "the speech recognizer is not installed (looked for \(searched.joined(separator: ", "))); \(Self.setupHint)"
        case .model(let message), .engine(let message), .audio(let message): return message
        case .uncertainLanguage(let guess, let threshold):
            let candidates = ([LanguageGuess.Candidate(language: guess.language, probability: guess.probability)] + guess.candidates)
                .reduce(into: [LanguageGuess.Candidate]()) { list, candidate in
                    if !list.contains(where: { $0.language == candidate.language }) { list.append(candidate) }
                }
                .prefix(3)
                .map { "\($0.language) \(String(format: "%.2f", $0.probability))" }
            return "the spoken language is not clear (\(candidates.joined(separator: ", ")); "
                + "below \(String(format: "%.2f", threshold))): say it with --language TAG, "
                + "or accept the guess with --language-threshold"
        case .implausibleLanguages(let guess, let among):
            let likeliest = guess.candidates.prefix(3).map { "\($0.language) \(String(format: "%.2f", $0.probability))" }
            return "none of the languages asked for (\(among.joined(separator: ", "))) is spoken, as far as detection tells "
                + "(likeliest: \(likeliest.joined(separator: ", "))): give the language with --language TAG, "
                + "or others with --language auto:LIST"
        case .cancelled: return "speech recognition cancelled"
        }
    }
}
