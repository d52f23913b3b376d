/// How good a place between two tokens is to end a caption, strongest first: the one ranking
/// of every gap between words that `CaptionSegmenter` chooses cuts by. A sentence end and a
/// pause of `longPause` or more always end a caption (a pause after too short a piece is
/// the one exception, see `CaptionSegmenter`); then a shorter pause, a clause end (a comma,
/// a CJK soft break), a phrase boundary (before a conjunction or a preposition), a free
/// break, one after a number before the word it counts, and last a break inside a phrase
/// (after a bound word, before a particle, between an adjective and its noun, inside a bound
/// pair), where a shorter pause is a hesitation and changes nothing.
public enum BreakRank: Sendable, Equatable {
    /// After a full stop, `?` or `!`.
    case sentenceEnd
    /// A silence of at least `longPause` between the words. // seconds
    case longPause(Double)
    /// A silence of at least `shortPause`, shorter than `longPause`. // seconds
    case pause(Double)
    /// After a comma, semicolon or colon, or a CJK soft break.
    case clauseEnd
    /// Before a conjunction or a preposition.
    case phraseBoundary
    /// Nothing known of the place.
    case free
    /// After a number and before a word in lower case, which it most often counts or
    /// measures (`5 | new features`, `20 | dollars`).
    case afterNumber
    /// Inside a phrase: the boundary the tables name, or a bound pair (`iPhone | 15`).
    case insidePhrase(PhraseBoundary)
    /// No caption may end here: inside a timed word's CJK pieces or a dictionary word, after a
    /// one-letter word that goes with the next (Polish, Czech, Slovak), or inside a word a word
    /// limit counts once.
    case never

    /// The classes of words that stand before a noun.
    static let prenominal: Set<PhraseTable.WordClass> = [.article, .determiner, .possessive, .adjective, .classifier]

    /// A silence this long or longer always ends a caption. // seconds
    public static let longPause = 0.7
    /// A silence this long or longer is a pause, a better break than a comma. // seconds
    public static let shortPause = 0.25

    /// Whether a caption must end here.
    public var isForced: Bool {
        switch self {
        case .sentenceEnd, .longPause: return true
        default: return false
        }
    }

    /// What ending a caption here costs, on the scale of `CaptionSegmenter`'s captions (one
    /// more caption costs `CaptionSegmenter.captionCost`): each rank costs more than any of the
    /// ranks before it, whatever the pause; a break inside a phrase costs more than two more
    /// captions cut at free places, so it is taken only when nothing else fits; nil where no
    /// caption may end.
    public var cost: Double? {
        switch self {
        case .sentenceEnd, .longPause: return 0
        case .pause(let seconds): return 0.2 + 0.3 * max(0, BreakRank.longPause - seconds) / BreakRank.longPause
        case .clauseEnd: return 0.65
        case .phraseBoundary: return 1.3
        case .free: return 1.4
        case .afterNumber: return 1.8
        case .insidePhrase(let boundary):
            switch boundary {
            // A word before its noun (`the`, `my`, `new` | `model`) costs most, more than two
            // more captions with a bound word at their ends: a word limit ends a caption on
            // `When` before it ends one on `the new`.
            case .insideNounPhrase: return 12
            case .afterBound(_, let wordClass) where BreakRank.prenominal.contains(wordClass): return 12
            default: return 7.0
            }
        case .never: return nil
        }
    }

    /// The rank of a place with `silence` seconds between the words (0 for a hand-timed
    /// cue's spread words), after `before` and before `after`, with `boundary` from the
    /// phrase tables and `boundPair` when the two words form one (`12 km`).
    static func rank(
        after before: Token, before after: Token, silence: Double, boundary: PhraseBoundary, boundPair: Bool
    ) -> BreakRank {
        if before.endsSentence { return .sentenceEnd }
        if silence >= longPause - 1e-9 { return .longPause(silence) }
        // A shorter pause inside a phrase (`the … new model`) is a hesitation.
        if boundary.isBound && !before.endsClause { return .insidePhrase(boundary) }
        if silence >= shortPause - 1e-9 { return .pause(silence) }
        if before.endsClause { return .clauseEnd }
        if before.isCJK && after.isCJK && after.spaceBefore { return .clauseEnd }
        if boundPair { return .insidePhrase(.free) }
        if case .beforeOpener = boundary { return .phraseBoundary }
        if before.trailing.isEmpty, before.text.unicodeScalars.contains(where: { $0.properties.numericType != nil }),
            after.leading.isEmpty, after.text.first?.isLowercase == true
        {
            return .afterNumber
        }
        return .free
    }
}
