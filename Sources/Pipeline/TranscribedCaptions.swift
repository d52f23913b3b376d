import Captions
import Foundation
import Media
import Speech

/// What `burn-captions transcribe` writes: the recognized speech of an input as captions with
/// word times and probabilities, or the cues of a caption file given the recognized word times.
public struct TranscribedCaptions: Sendable {
    /// The captions in order, each with its words.
    public var captions: [Caption]
    /// The language the recognizer heard (BCP-47), when it named one.
    public var language: String?
    /// How many words the captions hold.
    public var words: Int { captions.reduce(0) { $0 + $1.words.count } }
}

extension Burner {
    /// Recognizes `request`'s input (`request.captions`: `auto`, or the caption file to align)
    /// and returns the captions; writes nothing; stops when `cancellation` is raised.
    public static func transcribe(_ request: BurnRequest, cancellation: Cancellation, events: (BurnEvent) -> Void) throws
        -> TranscribedCaptions
    {
        do {
            guard case .file(let path) = request.input else {
                throw BurnError.usage("transcribe needs an input video or audio file and -o FILE")
            }
            try checkInput(path)
            let sources = try PlanSources(input: try MediaInput(path: path, use: .sound))
            let speech = try sources.recognized(request.recognitionSettings, cancellation: cancellation, events: events)
            speech.transcript.notes.forEach { events(.warning($0.description)) }
            let captions = try segments(of: request, speech: speech, events: events).map { segment in
                Caption(
                    text: segment.text, start: segment.start, end: segment.end, language: segment.language ?? speech.language,
                    speaker: segment.speaker, words: segment.words, source: segment.source)
            }
            return TranscribedCaptions(captions: captions, language: speech.language)
        } catch {
            throw BurnError.wrap(error)
        }
    }

    /// The segments transcribed: the recognized ones, or the cues of the file to align with
    /// the recognized word times.
    private static func segments(of request: BurnRequest, speech: RecognizedSpeech, events: (BurnEvent) -> Void) throws
        -> [Segment]
    {
        guard request.captions.origin != .recognized else { return speech.transcript.segments }
        let alignment = WordAlignmentStep.aligned(try CaptionPlanner.read(request), to: speech, language: request.captions.language)
        events(.notice("\(request.captions.file): \(alignment.summary.notice)"))
        return alignment.segments
    }
}
