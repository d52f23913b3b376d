import CaptionFiles
import Captions
import Foundation
import Media
import Pipeline
import UnicodeText

/// The captions of a live run: the feed's items applied at the first frame at or after they
/// are due, or the recognizer's updates at the first frame after they come (`SpeechCaptions`),
/// drawn as roll-up rows (`LiveOverlays`), each change logged to the stats; with `--delay`, each
/// word shown from its own start (`DelayedCaptions`); `--cea608` from the words as they are
/// committed.
final class LiveCaptions {
    let overlays: LiveOverlays
    /// Where the items come from: a feed, or the speech as it is spoken.
    private let feed: CaptionFeed?
    let speech: SpeechCaptions?
    /// `--delay`: the updates held for their words' times; nil without a delay.
    private let delayed: DelayedCaptions?
    private let delaySeconds: Double
    private let stats: LiveStats?
    /// `--cea608`: the committed words as CC1 roll-up, nil when not asked for or given up
    /// (a word 608 cannot carry).
    private var closedCaptions: (writer: CEA608RollUp, schedule: CEA608Schedule)?

    init(
        _ request: LiveRequest, width: Int, height: Int, frameRate: Double, stats: LiveStats?,
        warn: @escaping @Sendable (String) -> Void
    ) throws {
        let style = try LiveStyle(
            preset: request.preset, look: request.look, fontsConf: request.fontsConf, width: width, height: height, rows: request.rows)
        overlays = LiveOverlays(style: style, mode: request.displayMode, labels: request.speakerLabels)
        feed = try request.feed.map { try CaptionFeed($0, warn: { warn("warning: " + $0) }) }
        speech = try request.recognition.map { try SpeechCaptions(settings: $0, warn: warn) }
        self.stats = stats
        delaySeconds = request.delaySeconds
        delayed = request.delaySeconds > 0 ? DelayedCaptions(refine: speech.map { speech in { speech.refined($0) } }) : nil
        if let stats {
            overlays.displayed = { display, time in stats.write("display", Self.fields(display, time: time)) }
        }
        guard request.closedCaptions else { return }
        closedCaptions = (CEA608RollUp(rows: max(2, request.rows)), CEA608Schedule(events: [], framesPerSecond: frameRate))
        let latin = Transliterator("Latin-ASCII")
        overlays.committed = { [unowned self] word, speaker, _ in
            do {
                if let pairs = try closedCaptions?.writer.append(word, speaker: speaker, transliterator: latin) {
                    closedCaptions?.schedule.send(pairs)
                }
            } catch {
                warn("warning: --cea608: \(error); the stream goes on without closed captions")
                closedCaptions = nil
            }
        }
        overlays.cleared = { [unowned self] _ in
            if let pairs = closedCaptions?.writer.end() { closedCaptions?.schedule.send(pairs) }
        }
    }

    /// The A/53 caption data of the frame at `time`: the 608 pair due, or none without `--cea608`.
    func closedCaptionData(at time: Double) -> [UInt8]? {
        guard closedCaptions != nil else { return nil }
        return CEA608Schedule.ccData(closedCaptions!.schedule.pair(forFrameAt: time))
    }

    /// The overlay of the frame at `time` seconds, after the items due by then. With `--delay`
    /// the items are taken as they come (the stream's live edge is `delay` seconds ahead of
    /// the frame) and their words shown at their own starts (`DelayedCaptions`).
    func overlay(at time: Double) throws -> FrameOverlay? {
        let edge = time + delaySeconds
        for item in feed?.due(by: edge) ?? [] {
            var fields: [String: Any] = ["line": item.line, "t": time, "final": item.update.isFinal]
            if let arrival = item.arrival { fields["arrival"] = arrival }
            stats?.write("item", fields)
            try take(item.update, at: time)
        }
        if let speech {
            let updates = speech.updates()
            for update in updates {
                var fields: [String: Any] = ["t": time, "final": update.isFinal, "committed": update.committedCount ?? -1, "text": update.text]
                if let times = update.wordTimes { fields["starts"] = times.map(\.start) }
                stats?.write("item", fields)
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

    /// A display as a stats line's fields.
    private static func fields(_ display: LiveDisplay, time: Double) -> [String: Any] {
        func words(_ words: [LiveDisplay.ShownWord]) -> [[String: Any]] { words.map { ["id": $0.id, "text": $0.text, "x": $0.x] } }
        return [
            "t": time,
            "rows": display.rows.map {
                ["id": $0.id, "speaker": $0.speaker ?? NSNull(), "label": $0.label ?? NSNull(), "y": $0.y, "words": words($0.words)] as [String: Any]
            },
            "tentative": words(display.tentative),
        ]
    }
}
