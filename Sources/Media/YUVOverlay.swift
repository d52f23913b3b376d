import Imaging

/// A caption bitmap converted once into a frame's colour space and bit depth: premultiplied
/// Y, Cb, Cr with 8-bit alpha, chroma at the frame's resolution (`chroma`: half across and
/// down in 4:2:0), aligned to the frame's 2x2 grid.
/// Kept as pieces: the whole box, then each area converted again since (a word whose state
/// changed), shown instead of what the pieces before it hold there. An update adds pieces and
/// leaves the planes before it alone, so frames still waiting with the overlay before share
/// them; every `maximumPieces` pieces, they are written into the first.
public struct YUVOverlay: Sendable {
    public var x: Int  // frame pixels, even
    public var y: Int  // frame pixels, even
    public var width: Int  // pixels, even
    public var height: Int  // pixels, even
    public var bitDepth: Int  // 8 or 10, as the frame's samples
    /// The whole box first; each later piece hides its rectangle from the pieces before it.
    var pieces: [YUVPiece]
    /// Pieces an overlay holds before they are merged into the whole box's.
    static let maximumPieces = 8

    /// The light the frame's signal stands for: in HDR, colours are placed at graphics white.
    public var range: DynamicRange
    /// The frame's chroma sampling.
    public var chroma: ChromaLayout

    /// Converts `bitmap` with `matrix`; `fullRange` for 0...255 video, else 16...235/240
    /// (both times 4 at 10 bits); `range` HDR for HLG or PQ frames (BT.2408 graphics white).
    public init(
        _ bitmap: CaptionBitmap, matrix: ColorMatrix, fullRange: Bool, bitDepth: Int = 8, range: DynamicRange = .sdr,
        chroma: ChromaLayout = .yuv420
    ) {
        self.bitDepth = bitDepth
        self.range = range
        self.chroma = chroma
        x = bitmap.x & ~1
        y = bitmap.y & ~1
        width = (bitmap.width + bitmap.x - x + 1) & ~1
        height = (bitmap.height + bitmap.y - y + 1) & ~1
        let whole = YUVPiece.Blocks(columns: 0..<(width / 2), rows: 0..<(height / 2))
        pieces = [
            YUVPiece(
                bitmap, overlayX: x, overlayY: y, blocks: whole,
                conversion: YUVConversion(matrix, fullRange: fullRange, bitDepth: bitDepth, range: range), chroma: chroma)
        ]
    }

    /// Converts again only `areas` (frame pixels) of `bitmap`, which covers the same pixels as
    /// the bitmap this overlay was made from and differs from it only there. Returns false,
    /// changing nothing, when the bitmap's box differs.
    public mutating func update(_ bitmap: CaptionBitmap, areas: [Rect], matrix: ColorMatrix, fullRange: Bool) -> Bool {
        guard bitmap.x & ~1 == x, bitmap.y & ~1 == y, (bitmap.width + bitmap.x - x + 1) & ~1 == width,
            (bitmap.height + bitmap.y - y + 1) & ~1 == height
        else { return false }
        let conversion = YUVConversion(matrix, fullRange: fullRange, bitDepth: bitDepth, range: range)
        for area in areas {
            // The 2x2 blocks the area touches, inside the box.
            let blocks = YUVPiece.Blocks(
                columns: max(0, (Int(area.x.rounded(.down)) - x) / 2)..<min(width / 2, (Int(area.maxX.rounded(.up)) - x + 1) / 2),
                rows: max(0, (Int(area.y.rounded(.down)) - y) / 2)..<min(height / 2, (Int(area.maxY.rounded(.up)) - y + 1) / 2))
            guard !blocks.columns.isEmpty, !blocks.rows.isEmpty else { continue }
            for index in pieces.indices { pieces[index].hide(blocks) }
            // A piece the new one covers whole shows nothing any more (the first always stays).
            pieces = [pieces[0]] + pieces.dropFirst().filter { !blocks.contains($0.blocks) }
            pieces.append(YUVPiece(bitmap, overlayX: x, overlayY: y, blocks: blocks, conversion: conversion, chroma: chroma))
        }
        if pieces.count > Self.maximumPieces {
            var whole = pieces[0]
            for piece in pieces.dropFirst() { whole.write(piece) }
            pieces = [whole]
        }
        return true
    }
}

/// How an RGBA value becomes premultiplied Y, Cb, Cr at a frame's matrix, range and depth.
struct YUVConversion {
    let kr: Double
    let kb: Double
    let fullRange: Bool
    let bitDepth: Int
    let range: DynamicRange

    init(_ matrix: ColorMatrix, fullRange: Bool, bitDepth: Int, range: DynamicRange = .sdr) {
        (kr, kb) = matrix.coefficients
        self.fullRange = fullRange
        self.bitDepth = bitDepth
        self.range = range
    }

    /// Premultiplied Y, Cb, Cr (8-bit levels) and alpha of one premultiplied RGBA value.
    @inline(__always)
    func convert(_ r: Double, _ g: Double, _ b: Double, _ alpha: Double) -> (y: Double, cb: Double, cr: Double, alpha: Double) {
        var (r, g, b) = (r, g, b)
        if range.isHDR && alpha > 0 {
            // The straight colour's HDR signal, premultiplied again: edges blend in the signal.
            let signal = range.signal(sRGB: r / alpha, g / alpha, b / alpha)
            (r, g, b) = (signal.0 * alpha, signal.1 * alpha, signal.2 * alpha)
        }
        let lumaScale = fullRange ? 1.0 : 219.0 / 255.0
        let chromaScale = fullRange ? 1.0 : 224.0 / 255.0
        let lumaOffset = fullRange ? 0.0 : 16.0
        let yPrime = kr * r + (1 - kr - kb) * g + kb * b
        let a = alpha / 255
        return (
            lumaOffset * a + yPrime * lumaScale, 128 * a + (b - yPrime) / (2 * (1 - kb)) * chromaScale,
            128 * a + (r - yPrime) / (2 * (1 - kr)) * chromaScale, alpha
        )
    }

    /// Straight (not premultiplied) Y, Cb, Cr (8-bit levels) of one premultiplied RGBA value
    /// with alpha above 0: what an overlay track with its own alpha holds.
    @inline(__always)
    func straight(_ r: Double, _ g: Double, _ b: Double, _ alpha: Double) -> (y: Double, cb: Double, cr: Double) {
        let premultiplied = convert(r, g, b, alpha)
        let a = alpha / 255
        return (premultiplied.y / a, premultiplied.cb / a, premultiplied.cr / a)
    }

    /// An 8-bit level as a sample at the frame's depth (times 2^(depth - 8): 16 -> 64 at 10 bits).
    @inline(__always)
    func sample(_ value: Double) -> UInt16 {
        UInt16(min(Double((1 << bitDepth) - 1), max(0, (value * Double(1 << (bitDepth - 8))).rounded())))
    }

    /// An alpha level as a byte.
    @inline(__always)
    func byte(_ value: Double) -> UInt8 { UInt8(min(255, max(0, value.rounded()))) }
}
