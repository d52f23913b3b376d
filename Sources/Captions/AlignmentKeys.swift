/// How well a cue's word (or a few of them) and a recognized word (or a few) agree, in forced
/// alignment, with what pairing them costs. Leaving a word unpaired costs 1, so two different
/// words (a substitution that is no mishearing) cost as much as leaving both out: they are
/// not paired, and the cue word lies between its paired neighbours.
enum WordMatch: Sendable, Equatable {
    /// The same comparison key (`Don't`, `don’t`), or the same keys run together (`5%` and
    /// `5` `%`, `10:30` and `10` `.30`, `cannot` and `can` `not`).
    case exact
    /// Keys a third or less apart by edit distance (`colour`, `color`): a misheard word.
    case similar
    /// Both numbers, written in digits or in words (`25%` and `twenty five percent`).
    case number

    /// What pairing costs: far less than leaving both words out.
    var cost: Double {
        switch self {
        case .exact: 0
        case .similar: 0.5
        case .number: 0.6
        }
    }

    /// The cost of each word beyond one a side in a pair of several words.
    static let groupCost = 0.1
}

/// The comparison keys of a forced alignment, each stored once: its characters (as scalars)
/// and whether it is a number (`NumberWords`).
struct AlignmentKeys {
    private var ids: [String: Int] = [:]
    private(set) var scalars: [[Unicode.Scalar]] = []
    private(set) var isNumber: [Bool] = []
    private(set) var hasDigit: [Bool] = []
    let vocabulary: NumberWords.Vocabulary

    init(language: String?) { vocabulary = NumberWords.Vocabulary(language: language) }

    /// The id of `key` (not empty), stored when new.
    mutating func id(_ key: String) -> Int {
        if let id = ids[key] { return id }
        let id = scalars.count
        ids[key] = id
        scalars.append(Array(key.unicodeScalars))
        isNumber.append(vocabulary.isNumber(key))
        hasDigit.append(key.contains(where: NumberParts.isDigit))
        return id
    }

    /// How one key pairs with another; nil for different words.
    func match(_ a: Int, _ b: Int) -> WordMatch? {
        if a == b { return .exact }
        if isNumber[a] && isNumber[b] { return .number }
        return similar(scalars[a], scalars[b]) ? .similar : nil
    }

    /// How one key pairs with several, or several with one: the keys run together are the
    /// same, or the one is a number in digits and the several are numbers (`25` and `twenty`
    /// `five`; not `one` and `one` `one`); nil when neither.
    func match(_ a: ArraySlice<Int>, _ b: ArraySlice<Int>) -> WordMatch? {
        if a.count == 1 && b.count == 1 { return match(a[a.startIndex], b[b.startIndex]) }
        var lengthA = 0
        var lengthB = 0
        for k in a { lengthA += scalars[k].count }
        for k in b { lengthB += scalars[k].count }
        if lengthA == lengthB && a.flatMap({ scalars[$0] }) == b.flatMap({ scalars[$0] }) { return .exact }
        let (one, several) = a.count == 1 ? (a, b) : (b, a)
        guard one.count == 1, hasDigit[one[one.startIndex]], isNumber[one[one.startIndex]] else { return nil }
        for k in several where !isNumber[k] { return nil }
        return .number
    }

    /// What a pair of `cue` and `heard` keys costs, nil when they cannot pair.
    func cost(_ cue: ArraySlice<Int>, _ heard: ArraySlice<Int>) -> Double? {
        guard let match = match(cue, heard) else { return nil }
        return match.cost + WordMatch.groupCost * Double(cue.count + heard.count - 2)
    }

    /// Whether two different keys are at most a third of the longer one's length apart
    /// (Levenshtein distance, at least one character allowed from three characters on).
    func similar(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Bool {
        let limit = max(a.count, b.count) / 3
        guard limit > 0, abs(a.count - b.count) <= limit else { return false }
        // Two rows of the distance table, side by side in one scratch buffer.
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * (b.count + 1)) { buffer in
            var previous = 0
            var current = b.count + 1
            for j in 0...b.count { buffer[j] = j }
            for i in 1...a.count {
                buffer[current] = i
                var rowBest = i
                for j in 1...b.count {
                    let substitution = buffer[previous + j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                    buffer[current + j] = min(substitution, buffer[previous + j] + 1, buffer[current + j - 1] + 1)
                    rowBest = min(rowBest, buffer[current + j])
                }
                if rowBest > limit { return false }
                swap(&previous, &current)
            }
            return buffer[previous + b.count] <= limit
        }
    }
}
