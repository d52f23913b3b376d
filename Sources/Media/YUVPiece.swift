import Imaging

/// A rectangle of a `YUVOverlay`'s planes, in whole 2x2 blocks: luma and its alpha at full
/// resolution, premultiplied Cb and Cr at the frame's chroma resolution (one sample per block
/// in 4:2:0, two in 4:2:2, four in 4:4:4) with the mean alpha of the pixels each covers, and
/// the runs of each row where the piece shows (alpha not zero, and no later piece over it).
struct YUVPiece: Sendable {
    /// Columns and rows of 2x2 blocks, counted from the overlay's top-left corner.
    struct Blocks: Sendable, Equatable {
        var columns: Range<Int>
        var rows: Range<Int>

        /// Whether `other` lies inside.
        func contains(_ other: Blocks) -> Bool {
            columns.lowerBound <= other.columns.lowerBound && other.columns.upperBound <= columns.upperBound
                && rows.lowerBound <= other.rows.lowerBound && other.rows.upperBound <= rows.upperBound
        }
    }

    let blocks: Blocks
    private(set) var luma: [UInt16]  // premultiplied Y at the overlay's depth, lumaWidth per row
    private(set) var lumaAlpha: [UInt8]
    private(set) var cb: [UInt16]  // premultiplied, chromaWidth per row
    private(set) var cr: [UInt16]
    private(set) var chromaAlpha: [UInt8]  // mean alpha of the pixels of each chroma sample
    let chroma: ChromaLayout
    private(set) var lumaRuns: AlphaRuns
    private(set) var chromaRuns: AlphaRuns

    /// Luma samples per row.
    var lumaWidth: Int { 2 * blocks.columns.count }
    /// Chroma samples per row.
    var chromaWidth: Int { chroma.perBlock.columns * blocks.columns.count }

    /// `blocks` of `bitmap` converted, for an overlay whose top-left corner is at
    /// (`overlayX`, `overlayY`) frame pixels.
    init(
        _ bitmap: CaptionBitmap, overlayX: Int, overlayY: Int, blocks: Blocks, conversion: YUVConversion,
        chroma: ChromaLayout = .yuv420
    ) {
        self.blocks = blocks
        self.chroma = chroma
        let columns = blocks.columns.count
        let rows = blocks.rows.count
        let lumaWidth = 2 * columns
        let (across, down) = chroma.perBlock
        let chromaWidth = across * columns
        let pixelsPerSample = Double(4 / (across * down))
        var luma = [UInt16](repeating: 0, count: 4 * columns * rows)
        var lumaAlpha = [UInt8](repeating: 0, count: luma.count)
        var cb = [UInt16](repeating: 0, count: across * down * columns * rows)
        var cr = cb
        var chromaAlpha = [UInt8](repeating: 0, count: cb.count)

        // The bitmap's pixel columns and rows from the piece's first luma column and row.
        let left = overlayX + 2 * blocks.columns.lowerBound - bitmap.x
        let top = overlayY + 2 * blocks.rows.lowerBound - bitmap.y
        let bitmapWidth = bitmap.width
        let bitmapHeight = bitmap.height
        var memo = ColorMemo(conversion)
        // Written through pointers: this loop runs for every pixel of each changed area.
        Self.withPlanes(&luma, &lumaAlpha, &cb, &cr, &chromaAlpha) { luma, lumaAlpha, cb, cr, chromaAlpha in
            bitmap.pixels.withUnsafeBytes { pixels in
                /// The packed RGBA value (red in the low byte) at piece luma position (x, y); 0
                /// outside the bitmap or where alpha is 0.
                @inline(__always) func rgba(_ x: Int, _ y: Int) -> UInt32 {
                    let column = left &+ x
                    let row = top &+ y
                    guard column >= 0, column < bitmapWidth, row >= 0, row < bitmapHeight else { return 0 }
                    let value = UInt32(
                        littleEndian: pixels.loadUnaligned(fromByteOffset: (row &* bitmapWidth &+ column) &* 4, as: UInt32.self))
                    return value >> 24 == 0 ? 0 : value
                }
                // One 2x2 block at a time: its four luma samples, and chroma from their mean.
                for row in 0..<rows {
                    for column in 0..<columns {
                        let corners = (
                            rgba(2 &* column, 2 &* row), rgba(2 &* column &+ 1, 2 &* row), rgba(2 &* column, 2 &* row &+ 1),
                            rgba(2 &* column &+ 1, 2 &* row &+ 1)
                        )
                        // A transparent block stays zero: most of a caption's box is empty.
                        guard corners.0 | corners.1 | corners.2 | corners.3 != 0 else { continue }
                        // Each chroma sample's sums: one for 4:2:0, two (top, bottom) for 4:2:2, four for 4:4:4.
                        var sums = ChromaSums()
                        for k in 0..<4 {
                            let key = k == 0 ? corners.0 : k == 1 ? corners.1 : k == 2 ? corners.2 : corners.3
                            guard key != 0 else { continue }
                            let p = memo.converted(key)
                            let i = (2 &* row &+ (k >> 1)) &* lumaWidth &+ 2 &* column &+ (k & 1)
                            luma[i] = p.luma
                            lumaAlpha[i] = p.lumaAlpha
                            let sample = (across == 2 ? k & 1 : 0) &+ (down == 2 ? (k >> 1) &* across : 0)
                            sums.add(sample, p.cb, p.cr, p.alpha)
                        }
                        for sample in 0..<(across &* down) {
                            let sum = sums[sample]
                            let i = (row &* down &+ sample / across) &* chromaWidth &+ column &* across &+ sample % across
                            cb[i] = conversion.sample(sum.cb / pixelsPerSample)
                            cr[i] = conversion.sample(sum.cr / pixelsPerSample)
                            chromaAlpha[i] = conversion.byte(sum.alpha / pixelsPerSample)
                        }
                    }
                }
            }
        }
        self.luma = luma
        self.lumaAlpha = lumaAlpha
        self.cb = cb
        self.cr = cr
        self.chromaAlpha = chromaAlpha
        lumaRuns = AlphaRuns(lumaAlpha, width: lumaWidth, height: 2 * rows)
        chromaRuns = AlphaRuns(chromaAlpha, width: chromaWidth, height: down * rows)
    }

