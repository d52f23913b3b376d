/// A word of a live utterance as shown: committed words never change; a tentative word may be
/// replaced by the next item.
public struct LiveWord: Sendable, Equatable {
    /// Stable across items: a tentative word that is kept, or committed, keeps its id.
    public var id: Int
    public var text: String
    /// How words compare across items: lowercase letters, digits and attached symbols
    /// (`TimedToken.key`), so "developer," and "Developer" agree.
    public var key: String
}

/// What one speaker said from the first item of an utterance to its final.
public struct LiveUtterance: Sendable, Equatable {
    public var speaker: String?
    public var displayName: String?
    /// Only ever appended to.
    public var committed: [LiveWord] = []
    /// Replaced by every item.
    public var tentative: [LiveWord] = []
    /// Its final item came: it takes no more items.
    public var isFinal = false
}

/// What one item changed.
public struct LiveChange: Sendable, Equatable {
    /// The utterance the item refined (an index into `LiveTranscript.utterances`).
    public var utterance: Int
    /// The words it committed, in order, after those committed before.
    public var committed: [LiveWord]
    /// The utterance's tentative words now.
    public var tentative: [LiveWord]
    /// Tentative words that were shown and are gone (neither kept nor committed).
    public var erased: [LiveWord]
    /// Committed words the item says otherwise (they stay as shown).
    public var contradicted: Int
    /// Where `committed` begins among the item's own words (`LiveUpdate.words`).
    public var committedFrom = 0
}

/// Live captions as they are refined: per speaker one open utterance, whose words are either
/// committed (shown for good: never changed, never moved) or tentative (the last words of the
/// latest item, replaced by the next). Deterministic and pure: items in, changes out.
///
/// - A source that commits words itself (`LiveUpdate.committedCount`: a streaming
///   recognizer's local agreement) commits the first n words of each item.
/// - A source that only refines (a call SDK's partials, each the whole utterance so far) has a
///   word committed once two consecutive items agree on it (by key), unless it is among the
///   last `settledWords` words of the latest item: those are still being heard.
/// - A final commits all its words. Words already committed stay as they were shown (a comma
///   the final adds to a committed word is not shown); its words after them replace the
///   tentative tail, and tail words it drops are erased ("how are you and" then the final
///   "how are you?": "and" is erased).
/// - An item whose words disagree with committed ones (the source revised a word already
///   shown) leaves those words as shown and is counted (`contradictions`); its words are
///   matched to the committed ones by an edit-distance alignment of keys.
public struct LiveTranscript: Sendable, Equatable {
    /// The last words of a refining source's item that are never committed before its final.
    public static let settledWords = 2

    public private(set) var utterances: [LiveUtterance] = []
    /// Committed words in all utterances.
    public private(set) var committedWords = 0
    /// Tentative words that were shown and then erased.
    public private(set) var erasedWords = 0
    /// Committed words later items said otherwise, counted at each such item.
    public private(set) var contradictions = 0
    private var nextID = 0

    public init() {}

    /// Erased tentative words per committed word: how much the display flickered. 0 with no words.
    public var erasureRate: Double { committedWords == 0 ? 0 : Double(erasedWords) / Double(committedWords) }

