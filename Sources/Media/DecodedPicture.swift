import CAVCodec
import CAVFilter
import CAVFormat
import CAVUtil

/// One decoded picture, upright as a player shows it, lent to a `PictureReader` visitor: it is
/// valid only during that call.
public struct DecodedPicture {
    private let frame: Frame

    /// When the picture is shown, from the start of the video's timeline. // seconds
    public let time: Double

    init(_ frame: Frame, time: Double) {
        self.frame = frame
        self.time = time
    }

    /// Upright size. // pixels
    public var width: Int { frame.width }
    public var height: Int { frame.height }

    /// Bits per luma sample: 8 (one byte a sample) or 10 (two bytes a sample, little-endian).
    public var bitDepth: Int { frame.format == AV_PIX_FMT_YUV420P10LE ? 10 : 8 }

    /// Calls `body` with the luma samples of `row` (0 at the top): `width` samples of
    /// `bitDepth` bits, without the row's padding. The bytes are valid only inside `body`.
    public func withLumaRow<Result>(_ row: Int, _ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        precondition((0..<height).contains(row), "row \(row) outside the picture")
        let f = frame.pointer.pointee
        let start = UnsafeRawPointer(f.data.0!) + row * Int(f.linesize.0)
        return try body(UnsafeRawBufferPointer(start: start, count: width * ((bitDepth + 7) / 8)))
    }
}
