import Captions
import Foundation
import Layout
import Media

/// One line of a batch manifest: a render, or why the line could not be read.
public struct BatchJob: Sendable {
    public var index: Int  // 0-based among the manifest's jobs; shard k mod N runs it
    public var line: Int  // 1-based line in the manifest
    public var request: BurnRequest?
    public var error: String?  // set when the line is malformed

    /// Every non-blank line of a JSON Lines manifest; paths are relative to its folder.
    /// `{"input", "captions", "output", "preset"?, "language"?, "script"?, "captionsFormat"?,
    /// "crf"?, "x264Preset"?, "threads"?, "timingFix"?, "fontsConf"?, "exportCaptions"?,
    /// "captionsEncoding"?, "strict"?, "look"?, "emphasize"?}`: every
    /// render option of the command line. Two lines writing one file (by real path, through
    /// any symbolic link) make the second a failed job.
    public static func read(manifest path: String) throws -> [BatchJob] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw BurnError.input("\(path): cannot read manifest")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw BurnError.input("\(path): manifest is not valid UTF-8")
        }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        var jobs: [BatchJob] = []
        var outputs: [String: Int] = [:]  // output path -> the line that writes it
        // "\r\n" is one Character in Swift: split on every kind of line end.
        for (number, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            guard !line.allSatisfy(\.isWhitespace) else { continue }
            var job = BatchJob(index: jobs.count, line: number + 1)
            do {
                let request = try request(Data(line.utf8), folder: folder)
                let written = [("output", request.output.path), ("exportCaptions", request.exportCaptions)]
                    .compactMap { field, path in path.map { (field, RealPath.resolve($0)) } }
                for (field, real) in written {
                    if let first = outputs[real] { throw ManifestError("\(field): also written by line \(first)") }
                }
                for (_, real) in written { outputs[real] = number + 1 }
                job.request = request
            } catch {
                job.error = "\(path):\(number + 1): \(error)"
            }
            jobs.append(job)
        }
        return jobs
    }

    private static func request(_ line: Data, folder: URL) throws -> BurnRequest {
        guard let fields = try? JSONSerialization.jsonObject(with: line) as? [String: Any] else {
            throw ManifestError("not a JSON object")
        }
        func path(_ key: String, required: Bool = true) throws -> String? {
            guard let value = fields[key] else {
                if required { throw ManifestError("\(key): missing") }
                return nil
            }
            guard let text = value as? String, !text.isEmpty else { throw ManifestError("\(key): expected a path") }
            return text.hasPrefix("/") ? text : folder.appendingPathComponent(text).path
        }
        func string(_ key: String) throws -> String? {
            guard let value = fields[key] else { return nil }
            guard let text = value as? String else { throw ManifestError("\(key): expected a string") }
            return text
        }
        let known = [
            "input", "captions", "output", "preset", "language", "script", "captionsFormat", "crf", "x264Preset",
            "threads", "timingFix", "fontsConf", "exportCaptions", "captionsEncoding", "strict", "look", "emphasize",
        ]
        if let unknown = FieldNames.unknown(fields.keys, known: known).first { throw ManifestError(unknown) }
        var encoder = EncoderSettings()
        if let crf = fields["crf"] {
            guard let number = crf as? NSNumber, (0...51).contains(number.doubleValue) else {
                throw ManifestError("crf: expected a number from 0 to 51")
            }
            encoder.crf = number.doubleValue
        }
        if let threads = fields["threads"] {
            guard let number = threads as? NSNumber, !number.isJSONBoolean, let count = Int(exactly: number.doubleValue),
                (1...256).contains(count)
            else { throw ManifestError("threads: expected a whole number from 1 to 256") }
            encoder.threads = count
        }
        if let preset = try string("x264Preset") {
            guard EncoderSettings.x264Presets.contains(preset) else { throw ManifestError("x264Preset: unknown preset \(preset)") }
            encoder.preset = preset
        }
        var format: CaptionFormat?
        if let name = try string("captionsFormat") {
            guard let parsed = CaptionFormat(rawValue: name) else { throw ManifestError("captionsFormat: unknown format \(name)") }
            format = parsed
        }
        let encoding = try string("captionsEncoding")
        if let encoding, !TextEncoding.isKnown(encoding) {
            throw ManifestError("captionsEncoding: ICU knows no encoding \"\(encoding)\"")
        }
        if let language = try string("language"), let problem = LanguageTag.problem(language) {
            throw ManifestError("language: \(problem)")
        }
        func flag(_ key: String, default value: Bool) throws -> Bool {
            guard let field = fields[key] else { return value }
            guard let number = field as? NSNumber, number.isJSONBoolean else { throw ManifestError("\(key): expected true or false") }
            return number.boolValue
        }
        let timingFix = try flag("timingFix", default: true)
        let strict = try flag("strict", default: false)
        let preset = try string("preset") ?? "tiktok"
        let look = try string("look")
        return BurnRequest(
            input: try path("input")!, captions: try path("captions")!, captionsFormat: format,
            preset: preset.hasSuffix(".json") && !preset.hasPrefix("/") ? folder.appendingPathComponent(preset).path : preset,
            output: .file(try path("output")!), encoder: encoder, language: try string("language"),
            fontsConf: try path("fontsConf", required: false), script: try path("script", required: false),
            timingFix: timingFix, exportCaptions: try path("exportCaptions", required: false), captionsEncoding: encoding,
            strictCaptions: strict,
            look: look.map { $0.hasSuffix(".json") && !$0.hasPrefix("/") ? folder.appendingPathComponent($0).path : $0 },
            emphasize: try path("emphasize", required: false))
    }
}

/// A malformed manifest line.
struct ManifestError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
