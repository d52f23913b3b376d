import CAVCodec
import CAVFilter
import CAVFormat
import CAVUtil

/// Blends caption overlays into planar YUV frames in place (4:2:0, 4:2:2 or 4:4:4, 8-bit or
/// 10-bit, as the overlay was made for), touching only the overlay's box, and in it only the
/// pixels with coverage.
enum Compositor {
    /// dst = src + dst * (255 - alpha) / 255 over every plane, clipped to the frame.
    /// The overlay must have the frame's bit depth.
    static func blend(_ overlay: YUVOverlay, into frame: UnsafeMutablePointer<AVFrame>) {
        let frameWidth = Int(frame.pointee.width)
        let frameHeight = Int(frame.pointee.height)
        let maximum = UInt32((1 << overlay.bitDepth) - 1)
        let f = frame.pointee
        // Three calls rather than a loop over an array of planes: no allocation per frame.
        func plane(_ source: [UInt16], _ alpha: [UInt8], _ runs: AlphaRuns, _ box: Box, _ data: UnsafeMutablePointer<UInt8>, _ stride: Int32) {
            if overlay.bitDepth > 8 {
                let samples = UnsafeMutableRawPointer(data).assumingMemoryBound(to: UInt16.self)
                blendPlane(source: source, alpha: alpha, runs: runs, box: box, plane: samples, stride: Int(stride) / 2, maximum: maximum)
            } else {
                blendPlane(source: source, alpha: alpha, runs: runs, box: box, plane: data, stride: Int(stride), maximum: maximum)
            }
        }
        // The pieces do not overlap where they show: each is blended where its runs are.
        for piece in overlay.pieces {
            let blocks = piece.blocks
            let luma = Box(
                x: overlay.x + 2 * blocks.columns.lowerBound, y: overlay.y + 2 * blocks.rows.lowerBound,
                width: 2 * blocks.columns.count, height: 2 * blocks.rows.count, planeWidth: frameWidth, planeHeight: frameHeight)
            let (across, down) = overlay.chroma.perBlock
            let (shiftX, shiftY) = (overlay.chroma.shiftX, overlay.chroma.shiftY)
            let chroma = Box(
                x: (overlay.x >> shiftX) + across * blocks.columns.lowerBound,
                y: (overlay.y >> shiftY) + down * blocks.rows.lowerBound, width: across * blocks.columns.count,
                height: down * blocks.rows.count, planeWidth: (frameWidth + (1 << shiftX) - 1) >> shiftX,
                planeHeight: (frameHeight + (1 << shiftY) - 1) >> shiftY)
            plane(piece.luma, piece.lumaAlpha, piece.lumaRuns, luma, f.data.0!, f.linesize.0)
            plane(piece.cb, piece.chromaAlpha, piece.chromaRuns, chroma, f.data.1!, f.linesize.1)
            plane(piece.cr, piece.chromaAlpha, piece.chromaRuns, chroma, f.data.2!, f.linesize.2)
        }
    }

    /// An overlay's rectangle on a plane, clipped to it.
    struct Box {
        var x: Int
        var y: Int
        var width: Int
        var height: Int
        var planeWidth: Int
        var planeHeight: Int
    }

    /// Over the covered runs of each row: d = s + (d * (255 - a) + 127) / 255, without a
    /// division and without a branch (an opaque pixel comes out as s exactly).
    private static func blendPlane<Sample: FixedWidthInteger & UnsignedInteger>(
        source: [UInt16], alpha: [UInt8], runs: AlphaRuns, box: Box, plane: UnsafeMutablePointer<Sample>, stride: Int,
        maximum: UInt32
    ) {
        let left = max(0, -box.x)
        let right = min(box.width, box.planeWidth - box.x)
        let top = max(0, -box.y)
        let bottom = min(box.height, box.planeHeight - box.y)
        guard left < right, top < bottom else { return }
        source.withUnsafeBufferPointer { sourceBuffer in
            alpha.withUnsafeBufferPointer { alphaBuffer in
                let src = sourceBuffer.baseAddress!
                let alp = alphaBuffer.baseAddress!
                for row in top..<bottom {
                    let destination = plane + ((box.y &+ row) &* stride &+ box.x)
                    let base = row &* box.width
                    runs.forEach(row: row, left: left, right: right) { start, end in
                        for column in start..<end {
                            let i = base &+ column
                            let t = UInt32(destination[column]) &* (255 &- UInt32(alp[i])) &+ 128
                            let kept = (t &+ (t &>> 8)) &>> 8
                            destination[column] = Sample(truncatingIfNeeded: min(maximum, UInt32(src[i]) &+ kept))
                        }
                    }
                }
            }
        }
    }
}
