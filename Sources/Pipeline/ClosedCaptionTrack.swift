import CaptionFiles
import Captions
import UnicodeText

/// The burned captions as CEA-608 closed captions too (`--cea608`): CC1 roll-up, each word
/// sent at its start (a word without times at its caption's), the rows cleared when no
/// caption follows within `pause`, so that a player's own captions match what is burned.
final class ClosedCaptionTrack {
    /// After a caption, a silence this long or longer clears the rows. // seconds
    static let pause = 3.0
    private var schedule: CEA608Schedule

    /// The first track's captions of `planned` in CEA-608, for a video of `framesPerSecond`;
    /// throws `BurnError.usage` naming `file` and the character when a caption holds one that
    /// 608 cannot carry (another script than Latin, an emoji).
    init(_ planned: [PlannedCaption], framesPerSecond: Double, file: String) throws {
        let captions = planned.filter { $0.track == 1 }.map(\.caption).sorted { $0.start < $1.start }
        let latin = Transliterator("Latin-ASCII")
        var writer = CEA608RollUp()
        var events: [CEA608Schedule.Event] = []
        do {
            for (index, caption) in captions.enumerated() {
                let words =
                    caption.words.isEmpty
                    ? caption.text.split(whereSeparator: \.isWhitespace).map { (String($0), caption.start) }
                    : caption.words.filter { !$0.isLabel }.map { ($0.text, $0.start) }
                for (text, start) in words {
                    let pairs = try writer.append(text, speaker: caption.speaker, transliterator: latin)
                    if !pairs.isEmpty { events.append(.init(seconds: start, pairs: pairs)) }
                }
                let next = index + 1 < captions.count ? captions[index + 1].start : .infinity
                if next - caption.end >= Self.pause { events.append(.init(seconds: caption.end, pairs: writer.end())) }
            }
        } catch let error as CEA608Error {
            throw BurnError.usage("\(file): --cea608: \(error)")
        }
        schedule = CEA608Schedule(events: events, framesPerSecond: framesPerSecond)
    }

    /// The A/53 `cc_data` of the frame shown at `seconds` (frames asked for in order).
    func data(at seconds: Double) -> [UInt8] {
        CEA608Schedule.ccData(schedule.pair(forFrameAt: seconds))
    }
}
