import CAVCodec
import CAVFilter
import CAVFormat
import CAVUtil
import Foundation
import Imaging

/// 10-bit 4:2:0 frames converted to the encoder's 8-bit yuv420p in one frame kept for reuse.
final class Narrowing {
    private let frame: Frame
    private let scaler: Scaler
    private let matrix: ColorMatrix
    private let fullRange: Bool
    private let path: String  // the input, named in errors
    /// Scalers for areas of the picture, by size (pixels); a few sizes recur per caption.
    private var areaScalers: [Int: Scaler] = [:]
    /// What `frame` held in the area last converted alone, as the whole picture gave it.
    private var saved = SavedRegion()
    private var areaDrawn = false

    init(width: Int32, height: Int32, matrix: ColorMatrix, fullRange: Bool, path: String) throws {
        self.path = path
        self.matrix = matrix
        self.fullRange = fullRange
        frame = try Frame.picture(width: Int(width), height: Int(height), format: AV_PIX_FMT_YUV420P, file: path)
        scaler = try Scaler(
            from: (width, height, AV_PIX_FMT_YUV420P10LE), to: (width, height, AV_PIX_FMT_YUV420P), matrix: matrix,
            fullRange: fullRange, path: path)
    }

    /// The 8-bit copy of `source`, with its timestamp and colour description.
    func convert(_ source: UnsafeMutablePointer<AVFrame>) throws -> UnsafeMutablePointer<AVFrame> {
        let f = frame.pointer
        try MediaError.check(av_frame_make_writable(f), "av_frame_make_writable", file: path)
        try scaler.scale(source, into: f)
        Frame.copyProperties(from: source, to: f)
        areaDrawn = false
        return f
    }

    /// The 8-bit copy of the picture `convert` was last given, with `area` converted again
    /// from `source` (that picture with something drawn inside the area): one output's
    /// captions, the whole picture narrowed once for all outputs. `area` is the same for
    /// every call until the next `convert`.
    func convert(_ source: UnsafeMutablePointer<AVFrame>, area: SavedRegion.Area) throws -> UnsafeMutablePointer<AVFrame> {
        let f = frame.pointer
        // An encoder that kept the frame gets it as it is; the copy is written instead.
        try MediaError.check(av_frame_make_writable(f), "av_frame_make_writable", file: path)
        if areaDrawn {
            saved.restore(into: f, bytesPerSample: 1)
        } else {
            saved.save(f, area: area, bytesPerSample: 1)
        }
        guard area.width > 0, area.height > 0 else { return f }
        let key = area.width << 32 | area.height
        if areaScalers[key] == nil {
            if areaScalers.count >= 16 { areaScalers.removeAll() }
            let size = (Int32(area.width), Int32(area.height))
            areaScalers[key] = try Scaler(
                from: (size.0, size.1, AV_PIX_FMT_YUV420P10LE), to: (size.0, size.1, AV_PIX_FMT_YUV420P), matrix: matrix,
                fullRange: fullRange, path: path)
        }
        try areaScalers[key]!.scale(source, into: f, area: area)
        areaDrawn = true
        return f
    }

    /// The 8-bit copy of the picture `convert` was last given, as it was converted.
    func unchanged() throws -> UnsafeMutablePointer<AVFrame> {
        let f = frame.pointer
        if areaDrawn {
            try MediaError.check(av_frame_make_writable(f), "av_frame_make_writable", file: path)
            saved.restore(into: f, bytesPerSample: 1)
            areaDrawn = false
        }
        return f
    }
}
