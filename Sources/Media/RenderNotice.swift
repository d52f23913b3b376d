/// Something a render or a join noticed that the person running it should hear of, once:
/// Media says what, Pipeline words it.
public enum RenderNotice: Hashable, Sendable {
    /// The input's stream `index`, of `kind` (FFmpeg's media type name: "subtitle", "data"),
    /// is left out of the output.
    case droppedStream(index: Int, kind: String)
    /// The input's audio stream `index`, in `codec`, is re-encoded to `encoder` (AAC, Opus):
    /// the output container cannot hold `codec`.
    case reencodedStream(index: Int, codec: String, encoder: String)
    /// The picture, `width` x `height` (an odd size), is cropped to `croppedWidth` x
    /// `croppedHeight` (H.264 4:2:0 needs even sizes). // pixels
    case croppedOddSize(width: Int, height: Int, croppedWidth: Int, croppedHeight: Int)
    /// The input is damaged or cut short (`reason`, FFmpeg's): the `frames` before that point
    /// were rendered.
    case damaged(reason: String, frames: Int)
    /// `count` damaged video packets were skipped.
    case skippedPackets(count: Int)
    /// The video stops at `lastSeconds` though the file says it lasts `statedSeconds`.
    case endsEarly(lastSeconds: Double, statedSeconds: Double)
}
