import CAVCodec
import CAVFilter
import CAVFormat
import CAVUtil
import Foundation

/// The pixels of one rectangle of a planar YUV frame (8 or 16 bits per sample), kept so that a
/// frame drawn on for one output can be put back as it was for the next: only the captions'
/// box is copied, not the whole picture.
struct SavedRegion {
    /// A rectangle of a frame in luma pixels, its origin on the 16-pixel grid (so that its
    /// chroma origin is on swscale's 8x8 dither grid) and its size even.
    struct Area: Equatable {
        var x = 0, y = 0, width = 0, height = 0

        /// The rectangle around every box of `boxes` (luma pixels), widened to the grid and
        /// clipped to a `frameWidth` x `frameHeight` frame (even sizes).
        init(around boxes: [(x: Int, y: Int, width: Int, height: Int)], frameWidth: Int, frameHeight: Int) {
            guard !boxes.isEmpty else { return }
            x = max(0, boxes.map(\.x).min()!) & ~15
            y = max(0, boxes.map(\.y).min()!) & ~15
            width = max(0, (min(frameWidth, boxes.map { $0.x + $0.width }.max()!) + 1) & ~1 - x)
            height = max(0, (min(frameHeight, boxes.map { $0.y + $0.height }.max()!) + 1) & ~1 - y)
            width = min(width, frameWidth - x)
            height = min(height, frameHeight - y)
        }

        init() {}
    }

    private var area = Area()
    private var bytes: [UInt8] = []  // Y rows, then Cb rows, then Cr rows

    /// Keeps `frame`'s pixels inside `area`. The buffer is reused.
    mutating func save(_ frame: UnsafeMutablePointer<AVFrame>, area: Area, bytesPerSample: Int) {
        self.area = area
        bytes.removeAll(keepingCapacity: true)
        bytes.reserveCapacity(area.width * area.height * 3 / 2 * bytesPerSample)
        rows(of: frame, bytesPerSample: bytesPerSample) { row, count in
            bytes.append(contentsOf: UnsafeBufferPointer(start: row, count: count))
        }
    }

    /// Writes the kept pixels back into `frame` (the same size and format as the one saved).
    func restore(into frame: UnsafeMutablePointer<AVFrame>, bytesPerSample: Int) {
        var offset = 0
        bytes.withUnsafeBufferPointer { kept in
            rows(of: frame, bytesPerSample: bytesPerSample) { row, count in
                row.update(from: kept.baseAddress! + offset, count: count)
                offset += count
            }
        }
    }

    /// Calls `body` with each row of the area in each plane: Y, then Cb, then Cr.
    private func rows(
        of frame: UnsafeMutablePointer<AVFrame>, bytesPerSample: Int, _ body: (UnsafeMutablePointer<UInt8>, Int) -> Void
    ) {
        guard area.width > 0, area.height > 0 else { return }
        let f = frame.pointee
        let chroma = ChromaLayout(AVPixelFormat(rawValue: f.format))
        let planes = [
            (f.data.0!, Int(f.linesize.0), 0, 0), (f.data.1!, Int(f.linesize.1), chroma.shiftX, chroma.shiftY),
            (f.data.2!, Int(f.linesize.2), chroma.shiftX, chroma.shiftY),
        ]
        for (data, stride, shiftX, shiftY) in planes {
            let rowBytes = (area.width >> shiftX) * bytesPerSample
            for row in (area.y >> shiftY)..<((area.y + area.height) >> shiftY) {
                body(data + row * stride + (area.x >> shiftX) * bytesPerSample, rowBytes)
            }
        }
    }
}
