/// How far a render has come.
public struct TranscodeProgress: Sendable {
    public var frames: Int
    public var time: Double  // seconds of video done
    public var duration: Double?  // seconds of video in all, when known
}

/// What a finished render did.
public struct TranscodeSummary: Sendable {
    public var frames: Int
    public var captionedFrames: Int
    public var copiedStreams: Int
    public var copiedFrames: Int  // captioned frames copied because the decoder still referenced them
    public var stages: StageTimes  // seconds per stage: demux+decode on the decoding thread, the rest on the render thread
    public var width: Int  // pixels
    public var height: Int  // pixels
}
