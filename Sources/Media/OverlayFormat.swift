import CAVCodec
import CAVFilter
import CAVFormat
import CAVUtil
import Foundation

/// What `--overlay-only` writes: the captions alone on a transparent background, each format
/// with straight (not premultiplied) alpha, as ProRes, VP9 and PNG define it.
public enum OverlayFormat: String, Sendable {
    /// ProRes 4444 with 16-bit alpha in QuickTime (`.mov`): Premiere, Resolve, Final Cut.
    case proRes4444
    /// VP9 with an alpha channel in WebM (`.webm`): browsers, and editors that read it.
    case vp9Alpha
    /// One RGBA PNG per frame (`caps_%05d.png`), numbered from 1.
    case pngSequence

    /// The format an output name asks for (by extension), or nil.
    public init?(path: String) {
        switch URL(fileURLWithPath: path).pathExtension.lowercased() {
        case "mov": self = .proRes4444
        case "webm": self = .vp9Alpha
        case "png": self = .pngSequence
        default: return nil
        }
    }

    /// The advice of the usage error for another name.
    public static let advice =
        "--overlay-only writes .mov (ProRes 4444 with alpha), .webm (VP9 with alpha) or a PNG sequence (caps_%05d.png)"

    /// The pixel format the encoder takes.
    var pixelFormat: AVPixelFormat {
        switch self {
        case .proRes4444: return AV_PIX_FMT_YUVA444P10LE
        case .vp9Alpha: return AV_PIX_FMT_YUVA420P
        case .pngSequence: return AV_PIX_FMT_RGBA
        }
    }
}
