import Foundation

/// Reads a caption file into a transcript, choosing the reader by extension or content.
public enum CaptionReader {
    /// Largest caption file accepted. // bytes
    public static let maximumFileSize = 64 << 20

    /// Reads `url`; `format` forces a reader. Throws `CaptionError` naming file and line or field.
    public static func read(_ url: URL, format: CaptionFormat? = nil) throws -> Transcript {
        let name = url.path
        let data: Data
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
            if let size = attributes[.size] as? Int, size > maximumFileSize {
                throw CaptionError([
                    CaptionProblem(file: name, message: "file is larger than \(maximumFileSize >> 20) MiB")
                ])
            }
            data = try Data(contentsOf: url)
        } catch let error as CaptionError {
            throw error
        } catch {
            throw CaptionError([CaptionProblem(file: name, message: readFailure(url))])
        }
        // A `.json` extension names a family: its content tells native, Whisper or live log apart.
        return try parse(
            data, file: name, format: format ?? CaptionFormat(fileExtension: url.pathExtension),
            jsonByContent: format == nil)
    }

    /// Parses caption bytes; `file` names them in errors. A nil `format` is sniffed from the
    /// content; `.json` is native JSON.
    public static func parse(_ data: Data, file: String, format: CaptionFormat?) throws -> Transcript {
        try parse(data, file: file, format: format, jsonByContent: false)
    }

    /// `parse`, where `jsonByContent` lets the content decide which JSON format a `.json` is.
    static func parse(_ data: Data, file: String, format: CaptionFormat?, jsonByContent: Bool) throws -> Transcript {
        let text = try decodeUTF8(data, file: file)
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
        transcript = ControlCharacters.strip(transcript, file: file)
        if transcript.segments.isEmpty {
            // The notes say what was left out, which may be why nothing is left.
            throw CaptionError(
                [CaptionProblem(file: file, message: "no captions in file")]
                    + transcript.notes)
        }
        return transcript
    }

    /// Text of `data`, or an error naming the line of the first invalid UTF-8 byte.
    static func decodeUTF8(_ data: Data, file: String) throws -> String {
        if let text = String(validatingUTF8Bytes: data) { return text }
        var line = 1
        var iterator = data.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                if scalar == "\n" { line += 1 }
            case .emptyInput:
                return String(decoding: data, as: UTF8.self)
            case .error:
                throw CaptionError([CaptionProblem(file: file, line: line, message: "invalid UTF-8")])
            }
        }
    }

    private static func readFailure(_ url: URL) -> String {
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) {
            return "no such file"
        }
        return isDirectory.boolValue ? "is a folder, not a caption file" : "cannot read file (permission denied?)"
    }
}

extension String {
    /// The string of `data` when it is valid UTF-8, else nil.
    init?(validatingUTF8Bytes data: Data) {
        guard let text = String(bytes: data, encoding: .utf8) else { return nil }
        self = text
    }
}
