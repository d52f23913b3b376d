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

    /// The codec it writes (nil: PNG pictures, which no `--codec` names).
    public var codec: VideoCodec? {
        switch self {
        case .proRes4444: return .prores
        case .vp9Alpha: return .vp9
        case .pngSequence: return nil
        }
    }

    /// The FFmpeg encoder it writes with.
    public var encoderName: String { codec?.defaultEncoder ?? "png" }

    /// Why `--codec codec` or `--encoder encoder` (nil: not given) cannot go with this
    /// format, or nil when they name what it writes.
    public func problem(codec given: VideoCodec?, encoder: String?) -> String? {
        let writes = "--overlay-only writes .mov as prores (ProRes 4444), .webm as vp9 (with alpha) and caps_%05d.png as PNG pictures"
        if let given, given != codec { return "--codec \(given.rawValue): \(writes)" }
        if let encoder, encoder != encoderName { return "--encoder \(encoder): \(writes), with prores_ks, libvpx-vp9 and png" }
        return nil
    }

    /// The pixel format the encoder takes.
    var pixelFormat: AVPixelFormat {
        switch self {
        case .proRes4444: return AV_PIX_FMT_YUVA444P10LE
        case .vp9Alpha: return AV_PIX_FMT_YUVA420P
        case .pngSequence: return AV_PIX_FMT_RGBA
        }
    }
}
