import CAVCodec
import CAVFilter
import CAVFormat
import CAVUtil

/// How a frame's chroma is sampled against its luma: 4:2:0 (half across and down), 4:2:2
/// (half across, every row) or 4:4:4 (every pixel). Captions are blended at the frame's own
/// chroma resolution.
public struct ChromaLayout: Sendable, Equatable, Hashable {
    /// log2 of luma pixels per chroma sample, across and down.
    public let shiftX: Int
    public let shiftY: Int

    public static let yuv420 = ChromaLayout(shiftX: 1, shiftY: 1)
    public static let yuv422 = ChromaLayout(shiftX: 1, shiftY: 0)
    public static let yuv444 = ChromaLayout(shiftX: 0, shiftY: 0)

    /// The layout of a planar YUV pixel format.
    init(_ format: AVPixelFormat) {
        let descriptor = av_pix_fmt_desc_get(format)
        shiftX = Int(descriptor?.pointee.log2_chroma_w ?? 1)
        shiftY = Int(descriptor?.pointee.log2_chroma_h ?? 1)
    }

    private init(shiftX: Int, shiftY: Int) {
        self.shiftX = shiftX
        self.shiftY = shiftY
    }

    /// Chroma samples per 2x2 block of luma, across and down.
    var perBlock: (columns: Int, rows: Int) { (2 >> shiftX, 2 >> shiftY) }
}
