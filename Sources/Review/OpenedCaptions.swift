import CaptionFiles
import Captions
import Files
import Foundation

/// A caption file as review reads it: the format edits are written in (native JSON for a
/// Whisper file or live log), where a save goes, its text in that format, its cues and its
/// signature (to tell when it changes on disk).
struct OpenedCaptions {
    var format: CaptionFormat
    var savesTo: String
    var text: String
    var segments: [Segment]
    var signature: FileSignature

    /// Reads `file` as `format` (nil: detected) in `encoding` (nil: detected); review edits
    /// UTF-8 files only.
    init(_ file: String, format: CaptionFormat?, encoding: String?) throws {
        let url = URL(fileURLWithPath: file)
        signature = try CueStore.signature(of: file)
        let read = try CaptionReader.read(url, format: format, encoding: encoding)
        let data = try Data(contentsOf: url)
        let detected = format ?? CaptionFormat.detect(data, path: file) ?? .srt
        guard detected == .whisper || detected == .live else {
            text = String(decoding: data, as: UTF8.self)
            guard !text.contains("\u{FFFD}") || detected == .json else {
                throw ReviewError("\(file): not UTF-8; review edits UTF-8 caption files only")
            }
            (self.format, savesTo, segments) = (detected, file, read.segments)
            return
        }
        // Saved as native JSON beside it; the file itself is never written.
        let captions = Self.captions(read)
        segments = read.segments.enumerated().map { index, segment in
            var copy = segment
            copy.source = SourceLocation(field: "segments[\(index)]")
            return copy
        }
        text = String(decoding: try CaptionWriter.nativeJSON(captions), as: UTF8.self)
        (self.format, savesTo) = (.json, url.deletingPathExtension().path + ".reviewed.json")
    }

    /// The cues of `read` as captions to write (each with the file's language unless its own).
    static func captions(_ read: Transcript) -> [Caption] {
        read.segments.map {
            Caption(text: $0.text, start: $0.start, end: $0.end, language: $0.language ?? read.language, speaker: $0.speaker, words: $0.words)
        }
    }
}
