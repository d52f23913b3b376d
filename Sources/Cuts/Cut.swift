/// One span of the input a cut plan takes out, or flags for a person to decide on.
public struct Cut: Sendable, Equatable {
    /// Where the span begins on the input's timeline. // seconds
    public var start: Double
    /// Where it ends. // seconds
    public var end: Double
    public var reason: CutReason
    /// Taken out of the render; false: flagged only (kept, for a person to decide on).
    public var isCut: Bool
    /// Why a span is flagged rather than cut; nil for a cut.
    public var flag: CutFlag?
    /// The sentence a retake is of, counted from 1 (in the script when one is given, else
    /// in the transcript).
    public var sentence: Int?
    /// The words the span holds, as recognized (a filler found by its sound: what it sounds like).
    public var text: String?

    public init(
        start: Double, end: Double, reason: CutReason, isCut: Bool = true, flag: CutFlag? = nil, sentence: Int? = nil,
        text: String? = nil
    ) {
        (self.start, self.end, self.reason, self.isCut) = (start, end, reason, isCut)
        (self.flag, self.sentence, self.text) = (flag, sentence, text)
    }

    /// The span's length. // seconds
    public var length: Double { end - start }

    /// What the span is, for a person: `pause`, `filler "um"`, `retake of sentence 4`.
    public var label: String {
        switch reason {
        case .retake: return "retake" + (sentence.map { " of sentence \($0)" } ?? "")
        case .filler, .restart: return reason.rawValue + (text.map { " \"\($0)\"" } ?? "")
        case .pause: return "pause"
        }
    }
}

/// Why a span is cut.
public enum CutReason: String, Sendable, Equatable, CaseIterable, Comparable {
    /// Silence shortened to the kept pause.
    case pause
    /// A non-lexical filler ("um", "uh"), recognized or heard between words; a lexical one
    /// ("you know") when asked for.
    case filler
    /// The first words of a phrase said again at once: the second saying is kept.
    case restart
    /// An earlier take of a sentence said again later: the last take is kept.
    case retake

    /// Which reason names a span that takes out things of several kinds: the weightiest.
    public static func < (a: CutReason, b: CutReason) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// Why a span that looks like a cut is only flagged.
public enum CutFlag: String, Sendable, Equatable, CaseIterable {
    /// An earlier take says the sentence in other words: which wording wins is the speaker's call.
    case reworded
    /// The span is longer than `CutSettings.longCut`: too much to take out unseen.
    case long
}
