import Captions
import Foundation
import Layout
import Media

/// One line of a batch manifest: a render of one or more outputs, or why the line could not
/// be read.
public struct BatchJob: Sendable {
    public var index: Int  // 0-based among the manifest's jobs; shard k mod N runs it
    public var line: Int  // 1-based line in the manifest
    public var requests: [BurnRequest] = []  // one per output, all of one input
    public var error: String?  // set when the line is malformed
    /// The job is rendered in this many parts across the shards, then joined (`SegmentedJob`);
    /// nil: by one worker.
    public var segments: Int?

    /// Every field a manifest line may have (docs/OPTIONS.md describes each): the input and
    /// the options' manifest fields, from the table of options.
    public static let manifestFields = CommandOption.manifestFields

    /// The first output's request (a job of one output has only it).
    public var request: BurnRequest? { requests.first }

    /// Every non-blank line of a JSON Lines manifest; paths are relative to its folder.
    /// `{"input", "captions", "output", "preset"?, "language"?, "script"?, "captionsFormat"?,
    /// "crf"?, "x264Preset"? (or "encoderPreset"), "codec"?, "encoder"?, "hdr"?, "overlayOnly"?, "threads"?, "timingFix"?, "shotChanges"? (auto, off or a file), "fontsConf"?, "exportCaptions"?,
    /// "captionsEncoding"?, "strict"?, "look"?, "emphasize"?, "segments"?}`: every
    /// render option of the command line. `captions` may be a list (of paths, or of
    /// `{"path", "language"?}`), and so may `preset` and `look`: the job renders every
    /// combination from one decode, `output` (and `exportCaptions`) being templates as `-o`
    /// is. Two lines writing one file (by real path, through any symbolic link) make the
    /// second a failed job.
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
                let (combinations, segments) = try combinations(Data(line.utf8), folder: folder)
                let requests = try combinations.requests()
                if let segments, segments > 1 {
                    if requests.count > 1 { throw ManifestError("segments: a split job renders one output (one captions, preset and look)") }
                    if requests[0].overlayOnly { throw ManifestError("segments: an --overlay-only job cannot be split") }
                    job.segments = segments
                }
                let written = requests.flatMap { request in
                    [("output", request.output.path), ("exportCaptions", request.exportCaptions)]
                        .compactMap { field, path in path.map { (field, $0, RealPath.resolve($0)) } }
                }
                for (field, path, real) in written {
                    if let first = outputs[real] { throw ManifestError("\(field): also written by line \(first) (\(path))") }
                }
                for (_, _, real) in written { outputs[real] = number + 1 }
                job.requests = requests
            } catch {
                job.error = "\(path):\(number + 1): \(error)"
            }
            jobs.append(job)
        }
        return jobs
    }

    private static func combinations(_ line: Data, folder: URL) throws -> (BurnCombinations, segments: Int?) {
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
        if let unknown = FieldNames.unknown(fields.keys, known: manifestFields).first { throw ManifestError(unknown) }
        var encoder = EncoderSettings()
        if let crf = fields["crf"] {
            guard let number = crf as? NSNumber, (0...51).contains(number.doubleValue) else {
                throw ManifestError("crf: expected a number from 0 to 51")
            }
            encoder.crf = number.doubleValue
        }
        var segments: Int?
        if let value = fields["segments"] {
            guard let number = value as? NSNumber, !number.isJSONBoolean, let count = Int(exactly: number.doubleValue),
                (1...SplitRender.maximumSegments).contains(count)
            else { throw ManifestError("segments: expected a whole number from 1 to \(SplitRender.maximumSegments)") }
            segments = count
        }
        if let threads = fields["threads"] {
            guard let number = threads as? NSNumber, !number.isJSONBoolean, let count = Int(exactly: number.doubleValue),
                (1...256).contains(count)
            else { throw ManifestError("threads: expected a whole number from 1 to 256") }
            encoder.threads = count
        }
        for key in ["x264Preset", "encoderPreset"] {
            guard let preset = try string(key) else { continue }
            guard EncoderSettings.x264Presets.contains(preset) else { throw ManifestError("\(key): unknown preset \(preset)") }
            encoder.preset = preset
        }
        if let name = try string("codec") {
            guard let codec = VideoCodec(rawValue: name.lowercased()) else {
                throw ManifestError("codec: unknown codec \(name) (known: \(VideoCodec.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            encoder.codec = codec
        }
        if let name = try string("encoder") {
            if let problem = EncoderSettings.problem(encoder: name) { throw ManifestError("encoder: \(problem)") }
            guard let codec = VideoCodec.ofEncoder(name) else { throw ManifestError("encoder: this FFmpeg has no video encoder \(name)") }
            if fields["codec"] != nil, let codec, codec != encoder.codec {
                throw ManifestError("encoder: \(name) writes \(codec.rawValue), not \(encoder.codec.rawValue) (codec)")
            }
            encoder.encoder = name
            encoder.codec = codec ?? .h264
        }
        if let name = try string("hdr") {
            guard let choice = EncoderSettings.HDRChoice(rawValue: name) else { throw ManifestError("hdr: expected keep or sdr") }
            encoder.hdr = choice
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
        let speakerLabels = try flag("speakerLabels", default: false)
        let overlayOnly = try flag("overlayOnly", default: false)
        /// A preset or look: a name, or a `.json` file relative to the manifest's folder.
        func resource(_ name: String) -> String {
            name.hasSuffix(".json") && !name.hasPrefix("/") ? folder.appendingPathComponent(name).path : name
        }
        /// A string, or a non-empty list of strings.
        func strings(_ key: String) throws -> [String]? {
            guard let value = fields[key] else { return nil }
            if let text = value as? String { return [text] }
            guard let list = value as? [Any], !list.isEmpty else { throw ManifestError("\(key): expected a string or a list of them") }
            return try list.enumerated().map { index, item in
                guard let text = item as? String else { throw ManifestError("\(key)[\(index)]: expected a string") }
                return text
            }
        }
        let output = try path("output")!
        let captions = try captionSources(fields["captions"], field: "captions", folder: folder)
        let seconds = try fields["secondCaptions"].map { try captionSources($0, field: "secondCaptions", folder: folder) } ?? []
        var base = BurnRequest(
            input: try path("input")!, captions: captions[0].path, captionsFormat: format,
            output: .file(output), encoder: encoder, fontsConf: try path("fontsConf", required: false),
            script: try path("script", required: false), timingFix: timingFix, captionsEncoding: encoding,
            strictCaptions: strict, emphasize: try path("emphasize", required: false))
        base.speakerLabels = speakerLabels
        base.overlayOnly = overlayOnly
        if overlayOnly, let format = OverlayFormat(path: output),
            let problem = format.problem(codec: fields["codec"] != nil ? encoder.codec : nil, encoder: encoder.encoder)
        {
            throw ManifestError(fields["codec"] != nil ? "codec: \(problem)" : "encoder: \(problem)")
        }
        if let source = try string("shotChanges") {
            base.shotChanges = ["auto", "off"].contains(source) ? ShotChangeSource(source) : .file(try path("shotChanges")!)
        }
        let language = try string("language")
        let combinations = BurnCombinations(
            base: base, captions: captions.map { CaptionSource(path: $0.path, language: $0.language ?? language) },
            secondCaptions: seconds,
            presets: try strings("preset")?.map(resource) ?? ["tiktok"],
            looks: try strings("look")?.map { Optional(resource($0)) } ?? [nil], output: .file(output),
            exportCaptions: try path("exportCaptions", required: false))
        return (combinations, segments)
    }

    /// `captions` (or `secondCaptions`, `field`): a path, or a non-empty list of paths and
    /// `{"path", "language"?}` objects; relative paths are in the manifest's folder.
    private static func captionSources(_ value: Any?, field: String, folder: URL) throws -> [CaptionSource] {
        func path(_ text: String) -> String { text.hasPrefix("/") ? text : folder.appendingPathComponent(text).path }
        guard let value else { throw ManifestError("\(field): missing") }
        if let text = value as? String, !text.isEmpty { return [CaptionSource(path: path(text))] }
        guard let list = value as? [Any], !list.isEmpty else {
            throw ManifestError("\(field): expected a path or a list of them")
        }
        return try list.enumerated().map { index, item in
            if let text = item as? String, !text.isEmpty { return CaptionSource(path: path(text)) }
            guard let object = item as? [String: Any], let text = object["path"] as? String, !text.isEmpty else {
                throw ManifestError("\(field)[\(index)]: expected a path or {\"path\", \"language\"}")
            }
            if let unknown = FieldNames.unknown(object.keys, known: ["path", "language"], path: "\(field)[\(index)]").first {
                throw ManifestError(unknown)
            }
            let language = object["language"]
            guard language == nil || language is String else { throw ManifestError("\(field)[\(index)].language: expected a string") }
            if let tag = language as? String, let problem = LanguageTag.problem(tag) {
                throw ManifestError("\(field)[\(index)].language: \(problem)")
            }
            return CaptionSource(path: path(text), language: language as? String)
        }
    }
}

/// A malformed manifest line.
struct ManifestError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
