import CaptionFiles
import Files
import Foundation
import Pipeline

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
            guard let format = CaptionWriter.format(forPath: output) else {
                throw BurnError.usage("transcribe -o \(output): name it .json, .srt or .vtt")
            }
            let transcribed = try Burner.transcribe(request, cancellation: cancellation, events: events)
            try file.write(CaptionWriter.data(transcribed.captions, format: format))
            return Result(
                output: file.finalURL.path, segments: transcribed.captions.count, words: transcribed.words,
                language: transcribed.language)
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
}
