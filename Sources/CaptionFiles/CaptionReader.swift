import Captions
import Foundation

/// Reads a caption file into a transcript, choosing the reader by extension or content.
public enum CaptionReader {
    /// Largest caption file accepted. // bytes
    public static let maximumFileSize = 64 << 20

    /// Most characters (Unicode scalars, as a grapheme may hold any number) one cue may hold,
    /// in its text or in its words: some twenty pages, and the bound that keeps chunking and
    /// layout fast whatever one cue holds.
    public static let maximumCueCharacters = 50_000

    /// Most cues one file may hold: about 55 hours of captions at 2 s each, and what plans
    /// and lints within a few hundred MiB.
    public static let maximumCues = 100_000

    /// Most characters (Unicode scalars) of text one file may hold, counted as for a cue: as
    /// many as `maximumCues` long captions (chunking makes the captions, and their number
    /// sets the work of layout and lint).
    public static let maximumTextCharacters = 2_000_000

    /// The problem of the cue at which the file passes `maximumTextCharacters`.
    static let tooMuchText = "the file holds more than \(maximumTextCharacters) characters of text, the most one file may hold"

    /// The problem of a cue over `maximumCueCharacters`.
    static let cueTooLong = "the cue holds more than \(maximumCueCharacters) characters, the most one cue may hold"

    /// The problem of the first cue past `maximumCues`.
    static let tooManyCues = "more than \(maximumCues) cues, the most one file may hold"

    /// Reads `url`; `format` forces a reader, `encoding` the text encoding (see `TextEncoding`);
    /// `strict` makes a malformed SubRip or WebVTT cue an error instead of a cue left out with
    /// a warning, and a file with nothing to show an error instead of a transcript without
    /// segments. Throws `CaptionError` naming file and line or field.
    public static func read(_ url: URL, format: CaptionFormat? = nil, encoding: String? = nil, strict: Bool = false)
        throws -> Transcript
    {
        try read(path: url.path, format: format, encoding: encoding, strict: strict)
    }

    /// `read` of `path`: a regular file, or `-` for standard input (see `CaptionBytes`).
    public static func read(path: String, format: CaptionFormat? = nil, encoding: String? = nil, strict: Bool = false)
        throws -> Transcript
    {
        try read(CaptionBytes.contents(of: path), path: path, format: format, encoding: encoding, strict: strict)
    }

    /// `read` of `data`, the bytes of the file at `path` (as on disk, or as edited in memory):
    /// its reader chosen, and its errors named, as `read(path:)` chooses and names them.
    public static func read(_ data: Data, path: String, format: CaptionFormat? = nil, encoding: String? = nil, strict: Bool = false)
        throws -> Transcript
    {
        // A `.json` extension names a family: its content tells native, Whisper or live log apart.
        let fileExtension = URL(fileURLWithPath: path).pathExtension
        return try parse(
            data, file: CaptionBytes.name(of: path), format: format ?? CaptionFormat(fileExtension: fileExtension),
            encoding: encoding, strict: strict, jsonByContent: format == nil)
    }

    /// Parses caption bytes; `file` names them in errors. A nil `format` is sniffed from the
    /// content; `.json` is native JSON.
    public static func parse(
        _ data: Data, file: String, format: CaptionFormat?, encoding: String? = nil, strict: Bool = false
    ) throws -> Transcript {
        try parse(data, file: file, format: format, encoding: encoding, strict: strict, jsonByContent: false)
    }

