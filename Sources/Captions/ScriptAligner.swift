import Caching
import UnicodeText

/// Gives recognized captions the punctuation and character form of the script the speaker
/// read. Recognized tokens are aligned to script tokens by edit distance over keys that are
/// case-folded, punctuation-free, and with Traditional Chinese folded to Simplified (ICU
/// `Hant-Hans`). Timings always stay the recognizer's.
public final class ScriptAligner {
    private let fold: Transliterator?
    /// Chinese characters folded to Simplified, by character.
    private var foldCache = BoundedCache<Character, Character>(limit: 8192)

    /// Alignment never strays further than this from the diagonal. // tokens
    static let band = 128

    public init() { fold = Transliterator("Hant-Hans") }

    /// The comparison key of a token's text: lowercase, letters, digits and attached symbols
    /// (so `5%` and `5` differ), Simplified Chinese.
    public func key(_ text: String) -> String {
        var key = ""
        for c in text.lowercased() where c.isLetter || c.isNumber || Tokenizer.attachedSymbols.contains(c) {
            if Tokenizer.isCJK(c), let fold {
                if let cached = foldCache.value(for: c) {
                    key.append(cached)
                } else {
                    let folded = fold(String(c))
                    let result = folded.count == 1 ? folded.first! : c
                    foldCache.insert(result, for: c)
                    key.append(result)
                }
            } else {
                key.append(c)
            }
        }
        return key
    }

    /// `segments` (each a segment's timed tokens) with the script's punctuation and form:
    /// a token that matches the script takes the script's text and punctuation; one that the
    /// script words differently keeps its text and takes the script's punctuation; one the
    /// script lacks stays as recognized; script words that were not recognized give their
    /// closing punctuation to the token before them.
    public func align(_ segments: [[TimedToken]], script: String) -> [[TimedToken]] {
        let scriptTokens = Tokenizer.tokens(script)
        let recognized = segments.flatMap { $0 }
        guard !recognized.isEmpty, !scriptTokens.isEmpty else { return segments }
        let steps = Self.alignment(recognized.map { key($0.token.text) }, scriptTokens.map { key($0.text) })

        var output = recognized
        var lastOutput: Int?  // the recognized token before the current position
        for step in steps {
            switch step {
            case .pair(let r, let s, let same):
                let script = scriptTokens[s]
                if same { output[r].token.text = script.text }
                output[r].token.leading = script.leading
                output[r].token.trailing = script.trailing
                if same && script.isCJK == output[r].token.isCJK { output[r].token.spaceBefore = script.spaceBefore }
                lastOutput = r
            case .recognizedOnly(let r):
                lastOutput = r
            case .scriptOnly(let s):
                guard let r = lastOutput else { continue }
                let script = scriptTokens[s]
                if key(script.text).isEmpty {
                    // Punctuation standing alone in the script (`this — that`) follows the word before it.
                    output[r].token.trailing += (script.spaceBefore ? " " : "") + script.display
                } else if output[r].token.trailing.isEmpty {
                    output[r].token.trailing = script.trailing
                }
            }
        }
        // Back into segments of the same sizes.
        var result: [[TimedToken]] = []
        var index = 0
        for segment in segments {
            result.append(Array(output[index..<(index + segment.count)]))
            index += segment.count
        }
        return result
    }

    enum Step: Equatable {
        case pair(Int, Int, same: Bool)
        case recognizedOnly(Int)
        case scriptOnly(Int)
    }

    /// Edit-distance alignment of two key lists inside a band that follows the diagonal from
    /// (0, 0) to (n, m), in order. Costs keep two rows; moves one byte a cell. // O(n × band)
    static func alignment(_ a: [String], _ b: [String]) -> [Step] {
        let n = a.count
        let m = b.count
        let band = Self.band
        func low(_ i: Int) -> Int { max(0, i * m / max(1, n) - band) }
        func high(_ i: Int) -> Int { min(m, i * m / max(1, n) + band) }
        let infinity = Int.max / 2
        // moves[i][j - low(i)]: 0 diagonal, 1 from above (a only), 2 from left (b only).
        var moves: [[UInt8]] = []
        moves.reserveCapacity(n + 1)
        var previous: [Int] = []
        var previousLow = 0
        for i in 0...n {
            let lo = low(i)
            let hi = high(i)
            var row = [Int](repeating: infinity, count: hi - lo + 1)
            var rowMoves = [UInt8](repeating: 0, count: hi - lo + 1)
            func above(_ j: Int) -> Int {
                let k = j - previousLow
                return i > 0 && k >= 0 && k < previous.count ? previous[k] : infinity
            }
            for j in lo...hi {
                if i == 0 && j == 0 {
                    row[0] = 0
                    continue
                }
                var best = infinity
                var choice: UInt8 = 0
                if i > 0, j > 0, above(j - 1) < infinity {
                    best = above(j - 1) + (a[i - 1] == b[j - 1] ? 0 : 1)
                }
                if above(j) < infinity, above(j) + 1 < best {
                    best = above(j) + 1
                    choice = 1
                }
                if j > lo, row[j - 1 - lo] < infinity, row[j - 1 - lo] + 1 < best {
                    best = row[j - 1 - lo] + 1
                    choice = 2
                }
                row[j - lo] = best
                rowMoves[j - lo] = choice
            }
            moves.append(rowMoves)
            previous = row
            previousLow = lo
        }
        var steps: [Step] = []
        var i = n
        var j = m
        while i > 0 || j > 0 {
            let choice: UInt8 = i == 0 ? 2 : j == 0 ? 1 : moves[i][j - low(i)]
            switch choice {
            case 0:
                steps.append(.pair(i - 1, j - 1, same: a[i - 1] == b[j - 1]))
                i -= 1
                j -= 1
            case 1:
                steps.append(.recognizedOnly(i - 1))
                i -= 1
            default:
                steps.append(.scriptOnly(j - 1))
                j -= 1
            }
        }
        return steps.reversed()
    }
}
