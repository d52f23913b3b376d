import CaptionFiles
import Captions
import Files
import Foundation
import Media
import Speech

/// `burn-captions transcribe`: a video's speech recognized and written as a caption file
/// (native JSON with word times and probabilities, SubRip or WebVTT), or a caption file's
/// cues given the recognized word times (`--align FILE`). Nothing is written unless complete.
public enum Transcription {
    /// What a transcription wrote.
    public struct Result: Sendable {
        public var output: String
        public var segments: Int
        public var words: Int
        public var language: String?
    }

    /// Recognizes `request`'s input (`request.captions`: `auto`, or the file to align) and
    /// writes the result to its output; stops when `cancellation` is raised.
    public static func run(_ request: BurnRequest, cancellation: Cancellation, events: (BurnEvent) -> Void) throws -> Result {
        do {
            guard case .file(let path) = request.input, let output = request.output.path else {
                throw BurnError.usage("transcribe needs an input video or audio file and -o FILE")
            }
            try Burner.checkInput(path)
            let file = try OutputFile(output: output, inputs: request.inputFiles)
            let sources = try PlanSources(input: try MediaInput(path: path, use: .sound))
            let speech = try sources.recognized(request.recognitionSettings, cancellation: cancellation, events: events)
            speech.transcript.notes.forEach { events(.warning($0.description)) }
            let segments = try segments(of: request, speech: speech, events: events)
            let captions = segments.map { segment in
                Caption(
                    text: segment.text, start: segment.start, end: segment.end, language: segment.language ?? speech.language,
                    speaker: segment.speaker, words: segment.words, source: segment.source)
            }
            guard let format = CaptionWriter.format(forPath: output) else {
                throw BurnError.usage("transcribe -o \(output): name it .json, .srt or .vtt")
            }
            try file.write(CaptionWriter.data(captions, format: format))
            return Result(
                output: file.finalURL.path, segments: segments.count, words: segments.reduce(0) { $0 + $1.words.count },
                language: speech.language)
        } catch {
            throw BurnError.wrap(error)
        }
    }

    /// `review INPUT --captions auto`: the speech transcribed into `INPUT`'s name with `.json`
    /// (native JSON, with the words' probabilities), which the review then edits and saves;
    /// a transcript already there is reviewed as it is.
    public static func forReview(_ request: BurnRequest, cancellation: Cancellation, events: (BurnEvent) -> Void) throws
        -> BurnRequest
    {
        let transcript = URL(fileURLWithPath: request.input.name).deletingPathExtension().appendingPathExtension("json").path
        var review = request
        if FileManager.default.fileExists(atPath: transcript) {
            events(.notice("\(transcript): reviewing the transcript made before (remove it to recognize the speech again)"))
        } else {
            var transcribe = request
            transcribe.output = .file(transcript)
            _ = try run(transcribe, cancellation: cancellation, events: events)
            events(.notice("\(transcript): the recognized speech, which the review edits and saves"))
        }
        review.captions = CaptionInput(file: transcript, language: request.captions.language)
        return review
    }

    /// The segments written: the recognized ones, or the cues of the file to align with the
    /// recognized word times.
    private static func segments(of request: BurnRequest, speech: RecognizedSpeech, events: (BurnEvent) -> Void) throws
        -> [Segment]
    {
        guard request.captions.origin != .recognized else { return speech.transcript.segments }
        let alignment = WordAlignmentStep.aligned(try CaptionPlanner.read(request), to: speech, language: request.captions.language)
        events(.notice("\(request.captions.file): \(alignment.summary.notice)"))
        return alignment.segments
    }
}
