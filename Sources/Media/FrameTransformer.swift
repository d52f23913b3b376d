import CAVFilter
import CAVUtil

/// Turns decoded frames upright and into the output pixel format, through a libavfilter
/// graph (buffer -> format -> transpose/flip -> buffersink). Only built when needed.
final class FrameTransformer {
    private let graph: UnsafeMutablePointer<AVFilterGraph>
    private let source: UnsafeMutablePointer<AVFilterContext>
    private let sink: UnsafeMutablePointer<AVFilterContext>
    private let path: String

    init(
        width: Int32, height: Int32, format: AVPixelFormat, timeBase: AVRational, aspect: AVRational,
        steps: [FilterStep], path: String
    ) throws {
        guard let graph = avfilter_graph_alloc() else { throw MediaError.outOfMemory("avfilter_graph_alloc", file: path) }
        self.graph = graph
        self.path = path
        let sar = aspect.num > 0 && aspect.den > 0 ? aspect : AVRational(num: 1, den: 1)
        let bufferArguments =
            "video_size=\(width)x\(height):pix_fmt=\(format.rawValue):"
            + "time_base=\(timeBase.num)/\(timeBase.den):pixel_aspect=\(sar.num)/\(sar.den)"
        func make(_ name: String, _ arguments: String?, _ label: String) throws -> UnsafeMutablePointer<AVFilterContext> {
            guard let filter = avfilter_get_by_name(name) else {
                throw MediaError.unsupported(file: path, message: "libavfilter has no \(name) filter")
            }
            var context: UnsafeMutablePointer<AVFilterContext>?
            try MediaError.check(
                avfilter_graph_create_filter(&context, filter, label, arguments, nil, graph),
                "avfilter_graph_create_filter (\(name))", file: path)
            return context!
        }
        do {
            source = try make("buffer", bufferArguments, "in")
            sink = try make("buffersink", nil, "out")
            // Convert first: turning 8-bit frames moves fewer bytes than turning 10-bit ones.
            let all = [FilterStep("format", "pix_fmts=yuv420p")] + steps
            var previous = source
            for (i, step) in all.enumerated() {
                let next = try make(step.name, step.arguments, "step\(i)")
                try MediaError.check(avfilter_link(previous, 0, next, 0), "avfilter_link", file: path)
                previous = next
            }
            try MediaError.check(avfilter_link(previous, 0, sink, 0), "avfilter_link", file: path)
            try MediaError.check(avfilter_graph_config(graph, nil), "avfilter_graph_config", file: path)
        } catch {
            var owned: UnsafeMutablePointer<AVFilterGraph>? = graph
            avfilter_graph_free(&owned)
            throw error
        }
    }

    deinit {
        var owned: UnsafeMutablePointer<AVFilterGraph>? = graph
        avfilter_graph_free(&owned)
    }

    /// Output size after turning. // pixels
    var outputSize: (width: Int32, height: Int32) {
        (av_buffersink_get_w(sink), av_buffersink_get_h(sink))
    }

    /// Hands a frame to the graph (its buffers move; `frame` is left empty), or nil at the end.
    func push(_ frame: Frame?) throws {
        try MediaError.check(av_buffersrc_add_frame(source, frame?.pointer), "av_buffersrc_add_frame", file: path)
    }

    /// The next transformed frame into `frame`; false when the graph needs more input.
    func pull(into frame: Frame) throws -> Bool {
        let code = av_buffersink_get_frame(sink, frame.pointer)
        if code == AVCode.again || code == AVCode.eof { return false }
        try MediaError.check(code, "av_buffersink_get_frame", file: path)
        return true
    }
}