    /// `parse`, where `jsonByContent` lets the content decide which JSON format a `.json` is.
    static func parse(
        _ data: Data, file: String, format: CaptionFormat?, encoding: String?, strict: Bool, jsonByContent: Bool
    ) throws -> Transcript {
        // The JSON readers take bytes: UTF-8 ones, whatever the file's encoding was.
        let (text, data) = try TextEncoding.text(of: data, file: file, encoding: encoding)
        guard let chosen = format ?? CaptionFormat.sniff(text.prefix(4096)[...]) else {
            throw CaptionError([
                CaptionProblem(file: file, message: "unknown caption format (use --captions-format)")
            ])
        }
        var root: Any?
        var resolved = chosen
        if chosen == .json, format == nil || jsonByContent {
            (resolved, root) = CaptionFormat.sniffJSON(data, text: text)
        }
        var transcript: Transcript
        switch resolved {
        case .json: transcript = try NativeJSONReader.read(root ?? JSONDocument.parse(data, file: file), file: file)
        case .whisper: transcript = try WhisperJSONReader.read(root ?? JSONDocument.parse(data, file: file), file: file)
        case .live: transcript = try LiveCaptionLogReader.parse(data, text: text, root: root, file: file)
        case .srt: transcript = try SRTReader.parse(text, file: file)
        case .vtt: transcript = try WebVTTReader.parse(text, file: file)
        }
        try checkCueSizes(transcript, file: file)
        transcript = try leavingOutDropped(transcript, file: file, strict: strict)
        if resolved == .srt || resolved == .vtt { transcript = leavingOutZeroLength(transcript, file: file) }
        transcript = ControlCharacters.strip(transcript, file: file)
        if transcript.segments.isEmpty && strict {
            // The notes say what was left out, which may be why nothing is left.
            throw CaptionError(
                [CaptionProblem(file: file, message: "no captions in file")]
                    + transcript.notes)
        }
        // A valid file with nothing to show (a WebVTT header alone, an empty SubRip file): no
        // segments, for the caller to say so.
        return transcript
    }

    /// The transcript without its cues of no length (end = start): no player shows one, and
    /// such cues carry hidden data. One note tells how many were left out, at the first.
    static func leavingOutZeroLength(_ transcript: Transcript, file: String) -> Transcript {
        let empty = transcript.segments.filter { $0.end == $0.start }
        guard let first = empty.first else { return transcript }
        var result = transcript
        result.segments.removeAll { $0.end == $0.start }
        let what =
            empty.count == 1
            ? "a cue of no length (its end is its start) left out: no player shows it"
            : "\(empty.count) cues of no length (end = start) left out, the first here: no player shows them"
        result.notes.append(CaptionProblem(file: file, line: first.source?.line, message: what))
        return result
    }

    /// A transcript of more than `maximumCues` cues, or `maximumTextCharacters` characters,
    /// is an error at the cue past the limit, and so is every cue over
    /// `maximumCueCharacters`, at its line or field.
    private static func checkCueSizes(_ transcript: Transcript, file: String) throws {
        func problem(_ segment: Segment, _ message: String) -> CaptionProblem {
            CaptionProblem(file: file, line: segment.source?.line, field: segment.source?.field, message: message)
        }
        if transcript.segments.count > maximumCues { throw CaptionError([problem(transcript.segments[maximumCues], tooManyCues)]) }
        var problems: [CaptionProblem] = []
        var total = 0
        for segment in transcript.segments {
            // Words mostly repeat the text; they may also stand instead of it.
            var wordCharacters = 0
            for word in segment.words where wordCharacters <= maximumCueCharacters {
                wordCharacters += word.text.unicodeScalars.count
            }
            let characters = max(segment.text.unicodeScalars.count, wordCharacters)
            if characters > maximumCueCharacters { problems.append(problem(segment, cueTooLong)) }
            total += characters
            if total > maximumTextCharacters {
                problems.append(problem(segment, tooMuchText))
                break
            }
        }
        if !problems.isEmpty { throw CaptionError(problems) }
    }

    /// The cues a reader dropped as warnings (the first `CaptionError.limit`, then how many
    /// more), or as the error when the read is `strict` or nothing else is left (every block
    /// malformed: the file is broken, not empty).
    private static func leavingOutDropped(_ transcript: Transcript, file: String, strict: Bool) throws -> Transcript {
        guard !transcript.dropped.isEmpty else { return transcript }
        if strict || transcript.segments.isEmpty { throw CaptionError(transcript.dropped) }
        var result = transcript
        result.notes += transcript.dropped.prefix(CaptionError.limit).map { problem in
            var note = problem
            note.message += "; cue left out"
            return note
        }
        let more = transcript.dropped.count - CaptionError.limit
        if more > 0 { result.notes.append(CaptionProblem(file: file, message: "\(more) more malformed cues left out")) }
        result.dropped = []
        return result
    }
}

/// The latest time a caption may have (about eleven days). // seconds
let maximumTime = 1_000_000.0

/// Checks a time range the way every reader must: finite, not negative, not absurdly late, end not before start.
func timeProblem(start: Double, end: Double) -> String? {
    if !start.isFinite || !end.isFinite { return "time is not a finite number" }
    if start < 0 { return "start time \(start) is negative" }
    if end > maximumTime { return "time \(end) is beyond \(Int(maximumTime)) seconds" }
    if end < start { return "ends (\(end)) before it starts (\(start))" }
    return nil
}
