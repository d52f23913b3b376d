/// The columns of each row where an alpha mask is not zero, as runs, so blending skips the
/// transparent parts of a caption's box (between letters, above and below the lines).
struct AlphaRuns: Sendable {
    private var rows: [[Int32]]  // per row: start, end (exclusive) of each run

    init(_ alpha: [UInt8], width: Int, height: Int) {
        rows = (0..<height).map { Self.runs(alpha, row: $0, width: width) }
    }

    /// Finds the runs of `rows` again after the mask changed there.
    mutating func update(_ alpha: [UInt8], rows changed: Range<Int>, width: Int) {
        for row in changed.clamped(to: 0..<rows.count) { rows[row] = Self.runs(alpha, row: row, width: width) }
    }

    /// The runs of one row of `alpha`.
    private static func runs(_ alpha: [UInt8], row: Int, width: Int) -> [Int32] {
        var bounds: [Int32] = []
        alpha.withUnsafeBufferPointer { all in
            let values = UnsafeBufferPointer(rebasing: all[(row * width)..<(row * width + width)])
            var column = 0
            while column < width {
                while column < width && values[column] == 0 { column &+= 1 }
                let start = column
                while column < width && values[column] != 0 { column &+= 1 }
                if column > start { bounds += [Int32(start), Int32(column)] }
            }
        }
        return bounds
    }

    /// Calls `body(start, end)` for each run of `row`, clipped to `left..<right`.
    @inline(__always)
    func forEach(row: Int, left: Int, right: Int, _ body: (Int, Int) -> Void) {
        let bounds = rows[row]
        for run in 0..<(bounds.count / 2) {
            let start = max(left, Int(bounds[2 * run]))
            let end = min(right, Int(bounds[2 * run + 1]))
            if start < end { body(start, end) }
        }
    }
}
