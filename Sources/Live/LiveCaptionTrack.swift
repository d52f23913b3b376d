import CaptionFiles
import Captions
import Foundation
import Media
import Pipeline

/// One track of a live run's captions: its items (a feed's, applied at the first frame at or
/// after they are due, or the recognizer's at the first frame after they come), held for
/// their words' own times with `--delay` (`DelayedCaptions`), drawn as rows (`LiveOverlays`),
/// each item and display logged to the stats with the track's number.
final class LiveCaptionTrack {
    let overlays: LiveOverlays
    /// Where the items come from: a feed, or the speech as it is spoken.
    private let feed: CaptionFeed?
    let speech: SpeechCaptions?
    /// `--delay`: the updates held for their words' times; nil without a delay.
    private let delayed: DelayedCaptions?
    private let delaySeconds: Double
    private let stats: LiveStats?
    /// 1, or 2 for `--second-captions` (logged as `track` then).
    private let number: Int

    init(
        overlays: LiveOverlays, feed: CaptionFeed?, speech: SpeechCaptions?, delaySeconds: Double, stats: LiveStats?, number: Int
    ) {
        self.overlays = overlays
        self.feed = feed
        self.speech = speech
        self.delaySeconds = delaySeconds
        delayed = delaySeconds > 0 ? DelayedCaptions(refine: speech.map { speech in { speech.refined($0) } }) : nil
        self.stats = stats
        self.number = number
        if let stats {
            overlays.displayed = { display, time in stats.write("display", Self.fields(display, time: time, track: number)) }
        }
    }

    /// The track's overlay of the frame at `time` seconds, after the items due by then. With
    /// `--delay` the items are taken as they come (the stream's live edge is `delay` seconds
    /// ahead of the frame) and their words shown at their own starts.
    func overlay(at time: Double) throws -> FrameOverlay? {
        let edge = time + delaySeconds
        for item in feed?.due(by: edge) ?? [] {
            var fields: [String: Any] = ["line": item.line, "t": time, "final": item.update.isFinal]
            if let arrival = item.arrival { fields["arrival"] = arrival }
            log(&fields)
            try take(item.update, at: time)
        }
        if let speech {
            let updates = speech.updates()
            for update in updates {
                var fields: [String: Any] = ["t": time, "final": update.isFinal, "committed": update.committedCount ?? -1, "text": update.text]
                if let times = update.wordTimes {
                    fields["starts"] = times.map(\.start)
                    fields["probabilities"] = times.map { $0.confidence ?? -1 }
                }
                log(&fields)
                try take(update, at: time)
            }
            if speech.interrupted {
                if let delayed { delayed.close(speaker: nil) } else { overlays.close(speaker: nil) }
            }
        }
        for update in delayed?.due(by: time) ?? [] { try overlays.apply(update, at: time) }
        return try overlays.overlay(at: time)
    }

    /// Applies `update`, or holds it for its words' times with `--delay`.
    private func take(_ update: LiveUpdate, at time: Double) throws {
        guard let delayed else { return try overlays.apply(update, at: time) }
        delayed.take(update, edge: time + delaySeconds)
    }

    private func log(_ fields: inout [String: Any]) {
        guard let stats else { return }
        if number > 1 { fields["track"] = number }
        stats.write("item", fields)
    }

    /// A display as a stats line's fields.
    private static func fields(_ display: LiveDisplay, time: Double, track: Int) -> [String: Any] {
        func words(_ words: [LiveDisplay.ShownWord]) -> [[String: Any]] { words.map { ["id": $0.id, "text": $0.text, "x": $0.x] } }
        var fields: [String: Any] = [
            "t": time,
            "rows": display.rows.map {
                ["id": $0.id, "speaker": $0.speaker ?? NSNull(), "label": $0.label ?? NSNull(), "y": $0.y, "words": words($0.words)] as [String: Any]
            },
            "tentative": words(display.tentative),
        ]
        if track > 1 { fields["track"] = track }
        return fields
    }
}
