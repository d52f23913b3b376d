import CAVCodec
import CAVFilter
import CAVFormat
import CAVUtil
import CSWResample

/// Converts decoded audio of one format to mono 32-bit float at a fixed rate, through
/// libswresample. It owns the `SwrContext` and one output buffer reused for every call.
final class Resampler {
    /// Output samples per second.
    let outputRate: Int32
    private let context: OpaquePointer  // SwrContext
    private let path: String
    private let inputFormat: Int32  // AVSampleFormat
    private let inputRate: Int32  // samples per second
    private var inputLayout = AVChannelLayout()
    private var output: [Float] = []  // grown when a call could produce more; mono samples

    /// A resampler for audio shaped like `frame` (sample format, rate and channel layout).
    init(matching frame: Frame, outputRate: Int32, path: String) throws {
        let f = frame.pointer
        var layout = AVChannelLayout()
        // A layout whose channels have no known order is taken as the usual one for its count.
        if f.pointee.ch_layout.order == AV_CHANNEL_ORDER_UNSPEC {
            av_channel_layout_default(&layout, max(1, f.pointee.ch_layout.nb_channels))
        } else {
            try MediaError.check(av_channel_layout_copy(&layout, &f.pointee.ch_layout), "av_channel_layout_copy", file: path)
        }
        var mono = AVChannelLayout()
        av_channel_layout_default(&mono, 1)
        var context: OpaquePointer?
        do {
            try MediaError.check(
                swr_alloc_set_opts2(
                    &context, &mono, AV_SAMPLE_FMT_FLT, outputRate, &layout,
                    AVSampleFormat(rawValue: f.pointee.format), f.pointee.sample_rate, 0, nil),
                "swr_alloc_set_opts2", file: path)
            guard context != nil else { throw MediaError.outOfMemory("swr_alloc_set_opts2", file: path) }
            try MediaError.check(swr_init(context), "swr_init", file: path)
        } catch {
            swr_free(&context)
            av_channel_layout_uninit(&layout)
            throw error
        }
        self.context = context!
        self.outputRate = outputRate
        self.path = path
        self.inputFormat = f.pointee.format
        self.inputRate = f.pointee.sample_rate
        self.inputLayout = layout
    }

    deinit {
        var owned: OpaquePointer? = context
        swr_free(&owned)
        av_channel_layout_uninit(&inputLayout)
    }

    /// Whether `frame` has the format, rate and channel layout this resampler was made for.
    func matches(_ frame: Frame) -> Bool {
        let f = frame.pointer
        guard f.pointee.format == inputFormat, f.pointee.sample_rate == inputRate else { return false }
        if f.pointee.ch_layout.order == AV_CHANNEL_ORDER_UNSPEC {
            return f.pointee.ch_layout.nb_channels == inputLayout.nb_channels
        }
        return av_channel_layout_compare(&f.pointee.ch_layout, &inputLayout) == 0
    }

    /// Converts `frame` and passes the mono samples ready so far to `body`, which must not keep them.
    func convert(_ frame: Frame, _ body: (UnsafeBufferPointer<Float>) throws -> Void) throws {
        let f = frame.pointer
        let input = UnsafeMutableRawPointer(f.pointee.extended_data)?.assumingMemoryBound(to: UnsafePointer<UInt8>?.self)
        try run(input: input, count: f.pointee.nb_samples, body)
    }

    /// Passes the samples still held inside (the filter's delay) to `body`; call once, at the end.
    func flush(_ body: (UnsafeBufferPointer<Float>) throws -> Void) throws {
        while try run(input: nil, count: 0, body) > 0 {}
    }

    /// One `swr_convert` call into the reused buffer; returns how many samples it produced.
    @discardableResult
    private func run(
        input: UnsafeMutablePointer<UnsafePointer<UInt8>?>?, count: Int32,
        _ body: (UnsafeBufferPointer<Float>) throws -> Void
    ) throws -> Int32 {
        let capacity = Int(try MediaError.check(swr_get_out_samples(context, count), "swr_get_out_samples", file: path))
        if output.count < max(1, capacity) { output = [Float](repeating: 0, count: max(1, capacity)) }
        return try output.withUnsafeMutableBufferPointer { buffer in
            var plane = UnsafeMutableRawPointer(buffer.baseAddress).map { $0.assumingMemoryBound(to: UInt8.self) }
            let produced = try MediaError.check(
                swr_convert(context, &plane, Int32(buffer.count), input, count), "swr_convert", file: path)
            try body(UnsafeBufferPointer(rebasing: buffer[0..<Int(produced)]))
            return produced
        }
    }
}
