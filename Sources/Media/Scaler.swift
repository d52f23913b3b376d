import CAVCodec
import CAVFilter
import CAVFormat
import CAVUtil
import CSWScale

/// A libswscale context: converts and scales pictures between two fixed sizes and formats,
/// with the source's colour matrix and range.
final class Scaler {
    private let context: OpaquePointer  // SwsContext*
    private let source: (width: Int32, height: Int32)
    private let path: String?  // named in errors; nil: a picture made in memory

    init(
        from source: (width: Int32, height: Int32, format: AVPixelFormat),
        to target: (width: Int32, height: Int32, format: AVPixelFormat), matrix: ColorMatrix, fullRange: Bool,
        path: String?
    ) throws {
        let flags = (target.width < source.width ? burn_sws_area() : burn_sws_bilinear()) | burn_sws_accurate()
        guard
            let context = sws_getContext(
                source.width, source.height, source.format, target.width, target.height, target.format, flags, nil, nil,
                nil)
        else { throw MediaError.unsupported(file: path, message: "cannot convert the picture (sws_getContext)") }
        let space: Int32
        switch matrix {
        case .bt709: space = burn_sws_cs_itu709()
        case .bt601: space = burn_sws_cs_itu601()
        case .bt2020: space = burn_sws_cs_bt2020()
        }
        let coefficients = sws_getCoefficients(space)
        // Brightness 0, contrast and saturation 1.0 in 16.16 fixed point.
        sws_setColorspaceDetails(context, coefficients, fullRange ? 1 : 0, coefficients, fullRange ? 1 : 0, 0, 1 << 16, 1 << 16)
        self.context = context
        self.source = (source.width, source.height)
        self.path = path
    }

    deinit { sws_freeContext(context) }

    /// Converts `from` into `to`'s planes at (`x`, `y`) (offsets in luma pixels, even for 4:2:0).
    func scale(_ from: UnsafeMutablePointer<AVFrame>, into to: UnsafeMutablePointer<AVFrame>, x: Int = 0, y: Int = 0) throws {
        try scale(Self.planes(of: from, x: 0, y: 0), into: Self.planes(of: to, x: x, y: y))
    }

    /// Converts only `area` of `from` into the same area of `to`, for a scaler made for the
    /// area's size. With the area's origin on the 16-pixel grid, the pixels are those a
    /// conversion of the whole picture gives there: swscale's dither repeats every 8 samples.
    func scale(_ from: UnsafeMutablePointer<AVFrame>, into to: UnsafeMutablePointer<AVFrame>, area: SavedRegion.Area) throws {
        try scale(Self.planes(of: from, x: area.x, y: area.y), into: Self.planes(of: to, x: area.x, y: area.y))
    }

    /// The plane pointers of `frame` from (`x`, `y`) (luma pixels; chroma at half for 4:2:0),
    /// and the strides.
    private static func planes(of frame: UnsafeMutablePointer<AVFrame>, x: Int, y: Int)
        -> (pointers: [UnsafeMutablePointer<UInt8>?], strides: [Int32])
    {
        let f = frame.pointee
        let strides: [Int32] = [f.linesize.0, f.linesize.1, f.linesize.2, 0]
        var pointers: [UnsafeMutablePointer<UInt8>?] = [f.data.0, f.data.1, f.data.2, nil]
        guard x != 0 || y != 0 else { return (pointers, strides) }
        let format = AVPixelFormat(rawValue: f.format)
        let bytes = format == AV_PIX_FMT_YUV420P10LE ? 2 : 1
        pointers[0] = pointers[0].map { $0 + y * Int(strides[0]) + x * bytes }
        if format == AV_PIX_FMT_YUV420P || format == AV_PIX_FMT_YUV420P10LE {
            for plane in 1...2 { pointers[plane] = pointers[plane].map { $0 + (y / 2) * Int(strides[plane]) + x / 2 * bytes } }
        }
        return (pointers, strides)
    }

    private func scale(
        _ from: (pointers: [UnsafeMutablePointer<UInt8>?], strides: [Int32]),
        into to: (pointers: [UnsafeMutablePointer<UInt8>?], strides: [Int32])
    ) throws {
        let sources = from.pointers.map { $0.map { UnsafePointer($0) } }
        let rows = sws_scale(context, sources, from.strides, 0, source.height, to.pointers, to.strides)
        guard rows > 0 else { throw MediaError.unsupported(file: path, message: "cannot convert the picture (sws_scale)") }
    }
}
