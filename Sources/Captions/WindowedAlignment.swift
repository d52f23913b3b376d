/// The edit-distance alignment of forced alignment: a cue's words (in time order, the whole
/// file's) against recognized words (by start), with insertions, deletions and substitutions
/// of alike words (`WordMatch` costs), and pairs of up to three words to one where the recognizer split or
/// joined what the cue writes. A cue word pairs only with a recognized word inside its cue's
/// time window, and the cells computed follow those windows, so the work grows with the
/// words times the words of about two cues, not with the square of the file. // O(n × window)
struct WindowedAlignment {
    /// One step of the alignment, in order.
    enum Step: Equatable {
        case pair(cue: Range<Int>, heard: Range<Int>)
        case cueOnly(Int)
        case heardOnly(Int)
    }

    /// The cue words' keys (`AlignmentKeys` ids), in time order.
    var cueKeys: [Int]
    /// The cue of each cue word: only words of one cue pair with one recognized word together.
    var cueOf: [Int]
    /// Per cue word, the recognized words (indices) whose start is inside its cue's window.
    var windows: [Range<Int>]
    /// Per cue word, its cue's time. // seconds
    var cueTimes: [ClosedRange<Double>]
    /// How far past its cue's end a recognized word may end and still pair with it. // seconds
    var tolerance: Double
    /// Per cue word, where its cue's length puts it (its evenly spread start). // seconds
    var cueStarts: [Double]
    /// The recognized words' keys, by start.
    var heardKeys: [Int]
    /// The recognized words' starts and ends. // seconds
    var heardStarts: [Double]
    var heardEnds: [Double]
    var keys: AlignmentKeys

    /// What a pair costs at most for lying far from where the cue's length puts its word: it
    /// only chooses between pairs that cost the same otherwise (which of two `the` was heard).
    static let driftCost = 0.02
    /// The distance at which that cost is whole. // seconds
    static let driftSeconds = 5.0
    /// What a pair costs more when the recognized words lie wholly outside the cue (in part:
    /// that share of it): the cue word could not take their times, so a pair inside the cue,
    /// or one with the next cue, is better; still less than leaving both words unpaired.
    static let outsideCost = 0.9

    /// The pairs tried, as (cue words, recognized words).
    static let shapes: [(cue: Int, heard: Int)] = [(1, 1), (1, 2), (1, 3), (2, 1), (3, 1)]

    /// The cheapest alignment, in order.
    func steps() -> [Step] {
        let n = cueKeys.count
        let m = heardKeys.count
        guard n > 0, m > 0 else { return (0..<n).map(Step.cueOnly) + (0..<m).map(Step.heardOnly) }
        let (low, high) = bands()
        let infinity = Double.infinity
        // Costs of the last four rows (a pair spans up to three); moves of all.
        var rows = [[Double]](repeating: [], count: 4)
        var moves: [[UInt8]] = []
        moves.reserveCapacity(n + 1)
        for i in 0...n {
            let lo = low[i]
            let hi = high[i]
            var row = [Double](repeating: infinity, count: hi - lo + 1)
            var rowMoves = [UInt8](repeating: 0, count: hi - lo + 1)
            let previous = i > 0 ? rows[(i - 1) % 4] : []
            for j in lo...hi {
                if i == 0 && j == 0 {
                    row[0] = 0
                    continue
                }
                var best = infinity
                var move: UInt8 = 0
                if j > lo, row[j - 1 - lo] + 1 < best {
                    best = row[j - 1 - lo] + 1
                    move = 1
                }
                if i > 0, j >= low[i - 1], j <= high[i - 1], previous[j - low[i - 1]] + 1 < best {
                    best = previous[j - low[i - 1]] + 1
                    move = 2
                }
                // Pairs: only recognized words inside the window of the cue word before.
                guard i > 0, j > windows[i - 1].lowerBound, j <= windows[i - 1].upperBound else {
                    row[j - lo] = best
                    rowMoves[j - lo] = move
                    continue
                }
                for s in 0..<Self.shapes.count {
                    let (a, b) = Self.shapes[s]
                    let r = i - a
                    let k = j - b
                    guard r >= 0, k >= windows[i - 1].lowerBound, k >= low[r], k <= high[r] else { continue }
                    let from = rows[r % 4][k - low[r]]
                    guard from < best, let cost = pairCost(cue: r..<i, heard: k..<j), from + cost < best else { continue }
                    best = from + cost
                    move = 3 + UInt8(s)
                }
                row[j - lo] = best
                rowMoves[j - lo] = move
            }
            rows[i % 4] = row
            moves.append(rowMoves)
        }
        return backtrack(moves, low: low, n: n, m: m)
    }

    /// The steps from the end back to the start, put in order.
    private func backtrack(_ moves: [[UInt8]], low: [Int], n: Int, m: Int) -> [Step] {
        var steps: [Step] = []
        var i = n
        var j = m
        while i > 0 || j > 0 {
            let move = moves[i][j - low[i]]
            switch move {
            case 1:
                steps.append(.heardOnly(j - 1))
                j -= 1
            case 2:
                steps.append(.cueOnly(i - 1))
                i -= 1
            case 3...:
                let shape = Self.shapes[Int(move - 3)]
                let cue = (i - shape.cue)..<i
                let heard = (j - shape.heard)..<j
                steps.append(.pair(cue: cue, heard: heard))
                i -= shape.cue
                j -= shape.heard
            default:
                // Unreachable by construction (every cell but the first has a move); end cleanly.
                steps += (0..<j).reversed().map(Step.heardOnly) + (0..<i).reversed().map(Step.cueOnly)
                i = 0
                j = 0
            }
        }
        return steps.reversed()
    }

    /// What pairing the cue words `cue` (of one cue) with the recognized words `heard` costs;
    /// nil when a recognized word is outside the cue's window or the words cannot pair.
    private func pairCost(cue: Range<Int>, heard: Range<Int>) -> Double? {
        let last = cue.upperBound - 1
        let time = cueTimes[last]
        guard cueOf[cue.lowerBound] == cueOf[last] else { return nil }
        let start = heardStarts[heard.lowerBound]
        var end = start
        for k in heard {
            guard heardEnds[k] <= time.upperBound + tolerance else { return nil }
            end = max(end, heardEnds[k])
        }
        guard let cost = keys.cost(cueKeys[cue], heardKeys[heard]) else { return nil }
        let inside = max(0, min(end, time.upperBound) - max(start, time.lowerBound))
        let outside = end > start ? 1 - inside / (end - start) : time.contains(start) ? 0 : 1
        let drift = abs(start - cueStarts[cue.lowerBound])
        return cost + Self.outsideCost * outside + Self.driftCost * min(1, drift / Self.driftSeconds)
    }

    /// The columns computed in each row (row i: the first i cue words aligned), inclusive: from
    /// the window start of the last cue word aligned to the window end of the next one, never
    /// going back, so that consecutive rows share a column and every pair allowed lies inside.
    func bands() -> (low: [Int], high: [Int]) {
        let n = cueKeys.count
        var low = [Int](repeating: 0, count: n + 1)
        var high = [Int](repeating: heardKeys.count, count: n + 1)
        for i in 0...n {
            low[i] = i == 0 ? 0 : max(low[i - 1], windows[i - 1].lowerBound)
            high[i] = i == n ? heardKeys.count : max(i == 0 ? 0 : high[i - 1], windows[i].upperBound)
            high[i] = max(high[i], low[i])
        }
        return (low, high)
    }
}