    /// Calls `body` with the five planes' samples as mutable pointers.
    @inline(__always)
    private static func withPlanes(
        _ luma: inout [UInt16], _ lumaAlpha: inout [UInt8], _ cb: inout [UInt16], _ cr: inout [UInt16],
        _ chromaAlpha: inout [UInt8],
        _ body: (
            UnsafeMutableBufferPointer<UInt16>, UnsafeMutableBufferPointer<UInt8>, UnsafeMutableBufferPointer<UInt16>,
            UnsafeMutableBufferPointer<UInt16>, UnsafeMutableBufferPointer<UInt8>
        ) -> Void
    ) {
        luma.withUnsafeMutableBufferPointer { luma in
            lumaAlpha.withUnsafeMutableBufferPointer { lumaAlpha in
                cb.withUnsafeMutableBufferPointer { cb in
                    cr.withUnsafeMutableBufferPointer { cr in
                        chromaAlpha.withUnsafeMutableBufferPointer { chromaAlpha in body(luma, lumaAlpha, cb, cr, chromaAlpha) }
                    }
                }
            }
        }
    }

    /// Shows nothing in `hidden` (blocks from the overlay's corner) any more: a later piece
    /// covers it.
    mutating func hide(_ hidden: Blocks) {
        let columns = hidden.columns.clamped(to: blocks.columns)
        let rows = hidden.rows.clamped(to: blocks.rows)
        guard !columns.isEmpty, !rows.isEmpty else { return }
        let first = (column: columns.lowerBound - blocks.columns.lowerBound, row: rows.lowerBound - blocks.rows.lowerBound)
        let (across, down) = chroma.perBlock
        chromaRuns.remove(
            columns: (across * first.column)..<(across * (first.column + columns.count)),
            rows: (down * first.row)..<(down * (first.row + rows.count)))
        lumaRuns.remove(
            columns: (2 * first.column)..<(2 * (first.column + columns.count)),
            rows: (2 * first.row)..<(2 * (first.row + rows.count)))
    }

