import CAVCodec
import CAVFilter
import CAVFormat
import CAVUtil
import Foundation

/// The pixels of one rectangle of a 4:2:0 frame (8 or 16 bits per sample), kept so that a
/// frame blended for one output can be put back as decoded for the next: only the captions'
/// box is copied, not the whole picture.
struct SavedRegion {
    private var x = 0, y = 0, width = 0, height = 0  // luma pixels, even
    private var bytes: [UInt8] = []  // Y rows, then Cb rows, then Cr rows

    /// Keeps `frame`'s pixels inside the union of `boxes` (`x`, `y`, `width`, `height` in luma
    /// pixels, even), clipped to the frame. The buffer is reused.
    mutating func save(
        _ frame: UnsafeMutablePointer<AVFrame>, boxes: [(x: Int, y: Int, width: Int, height: Int)], bytesPerSample: Int
    ) {
        let frameWidth = Int(frame.pointee.width)
        let frameHeight = Int(frame.pointee.height)
        let left = max(0, boxes.map(\.x).min() ?? 0) & ~1
        let top = max(0, boxes.map(\.y).min() ?? 0) & ~1
        let right = min((frameWidth + 1) & ~1, boxes.map { $0.x + $0.width }.max() ?? 0)
        let bottom = min((frameHeight + 1) & ~1, boxes.map { $0.y + $0.height }.max() ?? 0)
        (x, y, width, height) = (left, top, max(0, right - left), max(0, bottom - top))
        bytes.removeAll(keepingCapacity: true)
        bytes.reserveCapacity(width * height * 3 / 2 * bytesPerSample)
        copy(frame, bytesPerSample: bytesPerSample) { row, count in
            bytes.append(contentsOf: UnsafeBufferPointer(start: row, count: count))
        }
    }

    /// Writes the kept pixels back into `frame` (the same size and format as the one saved).
    func restore(into frame: UnsafeMutablePointer<AVFrame>, bytesPerSample: Int) {
        var offset = 0
        bytes.withUnsafeBufferPointer { kept in
            copy(frame, bytesPerSample: bytesPerSample) { row, count in
                row.update(from: kept.baseAddress! + offset, count: count)
                offset += count
            }
        }
    }

    /// Calls `body` with each row of the region in each plane: Y, then Cb, then Cr.
    private func copy(
        _ frame: UnsafeMutablePointer<AVFrame>, bytesPerSample: Int, _ body: (UnsafeMutablePointer<UInt8>, Int) -> Void
    ) {
        guard width > 0, height > 0 else { return }
        let f = frame.pointee
        let planes = [(f.data.0!, Int(f.linesize.0), 1), (f.data.1!, Int(f.linesize.1), 2), (f.data.2!, Int(f.linesize.2), 2)]
        for (data, stride, scale) in planes {
            let rowBytes = width / scale * bytesPerSample
            for row in (y / scale)..<((y + height) / scale) {
                body(data + row * stride + x / scale * bytesPerSample, rowBytes)
            }
        }
    }
}
