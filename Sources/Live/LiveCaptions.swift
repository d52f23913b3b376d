import CaptionFiles
import Captions
import Imaging
import Media
import Pipeline
import Raster
import UnicodeText

/// The captions of a live run: the first track (a feed, or the speech as it is spoken) and,
/// with `--second-captions`, a second track from its own feed below or above it (the preset's
/// `secondTrack`), each a `LiveCaptionTrack`, their overlays layered; `--cea608` from the
/// first track's words as they are committed.
final class LiveCaptions {
    let first: LiveCaptionTrack
    let second: LiveCaptionTrack?
    /// The layered overlay of both tracks, by the overlays it was made of.
    private var layered: (ids: [Int?], overlay: FrameOverlay?)?
    private var layeredCount = 0
    /// `--cea608`: the committed words as CC1 roll-up, nil when not asked for or given up
    /// (a word 608 cannot carry).
    private var closedCaptions: (writer: CEA608RollUp, schedule: CEA608Schedule)?
    /// The last frame's overlay and closed captions: every output of a frame (the stream and
    /// its `--record` copy) gets the same, and the 608 schedule moves one frame per frame.
    private var lastOverlay: (time: Double, overlay: FrameOverlay?)?
    private var lastClosedCaptions: (time: Double, data: [UInt8]?)?

    init(
        _ request: LiveRequest, width: Int, height: Int, frameRate: Double, stats: LiveStats?,
        warn: @escaping @Sendable (String) -> Void
    ) throws {
        let styles: (first: LiveStyle, second: LiveStyle?)
        if request.secondFeed != nil {
            styles = try LiveStyle.tracks(
                preset: request.preset, look: request.look, fontsConf: request.fontsConf, width: width, height: height, rows: request.rows,
                languages: (request.recognition?.language ?? nil, request.secondLanguage))
        } else {
            styles = (
                try LiveStyle(
                    preset: request.preset, look: request.look, fontsConf: request.fontsConf, width: width, height: height, rows: request.rows),
                nil
            )
        }
        func feed(_ source: String?) throws -> CaptionFeed? { try source.map { try CaptionFeed($0, warn: { warn("warning: " + $0) }) } }
        first = LiveCaptionTrack(
            overlays: LiveOverlays(style: styles.first, mode: request.displayMode, labels: request.speakerLabels), feed: try feed(request.feed),
            speech: try request.recognition.map { try SpeechCaptions(settings: $0, warn: warn) }, delaySeconds: request.delaySeconds,
            stats: stats, number: 1)
        second = try styles.second.map { style in
            LiveCaptionTrack(
                overlays: LiveOverlays(style: style, mode: request.displayMode, labels: request.speakerLabels),
                feed: try feed(request.secondFeed), speech: nil, delaySeconds: request.delaySeconds, stats: stats, number: 2)
        }
        guard request.closedCaptions else { return }
        closedCaptions = (CEA608RollUp(rows: max(2, request.rows)), CEA608Schedule(events: [], framesPerSecond: frameRate))
        let latin = Transliterator("Latin-ASCII")
        first.overlays.committed = { [unowned self] word, speaker, _ in
            do {
                if let pairs = try closedCaptions?.writer.append(word, speaker: speaker, transliterator: latin) {
                    closedCaptions?.schedule.send(pairs)
                }
            } catch {
                warn("warning: --cea608: \(error); the stream goes on without closed captions")
                closedCaptions = nil
            }
        }
        first.overlays.cleared = { [unowned self] _ in
            if let pairs = closedCaptions?.writer.end() { closedCaptions?.schedule.send(pairs) }
        }
    }

    /// The recognizer of the first track, with `--captions auto`.
    var speech: SpeechCaptions? { first.speech }

    /// The A/53 caption data of the frame at `time`: the 608 pair due, or none without `--cea608`.
    func closedCaptionData(at time: Double) -> [UInt8]? {
        guard closedCaptions != nil else { return nil }
        if let last = lastClosedCaptions, last.time == time { return last.data }
        let data = CEA608Schedule.ccData(closedCaptions!.schedule.pair(forFrameAt: time))
        lastClosedCaptions = (time, data)
        return data
    }

    /// The overlay of the frame at `time` seconds: the first track's, or both tracks' layered
    /// (made again only when either changed; then drawn whole, with no changed areas).
    func overlay(at time: Double) throws -> FrameOverlay? {
        if let last = lastOverlay, last.time == time { return last.overlay }
        let overlay = try layeredOverlay(at: time)
        lastOverlay = (time, overlay)
        return overlay
    }

    private func layeredOverlay(at time: Double) throws -> FrameOverlay? {
        let overlay = try first.overlay(at: time)
        guard let second else { return overlay }
        let other = try second.overlay(at: time)
        let ids = [overlay?.id, other?.id]
        if let layered, layered.ids == ids { return layered.overlay }
        layeredCount += 1
        let made = CaptionBitmap.layered([overlay?.bitmap, other?.bitmap].compactMap { $0 }).map {
            FrameOverlay(id: layeredCount, bitmap: $0, change: nil)
        }
        layered = (ids, made)
        return made
    }
}
