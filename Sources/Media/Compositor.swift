import CAVCodec
import CAVFilter
import CAVFormat
import CAVUtil

/// Blends caption overlays into 4:2:0 frames in place, 8-bit (yuv420p) or 10-bit
/// (yuv420p10le), touching only the overlay's box, and in it only the pixels with coverage.
enum Compositor {
    /// dst = src + dst * (255 - alpha) / 255 over every plane, clipped to the frame.
    /// The overlay must have the frame's bit depth.
    static func blend(_ overlay: YUVOverlay, into frame: UnsafeMutablePointer<AVFrame>) {
        let frameWidth = Int(frame.pointee.width)
        let frameHeight = Int(frame.pointee.height)
        let chromaWidth = (frameWidth + 1) / 2
        let chromaHeight = (frameHeight + 1) / 2
        let wide = overlay.bitDepth > 8
        let planes: [(source: [UInt16], alpha: [UInt8], runs: AlphaRuns, x: Int, y: Int, width: Int, height: Int, plane: UnsafeMutablePointer<UInt8>, stride: Int, planeWidth: Int, planeHeight: Int)] = [
            (overlay.luma, overlay.lumaAlpha, overlay.lumaRuns, overlay.x, overlay.y, overlay.width, overlay.height,
             frame.pointee.data.0!, Int(frame.pointee.linesize.0), frameWidth, frameHeight),
            (overlay.cb, overlay.chromaAlpha, overlay.chromaRuns, overlay.x / 2, overlay.y / 2, overlay.width / 2,
             overlay.height / 2, frame.pointee.data.1!, Int(frame.pointee.linesize.1), chromaWidth, chromaHeight),
            (overlay.cr, overlay.chromaAlpha, overlay.chromaRuns, overlay.x / 2, overlay.y / 2, overlay.width / 2,
             overlay.height / 2, frame.pointee.data.2!, Int(frame.pointee.linesize.2), chromaWidth, chromaHeight),
        ]
        for p in planes {
            let box = Box(x: p.x, y: p.y, width: p.width, height: p.height, planeWidth: p.planeWidth, planeHeight: p.planeHeight)
            if wide {
                p.plane.withMemoryRebound(to: UInt16.self, capacity: p.stride / 2 * p.planeHeight) { samples in
                    blendPlane(
                        source: p.source, alpha: p.alpha, runs: p.runs, box: box, plane: samples, stride: p.stride / 2,
                        maximum: UInt32((1 << overlay.bitDepth) - 1))
                }
            } else {
                blendPlane(
                    source: p.source, alpha: p.alpha, runs: p.runs, box: box, plane: p.plane, stride: p.stride, maximum: 255)
            }
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

    private static func blendPlane<Sample: FixedWidthInteger & UnsignedInteger>(
        source: [UInt16], alpha: [UInt8], runs: AlphaRuns, box: Box, plane: UnsafeMutablePointer<Sample>, stride: Int,
        maximum: UInt32
    ) {
        let left = max(0, -box.x)
        let right = min(box.width, box.planeWidth - box.x)
        let top = max(0, -box.y)
        let bottom = min(box.height, box.planeHeight - box.y)
        guard left < right, top < bottom else { return }
        source.withUnsafeBufferPointer { src in
            alpha.withUnsafeBufferPointer { alp in
                for row in top..<bottom {
                    let destination = plane + (box.y + row) * stride + box.x
                    let base = row * box.width
                    runs.forEach(row: row, left: left, right: right) { start, end in
                        for column in start..<end {
                            let a = UInt32(alp[base + column])
                            if a == 255 {
                                destination[column] = Sample(truncatingIfNeeded: src[base + column])
                                continue
                            }
                            let d = UInt32(destination[column])
                            // (d * (255 - a) + 127) / 255 without a division.
                            let t = d * (255 - a) + 128
                            let kept = (t + (t >> 8)) >> 8
                            destination[column] = Sample(min(maximum, UInt32(src[base + column]) + kept))
                        }
                    }
                }
            }
        }
    }
}
