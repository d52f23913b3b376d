import CaptionFiles
import Captions
import Foundation

/// The caption readers and the Captions stage on any bytes, with the invariants both promise.
enum ReaderTargets {
    /// Limits of the tiktok preset, as a render uses them.
    static let limits = ChunkingLimits(maxCharacters: 32, maxDuration: 3.5, minDuration: 0.8)

    /// The latest time a reader gives: its limit for any time in a file, plus the 2 s a live
    /// log's last caption may get. // seconds
    static let latestTime = 1_000_000.0 + 2

    /// Reads `data` as each of `formats` (nil: detected from the content, as for a `.json`
    /// file), checks what is read, builds captions from it and writes them out as
    /// `--export-captions` does. Errors are swallowed.
    static func read(_ data: Data, file: String, formats: [CaptionFormat?]) {
        for format in formats {
            guard let transcript = try? CaptionReader.parse(data, file: file, format: format) else { continue }
            check(transcript, format: format)
            if transcript.segments.isEmpty {
                // A valid file with nothing to show is read as such; a strict read refuses it.
                require(
                    (try? CaptionReader.parse(data, file: file, format: format, strict: true)) == nil,
                    "a strict read of a file with nothing to show did not fail")
            }
            var warnings: [String] = []
            let captions = CaptionBuilder.captions(from: transcript, limits: limits, warnings: &warnings)
            check(captions)
            for format in [CaptionFormat.srt, .vtt, .json] { _ = try? CaptionWriter.data(captions, format: format) }
        }
    }

    /// A transcript a reader returns: segments (none for a file with nothing to show), each
    /// with finite times from 0 on, not ending before it starts (a SubRip or WebVTT cue not
    /// even at its start: no player shows one); the same for words.
    static func check(_ transcript: Transcript, format: CaptionFormat?) {
        for segment in transcript.segments {
            checkTimes(segment.start, segment.end, "segment \(segment)")
            if format == .srt || format == .vtt { require(segment.start < segment.end, "a cue of no length: \(segment)") }
            for word in segment.words { checkTimes(word.start, word.end, "word \(word)") }
        }
    }

    /// Captions of the Captions stage: in time order, never two at once in one lane (cues of
    /// different lanes are meant to share the screen), each with a start before its end and
    /// its words inside it, a piece of a hand-timed cue inside the cue's time.
    static func check(_ captions: [Caption]) {
        for caption in captions {
            checkTimes(caption.start, caption.end, "caption \(caption)")
            require(caption.start < caption.end, "caption without length: \(caption)")
            if let cue = caption.cueTime {
                require(cue.contains(caption.start) && cue.contains(caption.end), "a piece outside its cue's time \(cue): \(caption)")
            }
            for word in caption.words {
                require(
                    word.start >= caption.start && word.end <= caption.end && word.start <= word.end,
                    "word \(word) outside its caption \(caption)")
            }
        }
        for (a, b) in zip(captions, captions.dropFirst()) {
            require(a.start <= b.start, "captions out of order: \(a) before \(b)")
        }
        for lane in Set(captions.map(\.lane)) {
            let inLane = captions.filter { $0.lane == lane }
            for (a, b) in zip(inLane, inLane.dropFirst()) {
                require(a.end <= b.start, "two captions at once in lane \(lane): \(a) and \(b)")
            }
        }
    }

    private static func checkTimes(_ start: Double, _ end: Double, _ what: @autoclosure () -> String) {
        require(start.isFinite && end.isFinite, "time not finite: \(what())")
        require(start >= 0, "negative start: \(what())")
        require(start <= end, "ends before it starts: \(what())")
        require(end <= latestTime, "time beyond \(latestTime) s: \(what())")
    }
}
