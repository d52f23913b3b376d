import CAVCodec
import CAVFilter
import CAVFormat
import CAVUtil
import Foundation

/// The power spectrum of a block of samples through libavutil's real FFT (`av_tx`), a Hann
/// window applied first. It owns the transform's context and its buffers, reused for every
/// block: one thread at a time.
public final class PowerSpectrum {
    /// Samples per block (a power of two).
    public let size: Int
    private let context: OpaquePointer  // AVTXContext
    private let transform: av_tx_fn
    private let window: [Float]
    private let input: UnsafeMutablePointer<Float>  // av_malloc'd: aligned as av_tx wants
    private let output: UnsafeMutablePointer<Float>  // size / 2 + 1 complex values, interleaved

    /// A transform of blocks of `size` samples; `size` must be a power of two, at least 16.
    public init(size: Int) throws {
        precondition(size >= 16 && size & (size - 1) == 0, "size must be a power of two")
        var context: OpaquePointer?
        var transform: av_tx_fn?
        var scale: Float = 1
        try MediaError.check(
            av_tx_init(&context, &transform, AV_TX_FLOAT_RDFT, 0, Int32(size), &scale, 0), "av_tx_init", file: nil)
        let input = av_malloc(MemoryLayout<Float>.stride * size)?.assumingMemoryBound(to: Float.self)
        let output = av_malloc(MemoryLayout<Float>.stride * (size + 2))?.assumingMemoryBound(to: Float.self)
        guard let context, let transform, let input, let output else {
            av_tx_uninit(&context)
            av_free(input)
            av_free(output)
            throw MediaError.outOfMemory("av_tx_init", file: nil)
        }
        self.size = size
        self.window = (0..<size).map { 0.5 - 0.5 * Float(cos(2 * Double.pi * Double($0) / Double(size))) }
        self.input = input
        self.output = output
        self.context = context
        self.transform = transform
    }

    deinit {
        var owned: OpaquePointer? = context
        av_tx_uninit(&owned)
        av_free(input)
        av_free(output)
    }

    /// The power of each of the `size / 2 + 1` frequency bins of `block` (`size` samples),
    /// bin k at k × rate / size hertz. // squared magnitude
    public func power(of block: UnsafeBufferPointer<Float>) -> [Float] {
        precondition(block.count == size, "a block holds size samples")
        for index in 0..<size { input[index] = block[index] * window[index] }
        transform(context, output, input, MemoryLayout<Float>.stride)
        return (0...(size / 2)).map { output[2 * $0] * output[2 * $0] + output[2 * $0 + 1] * output[2 * $0 + 1] }
    }
}
