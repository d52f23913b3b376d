/// What an edit list says: the parts of one source file kept, in order, placed back to back
/// from the start of the timeline, with the source's picture size and sound.
public struct EditTimeline: Sendable, Equatable {
    /// The timeline's (sequence's, project's, EDL title's) name.
    public var name: String
    /// The source file's absolute path.
    public var sourcePath: String
    /// The source's frame rate.
    public var rate: EditRate
    /// The source's start timecode in frames (0 when the file has none).
    public var sourceStartFrame: Int
    /// The source's length in frames.
    public var sourceFrames: Int
    /// The kept ranges in source frames from the file's first frame: ascending, disjoint, not empty.
    public var kept: [Range<Int>]
    /// The picture's width in pixels.
    public var width: Int
    /// The picture's height in pixels.
    public var height: Int
    /// The source's audio channels (0: no audio track).
    public var audioChannels: Int
    /// The source's audio sample rate in Hz.
    public var audioSampleRate: Int

    /// A timeline of `kept` ranges of the source at `sourcePath`.
    public init(
        name: String, sourcePath: String, rate: EditRate, sourceStartFrame: Int, sourceFrames: Int, kept: [Range<Int>],
        width: Int, height: Int, audioChannels: Int, audioSampleRate: Int
    ) {
        self.name = name
        self.sourcePath = sourcePath
        self.rate = rate
        self.sourceStartFrame = sourceStartFrame
        self.sourceFrames = sourceFrames
        self.kept = kept
        self.width = width
        self.height = height
        self.audioChannels = audioChannels
        self.audioSampleRate = audioSampleRate
    }

    /// Checks every field an edit list is written from; the first fault is an `EditListError`
    /// naming its field (`kept[1]`).
    public func check() throws {
        guard sourcePath.hasPrefix("/") else { throw EditListError("sourcePath", "\(sourcePath) is not an absolute path") }
        guard sourceStartFrame >= 0 else { throw EditListError("sourceStartFrame", "\(sourceStartFrame) is negative") }
        guard sourceFrames > 0 else { throw EditListError("sourceFrames", "\(sourceFrames) frames: the source is empty") }
        guard width > 0, height > 0 else { throw EditListError("width, height", "\(width)x\(height) is not a picture size") }
        guard audioChannels >= 0 else { throw EditListError("audioChannels", "\(audioChannels) is negative") }
        guard audioChannels == 0 || audioSampleRate > 0 else {
            throw EditListError("audioSampleRate", "\(audioSampleRate) Hz is not a sample rate")
        }
        guard !kept.isEmpty else { throw EditListError("kept", "nothing is kept") }
        var end = 0
        for (index, range) in kept.enumerated() {
            let field = "kept[\(index)]"
            guard !range.isEmpty else { throw EditListError(field, "frames \(range) are empty") }
            guard range.lowerBound >= end else {
                throw EditListError(field, "frames \(range) start before the range before them ends (frame \(end))")
            }
            guard range.upperBound <= sourceFrames else {
                throw EditListError(field, "frames \(range) end after the source's \(sourceFrames) frames")
            }
            end = range.upperBound
        }
    }

    /// The source file's name: the last component of its path.
    var sourceName: String { sourcePath.split(separator: "/").last.map(String.init) ?? sourcePath }

    /// The record frames each kept range starts at, from 0, and the timeline's length in frames.
    var recordStarts: (starts: [Int], length: Int) {
        var starts: [Int] = []
        var position = 0
        for range in kept {
            starts.append(position)
            position += range.count
        }
        return (starts, position)
    }

    /// The record timecode the timeline starts at in EDL, FCP 7, FCPXML and OTIO: 01:00:00:00.
    var recordStartFrame: Int { Timecode.framesPerHour(rate) }
}
