import CAVCodec
import CAVFilter
import CAVFormat
import CAVUtil

/// Turns decoded frames upright and, for formats other than yuv420p and yuv420p10le, into
/// 8-bit yuv420p, through a libavfilter graph (buffer -> [scale -> format] -> transpose/flip ->
/// buffersink). Only built when needed.
final class FrameTransformer {
    private let graph: FilterGraph

    init(
        width: Int32, height: Int32, format: AVPixelFormat, timeBase: AVRational, aspect: AVRational,
        steps: [FilterStep], path: String
    ) throws {
        let sar = aspect.num > 0 && aspect.den > 0 ? aspect : AVRational(num: 1, den: 1)
        let arguments =
            "video_size=\(width)x\(height):pix_fmt=\(format.rawValue):"
            + "time_base=\(timeBase.num)/\(timeBase.den):pixel_aspect=\(sar.num)/\(sar.den)"
        graph = try FilterGraph(source: "buffer", arguments: arguments, steps: steps, sink: "buffersink", path: path)
    }

    /// Output size after turning. // pixels
    var outputSize: (width: Int32, height: Int32) {
        (av_buffersink_get_w(graph.sink), av_buffersink_get_h(graph.sink))
    }

    /// Output pixel aspect ratio (turning swaps it).
    var outputAspect: AVRational { av_buffersink_get_sample_aspect_ratio(graph.sink) }

    func push(_ frame: Frame?) throws { try graph.push(frame) }

    func pull(into frame: Frame) throws -> Bool { try graph.pull(into: frame) }
}
