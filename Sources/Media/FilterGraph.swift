import CAVCodec
import CAVFilter
import CAVFormat
import CAVUtil

/// A linear libavfilter graph: a source (`buffer` or `abuffer`), filters in order, a sink.
final class FilterGraph {
    private let graph: UnsafeMutablePointer<AVFilterGraph>
    private let source: UnsafeMutablePointer<AVFilterContext>
    let sink: UnsafeMutablePointer<AVFilterContext>
    private let path: String

    init(
        source sourceName: String, arguments: String, steps: [FilterStep], sink sinkName: String, path: String
    ) throws {
        guard let graph = avfilter_graph_alloc() else { throw MediaError.outOfMemory("avfilter_graph_alloc", file: path) }
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
        // Built in locals: until every property is set, a failure frees the graph here, and
        // deinit (which runs once they are all set) never sees a half-built one.
        let source: UnsafeMutablePointer<AVFilterContext>
        let sink: UnsafeMutablePointer<AVFilterContext>
        do {
            source = try make(sourceName, arguments, "in")
            sink = try make(sinkName, nil, "out")
            var previous = source
            for (i, step) in steps.enumerated() {
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
        self.graph = graph
        self.source = source
        self.sink = sink
        self.path = path
    }

    deinit {
        var owned: UnsafeMutablePointer<AVFilterGraph>? = graph
        avfilter_graph_free(&owned)
    }

    /// Hands a frame to the graph (its buffers move; `frame` is left empty), or nil at the end.
    func push(_ frame: Frame?) throws {
        try MediaError.check(av_buffersrc_add_frame(source, frame?.pointer), "av_buffersrc_add_frame", file: path)
    }

    /// The next filtered frame into `frame`; false when the graph needs more input or is drained.
    func pull(into frame: Frame) throws -> Bool {
        let code = av_buffersink_get_frame(sink, frame.pointer)
        if code == AVCode.again || code == AVCode.eof { return false }
        try MediaError.check(code, "av_buffersink_get_frame", file: path)
        return true
    }
}
