import Captions
import Foundation
import Media

/// One line of a batch manifest: a render, or why the line could not be read.
public struct BatchJob: Sendable {
    public var index: Int  // 0-based among the manifest's jobs; shard k mod N runs it
    public var line: Int  // 1-based line in the manifest
    public var request: BurnRequest?
    public var error: String?  // set when the line is malformed

    /// Every non-blank line of a JSON Lines manifest; paths are relative to its folder.
    /// `{"input", "captions", "output", "preset"?, "language"?, "script"?, "captionsFormat"?,
    /// "crf"?, "x264Preset"?, "timingFix"?}`.
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
                let output = URL(fileURLWithPath: request.output).standardizedFileURL.path
                if let first = outputs[output] { throw ManifestError("output: also written by line \(first)") }
                outputs[output] = number + 1
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
        let known: Set<String> = [
            "input", "captions", "output", "preset", "language", "script", "captionsFormat", "crf", "x264Preset",
            "timingFix",
        ]
        if let unknown = fields.keys.sorted().first(where: { !known.contains($0) }) {
            throw ManifestError("\(unknown): unknown field")
        }
        var encoder = EncoderSettings()
        if let crf = fields["crf"] {
            guard let number = crf as? NSNumber, (0...51).contains(number.doubleValue) else {
                throw ManifestError("crf: expected a number from 0 to 51")
            }
            encoder.crf = number.doubleValue
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
        var timingFix = true
        if let value = fields["timingFix"] {
            guard let flag = value as? Bool else { throw ManifestError("timingFix: expected true or false") }
            timingFix = flag
        }
        let preset = try string("preset") ?? "tiktok"
        return BurnRequest(
            input: try path("input")!, captions: try path("captions")!, captionsFormat: format,
            preset: preset.hasSuffix(".json") && !preset.hasPrefix("/") ? folder.appendingPathComponent(preset).path : preset,
            output: try path("output")!, encoder: encoder, language: try string("language"),
            script: try path("script", required: false), timingFix: timingFix)
    }
}

/// A malformed manifest line.
struct ManifestError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
