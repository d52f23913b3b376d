import Foundation
import Media

extension RenderNotice {
    /// The notice in one line of English, as the user reads it after the input's name.
    public var wording: String {
        switch self {
        case .droppedStream(let index, let kind):
            return "dropping stream #\(index) (\(kind))"
        case .reencodedStream(let index, let codec, let encoder):
            return "re-encoding stream #\(index) (\(codec)) to \(encoder): the output container cannot hold \(codec)"
        case .croppedOddSize(let width, let height, let croppedWidth, let croppedHeight):
            return "the picture is \(width)x\(height), an odd size: cropped to \(croppedWidth)x\(croppedHeight) "
                + "(H.264 4:2:0 needs even sizes)"
        case .damaged(let reason, let frames):
            return "the file is damaged or cut short (\(reason)): rendered the \(frames) frames before that point"
        case .skippedPackets(let count):
            return "\(count) damaged video packet(s) skipped; the frames around them may show errors"
        case .endsEarly(let lastSeconds, let statedSeconds):
            return "the video stops at \(String(format: "%.2f", lastSeconds)) s but the file says it lasts "
                + "\(String(format: "%.2f", statedSeconds)) s: it may have been cut short (rendered what is there)"
        }
    }
}
