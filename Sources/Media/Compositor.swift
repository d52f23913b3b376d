import CAVCodec
import CAVFilter
import CAVFormat
import CAVUtil

/// Blends caption overlays into 8-bit 4:2:0 frames in place, touching only the overlay's box.
enum Compositor {
    /// dst = src + dst * (255 - alpha) / 255 over every plane, clipped to the frame.
    static func blend(_ overlay: YUVOverlay, into frame: UnsafeMutablePointer<AVFrame>) {
        let frameWidth = Int(frame.pointee.width)
        let frameHeight = Int(frame.pointee.height)
        blendPlane(
            source: overlay.luma, alpha: overlay.lumaAlpha, x: overlay.x, y: overlay.y, width: overlay.width,
            height: overlay.height, plane: frame.pointee.data.0!, stride: Int(frame.pointee.linesize.0),
            planeWidth: frameWidth, planeHeight: frameHeight)
        let chromaWidth = (frameWidth + 1) / 2
        let chromaHeight = (frameHeight + 1) / 2
        for (source, plane, stride) in [
            (overlay.cb, frame.pointee.data.1!, frame.pointee.linesize.1),
            (overlay.cr, frame.pointee.data.2!, frame.pointee.linesize.2),
        ] {
            blendPlane(
                source: source, alpha: overlay.chromaAlpha, x: overlay.x / 2, y: overlay.y / 2,
                width: overlay.width / 2, height: overlay.height / 2, plane: plane, stride: Int(stride),
                planeWidth: chromaWidth, planeHeight: chromaHeight)
        }
    }

    private static func blendPlane(
        source: [UInt8], alpha: [UInt8], x: Int, y: Int, width: Int, height: Int,
        plane: UnsafeMutablePointer<UInt8>, stride: Int, planeWidth: Int, planeHeight: Int
    ) {
        let left = max(0, -x)
        let right = min(width, planeWidth - x)
        let top = max(0, -y)
        let bottom = min(height, planeHeight - y)
        guard left < right, top < bottom else { return }
        source.withUnsafeBufferPointer { src in
            alpha.withUnsafeBufferPointer { alp in
                for row in top..<bottom {
                    let destination = plane + (y + row) * stride + x
                    let base = row * width
                    for column in left..<right {
                        let a = UInt32(alp[base + column])
                        if a == 0 { continue }
                        let d = UInt32(destination[column])
                        // (d * (255 - a) + 127) / 255 without a division.
                        let t = d * (255 - a) + 128
                        let kept = (t + (t >> 8)) >> 8
                        destination[column] = UInt8(min(255, UInt32(src[base + column]) + kept))
                    }
                }
            }
        }
    }
}
