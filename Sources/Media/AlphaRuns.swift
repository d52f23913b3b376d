/// The columns of each row where an alpha mask is not zero, as runs, so blending skips the
/// transparent parts of a caption's box (between letters, above and below the lines).
struct AlphaRuns: Sendable {
    private var bounds: [Int32]  // start, end (exclusive) of each run, row after row
    private var rowStarts: [Int]  // where each row's runs begin in `bounds`; one more for the end

    init(_ alpha: [UInt8], width: Int, height: Int) {
        bounds = []
        rowStarts = [0]
        for row in 0..<height {
            Self.appendRuns(alpha, row: row, width: width, to: &bounds)
            rowStarts.append(bounds.count)
        }
    }

    /// Rows.
    var height: Int { rowStarts.count - 1 }

    /// Finds the runs of `rows` again after the mask changed there.
    mutating func update(_ alpha: [UInt8], rows changed: Range<Int>, width: Int) {
        replace(rows: changed) { row, _, runs in Self.appendRuns(alpha, row: row, width: width, to: &runs) }
    }

    /// Leaves `columns` of `rows` out of the runs.
    mutating func remove(columns: Range<Int>, rows changed: Range<Int>) {
        let cut = (Int32(columns.lowerBound), Int32(columns.upperBound))
        replace(rows: changed) { _, old, runs in
            for run in stride(from: old.startIndex, to: old.endIndex, by: 2) {
                let (start, end) = (old[run], old[run + 1])
                if start < min(end, cut.0) { runs.appendRun(start, min(end, cut.0)) }
                if max(start, cut.1) < end { runs.appendRun(max(start, cut.1), end) }
            }
        }
    }

    /// The runs with those of `rows` made again by `body(row, its runs before, runs)`, which
    /// appends the row's new runs to `runs`.
    private mutating func replace(rows changed: Range<Int>, _ body: (Int, ArraySlice<Int32>, inout [Int32]) -> Void) {
        let changed = changed.clamped(to: 0..<height)
        guard !changed.isEmpty else { return }
        var runs = Array(bounds[..<rowStarts[changed.lowerBound]])
        var starts = Array(rowStarts[...changed.lowerBound])
        for row in changed {
            body(row, bounds[rowStarts[row]..<rowStarts[row + 1]], &runs)
            starts.append(runs.count)
        }
        let shift = runs.count - rowStarts[changed.upperBound]
        runs += bounds[rowStarts[changed.upperBound]...]
        starts += rowStarts[(changed.upperBound + 1)...].map { $0 + shift }
        bounds = runs
        rowStarts = starts
    }

    /// Appends the runs of one row of `alpha` to `runs`.
    private static func appendRuns(_ alpha: [UInt8], row: Int, width: Int, to runs: inout [Int32]) {
        alpha.withUnsafeBufferPointer { all in
            let values = UnsafeBufferPointer(rebasing: all[(row * width)..<(row * width + width)])
            var column = 0
            while column < width {
                while column < width && values[column] == 0 { column &+= 1 }
                let start = column
                while column < width && values[column] != 0 { column &+= 1 }
                if column > start { runs.appendRun(Int32(start), Int32(column)) }
            }
        }
    }

    /// Calls `body(start, end)` for each run of `row`, clipped to `left..<right`.
    @inline(__always)
    func forEach(row: Int, left: Int, right: Int, _ body: (Int, Int) -> Void) {
        let first = rowStarts[row]
        let last = rowStarts[row + 1]
        bounds.withUnsafeBufferPointer { bounds in
            for run in stride(from: first, to: last, by: 2) {
                let start = max(left, Int(bounds[run]))
                let end = min(right, Int(bounds[run &+ 1]))
                if start < end { body(start, end) }
            }
        }
    }
}

extension Array<Int32> {
    /// Appends a run's start and end.
    fileprivate mutating func appendRun(_ start: Int32, _ end: Int32) {
        append(start)
        append(end)
    }
}
