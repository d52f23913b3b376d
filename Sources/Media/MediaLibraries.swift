import CAVCodec
import CAVFilter
import CAVFormat
import CAVUtil
import CSWResample
import CSWScale

/// Versions of the FFmpeg libraries in use.
public enum MediaLibraries {
    public static var versions: [(name: String, version: String)] {
        func text(_ version: UInt32) -> String { "\(version >> 16).\((version >> 8) & 0xFF).\(version & 0xFF)" }
        return [
            ("libavformat", text(avformat_version())), ("libavcodec", text(avcodec_version())),
            ("libavfilter", text(avfilter_version())), ("libavutil", text(avutil_version())),
            ("libswscale", text(swscale_version())), ("libswresample", text(swresample_version())),
        ]
    }
}
