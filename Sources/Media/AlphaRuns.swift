/// The columns of each row where an alpha mask is not zero, as runs, so blending skips the
/// transparent parts of a caption's box (between letters, above and below the lines).
struct AlphaRuns: Sendable {
    private var bounds: [Int32] = []  // start, end (exclusive) of each run, row after row
    private var rowFirst: [Int]  // index of each row's first run in `bounds` (pairs); height + 1 entries

    init(_ alpha: [UInt8], width: Int, height: Int) {
        rowFirst = [0]
        rowFirst.reserveCapacity(height + 1)
        for row in 0..<height {
            let base = row * width
            var column = 0
            while column < width {
                while column < width && alpha[base + column] == 0 { column += 1 }
                let start = column
                while column < width && alpha[base + column] != 0 { column += 1 }
                if column > start { bounds += [Int32(start), Int32(column)] }
            }
            rowFirst.append(bounds.count / 2)
        }
    }

    /// Calls `body(start, end)` for each run of `row`, clipped to `left..<right`.
    @inline(__always)
    func forEach(row: Int, left: Int, right: Int, _ body: (Int, Int) -> Void) {
        for run in rowFirst[row]..<rowFirst[row + 1] {
            let start = max(left, Int(bounds[2 * run]))
            let end = min(right, Int(bounds[2 * run + 1]))
            if start < end { body(start, end) }
        }
    }
}