    /// Applies one item to the open utterance of its speaker (a new one when there is none).
    public mutating func apply(_ update: LiveUpdate) -> LiveChange {
        let index = openUtterance(for: update)
        var utterance = utterances[index]
        if let name = update.displayName { utterance.displayName = name }
        let words = update.words
        let keys = words.map(TimedToken.key)
        // Where the committed words end among the item's words.
        let (end, differences) = Self.committedEnd(utterance.committed.map(\.key), in: keys)
        let rest = Array(zip(words[end...], keys[end...]))
        let settled: Int
        if update.isFinal {
            settled = rest.count
        } else if let count = update.committedCount {
            settled = min(rest.count, max(0, count - end))
        } else {
            let agreed = zip(utterance.tentative.map(\.key), rest.map(\.1)).prefix { $0 == $1 }.count
            settled = max(0, min(agreed, rest.count - Self.settledWords))
        }
        // The tentative words kept (paired in order by key) keep their ids; the rest are erased.
        let pairs = Self.commonSubsequence(utterance.tentative.map(\.key), rest.map(\.1))
        var idOf: [Int: Int] = [:]  // rest index -> id
        for (old, new) in pairs { idOf[new] = utterance.tentative[old].id }
        let keptOld = Set(pairs.map(\.0))
        let erased = utterance.tentative.indices.filter { !keptOld.contains($0) }.map { utterance.tentative[$0] }
        var made: [LiveWord] = []
        for (offset, (text, key)) in rest.enumerated() {
            made.append(LiveWord(id: idOf[offset] ?? takeID(), text: text, key: key))
        }
        let committed = Array(made.prefix(settled))
        utterance.committed += committed
        utterance.tentative = Array(made.dropFirst(settled))
        utterance.isFinal = update.isFinal
        utterances[index] = utterance
        committedWords += committed.count
        erasedWords += erased.count
        contradictions += differences
        return LiveChange(
            utterance: index, committed: committed, tentative: utterance.tentative, erased: erased, contradicted: differences,
            committedFrom: end)
    }

    /// Ends `speaker`'s open utterance where its committed words end (its source stopped
    /// before a final): the tentative words are erased. Nil when the speaker has none open.
    public mutating func close(speaker: String?) -> LiveChange? {
        guard let index = utterances.lastIndex(where: { $0.speaker == speaker && !$0.isFinal }) else { return nil }
        let erased = utterances[index].tentative
        utterances[index].tentative = []
        utterances[index].isFinal = true
        erasedWords += erased.count
        return LiveChange(utterance: index, committed: [], tentative: [], erased: erased, contradicted: 0)
    }

    private mutating func takeID() -> Int {
        defer { nextID += 1 }
        return nextID
    }

    /// The index of the speaker's open utterance, opened when the speaker has none.
    private mutating func openUtterance(for update: LiveUpdate) -> Int {
        if let open = utterances.lastIndex(where: { $0.speaker == update.speaker && !$0.isFinal }) { return open }
        utterances.append(LiveUtterance(speaker: update.speaker, displayName: update.displayName))
        return utterances.count - 1
    }

    /// How many of `keys` the committed words `committed` account for, and how many edits
    /// (a word changed, left out or added) that took: the prefix of `keys` the committed words
    /// align with at the least cost, the longest of those.
    static func committedEnd(_ committed: [String], in keys: [String]) -> (end: Int, differences: Int) {
        if keys.count >= committed.count && Array(keys.prefix(committed.count)) == committed {
            return (committed.count, 0)
        }
        // cost[i][j]: aligning committed[..<i] with keys[..<j].
        var cost = [[Int]](repeating: [Int](repeating: 0, count: keys.count + 1), count: committed.count + 1)
        for i in 0...committed.count { cost[i][0] = i }
        for j in 0...keys.count { cost[0][j] = j }
        if !committed.isEmpty && !keys.isEmpty {
            for i in 1...committed.count {
                for j in 1...keys.count {
                    let pair = cost[i - 1][j - 1] + (committed[i - 1] == keys[j - 1] ? 0 : 1)
                    cost[i][j] = min(pair, cost[i - 1][j] + 1, cost[i][j - 1] + 1)
                }
            }
        }
        let last = cost[committed.count]
        let least = last.min()!
        return (last.lastIndex(of: least)!, least)
    }

    /// The index pairs of a longest common subsequence of `a` and `b`, in order.
    static func commonSubsequence(_ a: [String], _ b: [String]) -> [(Int, Int)] {
        guard !a.isEmpty && !b.isEmpty else { return [] }
        var length = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                length[i][j] = a[i] == b[j] ? length[i + 1][j + 1] + 1 : max(length[i + 1][j], length[i][j + 1])
            }
        }
        var pairs: [(Int, Int)] = []
        var (i, j) = (0, 0)
        while i < a.count && j < b.count {
            if a[i] == b[j] {
                pairs.append((i, j))
                i += 1
                j += 1
            } else if length[i + 1][j] >= length[i][j + 1] {
                i += 1
            } else {
                j += 1
            }
        }
        return pairs
    }
}