    /// Writes `piece`, which lies inside, over this piece's samples, and finds the runs of
    /// the rows it covers again.
    mutating func write(_ piece: YUVPiece) {
        let column = piece.blocks.columns.lowerBound - blocks.columns.lowerBound
        let row = piece.blocks.rows.lowerBound - blocks.rows.lowerBound
        let columns = piece.blocks.columns.count
        let lumaWidth = self.lumaWidth
        let chromaWidth = self.chromaWidth
        let (across, down) = chroma.perBlock
        /// Copies `source` (`width` per row) into `target` (`targetWidth` per row) at (x, y).
        func copy<T>(_ source: [T], width: Int, into target: inout [T], targetWidth: Int, x: Int, y: Int) {
            guard width > 0 else { return }
            for line in 0..<(source.count / width) {
                let start = (y + line) * targetWidth + x
                target.replaceSubrange(start..<(start + width), with: source[(line * width)..<(line * width + width)])
            }
        }
        copy(piece.luma, width: 2 * columns, into: &luma, targetWidth: lumaWidth, x: 2 * column, y: 2 * row)
        copy(piece.lumaAlpha, width: 2 * columns, into: &lumaAlpha, targetWidth: lumaWidth, x: 2 * column, y: 2 * row)
        for (source, target) in [(piece.cb, \YUVPiece.cb), (piece.cr, \YUVPiece.cr)] {
            copy(source, width: across * columns, into: &self[keyPath: target], targetWidth: chromaWidth, x: across * column, y: down * row)
        }
        copy(piece.chromaAlpha, width: across * columns, into: &chromaAlpha, targetWidth: chromaWidth, x: across * column, y: down * row)
        let rows = row..<(row + piece.blocks.rows.count)
        chromaRuns.update(chromaAlpha, rows: (down * rows.lowerBound)..<(down * rows.upperBound), width: chromaWidth)
        lumaRuns.update(lumaAlpha, rows: (2 * rows.lowerBound)..<(2 * rows.upperBound), width: lumaWidth)
    }
}

/// The premultiplied Cb, Cr and alpha summed for each chroma sample of a 2x2 block (up to four).
private struct ChromaSums {
    private var first = (cb: 0.0, cr: 0.0, alpha: 0.0)
    private var others = (
        (cb: 0.0, cr: 0.0, alpha: 0.0), (cb: 0.0, cr: 0.0, alpha: 0.0), (cb: 0.0, cr: 0.0, alpha: 0.0)
    )

    @inline(__always)
    mutating func add(_ sample: Int, _ cb: Double, _ cr: Double, _ alpha: Double) {
        switch sample {
        case 0: first = (first.cb + cb, first.cr + cr, first.alpha + alpha)
        case 1: others.0 = (others.0.cb + cb, others.0.cr + cr, others.0.alpha + alpha)
        case 2: others.1 = (others.1.cb + cb, others.1.cr + cr, others.1.alpha + alpha)
        default: others.2 = (others.2.cb + cb, others.2.cr + cr, others.2.alpha + alpha)
        }
    }

    @inline(__always)
    subscript(sample: Int) -> (cb: Double, cr: Double, alpha: Double) {
        switch sample {
        case 0: return first
        case 1: return others.0
        case 2: return others.1
        default: return others.2
        }
    }
}

/// A caption has few distinct colours among many pixels (the fill, the outline, their
/// edges): each packed RGBA value converted once, in a small table.
private struct ColorMemo {
    typealias Converted = (cb: Double, cr: Double, alpha: Double, luma: UInt16, lumaAlpha: UInt8)
    private static let slots = 1024
    private let conversion: YUVConversion
    private var keys = [UInt32](repeating: 0, count: slots)  // 0: transparent, never stored
    private var values = [Converted](repeating: (0, 0, 0, 0, 0), count: slots)

    init(_ conversion: YUVConversion) {
        self.conversion = conversion
    }

    /// The premultiplied Cb, Cr and alpha of `key` (for a block's mean), and its luma sample
    /// and alpha byte.
    @inline(__always)
    mutating func converted(_ key: UInt32) -> Converted {
        let slot = Int((key &* 2_654_435_761) >> 20) & (Self.slots - 1)
        if keys[slot] == key { return values[slot] }
        let yuv = conversion.convert(Double(key & 255), Double(key >> 8 & 255), Double(key >> 16 & 255), Double(key >> 24))
        let value: Converted = (yuv.cb, yuv.cr, yuv.alpha, conversion.sample(yuv.y), conversion.byte(yuv.alpha))
        keys[slot] = key
        values[slot] = value
        return value
    }
}
