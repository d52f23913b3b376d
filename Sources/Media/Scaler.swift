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
        var destination: [UnsafeMutablePointer<UInt8>?] = [to.pointee.data.0, to.pointee.data.1, to.pointee.data.2, nil]
        let strides: [Int32] = [to.pointee.linesize.0, to.pointee.linesize.1, to.pointee.linesize.2, 0]
        if x != 0 || y != 0 {
            let chroma = to.pointee.format == AV_PIX_FMT_YUV420P.rawValue
            destination[0] = destination[0].map { $0 + y * Int(strides[0]) + x }
            if chroma {
                destination[1] = destination[1].map { $0 + (y / 2) * Int(strides[1]) + x / 2 }
                destination[2] = destination[2].map { $0 + (y / 2) * Int(strides[2]) + x / 2 }
            }
        }
        let sources: [UnsafePointer<UInt8>?] = [
            UnsafePointer(from.pointee.data.0), UnsafePointer(from.pointee.data.1), UnsafePointer(from.pointee.data.2), nil,
        ]
        let sourceStrides: [Int32] = [from.pointee.linesize.0, from.pointee.linesize.1, from.pointee.linesize.2, 0]
        let rows = sws_scale(context, sources, sourceStrides, 0, source.height, destination, strides)
        guard rows > 0 else { throw MediaError.unsupported(file: path, message: "cannot convert the picture (sws_scale)") }
    }
}
