/// Reads a video's pictures upright, as a player shows them, each with its time: for tests
/// and tools that look at pixels.
public final class PictureReader {
    private let source: VideoSource

    public init(path: String) throws { source = try VideoSource(path: path) }

    /// Upright size. // pixels
    public var width: Int { Int(source.width) }
    public var height: Int { Int(source.height) }

    /// Calls `body` with each picture in display order until it returns false or the video
    /// ends. The picture is valid only during the call.
    public func forEachPicture(_ body: (DecodedPicture) throws -> Bool) throws {
        var going = true
        try source.readFrames(going: { going }) { frame in
            guard going else { return }
            going = try body(DecodedPicture(frame, time: self.source.seconds(frame)))
        }
    }
}
