import CAVCodec
import CAVFilter
import CAVFormat
import CAVUtil
import Imaging

/// What one output of a render holds while it runs: its overlay (and the YUV form of the
/// last), its encoder and muxer, and its failure, if any.
struct OutputState {
    let overlay: (Double) throws -> FrameOverlay?
    var sink: BurnedOutput?
    var current: (id: Int, overlay: YUVOverlay)?
    var captionedFrames = 0
    var failure: Error?
    /// Whether its frames are narrowed from 10 to 8 bits (an 8-bit encoder, or `--null`).
    var narrows: Bool
    /// The closed-caption data of the frame at a time (`RenderOutput.closedCaptions`).
    var closedCaptions: ((Double) -> [UInt8])?
    /// Whether frames keep the input's closed captions when the output gives none of its own
    /// (not in a cut render: their times no longer hold).
    var keepsInputCaptions = true

    init(overlay: @escaping (Double) throws -> FrameOverlay?, narrows: Bool) {
        self.overlay = overlay
        self.narrows = narrows
    }

    /// The state of `output` as it opens: `sink` makes its encoder and muxer (nil: frames are
    /// dropped), or fails, and the output starts failed with that error. `tenBit`: the frames
    /// are decoded with 10 bits (narrowed unless the sink takes them as they are).
    init(_ output: RenderOutput<RenderTarget>, tenBit: Bool, sink: () throws -> BurnedOutput?) {
        self.init(overlay: output.overlay, narrows: tenBit)
        closedCaptions = output.closedCaptions
        do {
            if let opened = try sink() {
                self.sink = opened
                narrows = opened.takesNarrowed
            }
        } catch {
            failure = error
        }
    }

    /// The overlay for the frame at `time`, converted to YUV when it is a new one (only its
    /// changed areas, when it says which).
    mutating func caption(
        at time: Double, matrix: ColorMatrix, fullRange: Bool, bitDepth: Int, range: DynamicRange, chroma: ChromaLayout
    ) throws -> YUVOverlay? {
        guard let caption = try overlay(time) else { return nil }
        if current?.id != caption.id {
            // The overlay before, given up first, so that its planes are changed in place
            // unless a held frame still uses them.
            var before = caption.change != nil && current?.id == caption.change?.previous ? current?.overlay : nil
            current = nil
            if let change = caption.change, before != nil,
                before!.update(caption.bitmap, areas: change.areas, matrix: matrix, fullRange: fullRange)
            {
                current = (caption.id, before!)
            } else {
                current = (caption.id, YUVOverlay(
                        caption.bitmap, matrix: matrix, fullRange: fullRange, bitDepth: bitDepth, range: range, chroma: chroma))
            }
        }
        return current!.overlay
    }

    /// The output stops here: its encoder and muxer go (the caller removes its file).
    mutating func fail(_ error: Error) {
        failure = error
        sink = nil
        current = nil
    }
}
