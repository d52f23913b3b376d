/// Something a cut plan takes out between the words it keeps: recognized words (a filler, a
/// restart's first saying, an earlier take) or a filler heard where no word was recognized.
struct RemovedSpeech: Sendable, Equatable {
    var start: Double  // seconds
    var end: Double  // seconds
    var reason: CutReason
    /// The words' indices among the spoken words (none for a filler only heard).
    var words: [Int]
    var text: String?
    var sentence: Int?

    /// The words `indices` of `words`, taken out for `reason`.
    init(_ indices: [Int], of words: [SpokenWord], reason: CutReason, sentence: Int? = nil) {
        start = indices.map { words[$0].start }.min() ?? 0
        end = indices.map { words[$0].end }.max() ?? 0
        self.reason = reason
        self.words = indices
        text = indices.map { words[$0].text }.joined(separator: " ")
        self.sentence = sentence
    }

    /// A sound with no recognized word, taken out for `reason`.
    init(heard start: Double, end: Double, reason: CutReason) {
        (self.start, self.end, self.reason, words, text, sentence) = (start, end, reason, [], nil, nil)
    }
}

/// The longest common subsequence of two key lists, by length: how many words two sayings share in order.
enum CommonWords {
    static func count(_ a: [String], _ b: [String]) -> Int {
        guard !a.isEmpty, !b.isEmpty else { return 0 }
        var previous = [Int](repeating: 0, count: b.count + 1)
        var row = previous
        for x in a {
            for (j, y) in b.enumerated() { row[j + 1] = x == y ? previous[j] + 1 : max(previous[j + 1], row[j]) }
            swap(&previous, &row)
        }
        return previous[b.count]
    }

    /// How alike two sayings are, 0...1: the words they share in order against their mean length (Dice).
    static func similarity(_ a: [String], _ b: [String]) -> Double {
        a.isEmpty && b.isEmpty ? 1 : 2 * Double(count(a, b)) / Double(a.count + b.count)
    }

    /// Whether `a` is `b` begun and left off: `a` starts as `b` does and (but for its last
    /// word, which a speaker often breaks off) at least 80% of its words are `b`'s, in order.
    static func isBeginning(_ a: [String], of b: [String]) -> Bool {
        guard let first = a.first, first == b.first, a.count < b.count else { return false }
        let whole = Double(count(a, b)) >= 0.8 * Double(a.count)
        let broken = a.count >= 3 && Double(count(Array(a.dropLast()), b)) >= 0.8 * Double(a.count - 1)
        return whole || broken
    }
}
