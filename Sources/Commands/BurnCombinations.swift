import CaptionFiles
import Captions
import Files
import Foundation
import Pipeline
import Settings

/// A caption file of a run, with the language given for it (`--language` right after its
/// `--captions`), if any.
public struct CaptionSource: Sendable, Equatable {
    public var path: String
    public var language: String?  // BCP-47

    public init(path: String, language: String? = nil) {
        self.path = path
        self.language = language
    }
}

/// What one run renders from one decode: every caption file (with every second-track file)
/// with every preset and every look, each written where the output template names it.
public struct BurnCombinations: Sendable {
    /// Settings all outputs share (input, encoder, fonts, script, timing fix, formats).
    public var base: BurnRequest
    public var captions: [CaptionSource]
    public var secondCaptions: [CaptionSource]  // empty: one track
    public var presets: [String]
    public var looks: [String?]  // nil: the preset's look
    public var output: RenderDestination  // its path is a template (`OutputTemplate`)
    public var exportCaptions: String?  // a template too

    public init(
        base: BurnRequest, captions: [CaptionSource], secondCaptions: [CaptionSource] = [], presets: [String],
        looks: [String?], output: RenderDestination, exportCaptions: String? = nil
    ) {
        self.base = base
        self.captions = captions
        self.secondCaptions = secondCaptions
        self.presets = presets
        self.looks = looks
        self.output = output
        self.exportCaptions = exportCaptions
    }

    /// How many outputs the run makes.
    public var count: Int { captions.count * max(1, secondCaptions.count) * presets.count * looks.count }

    /// One request per combination, in order: caption files, second-track files, presets, looks. Each
    /// request's language is the one given for its file, else the one its name holds.
    /// Usage errors: a bad template, and two combinations that write one file (both named).
    /// Files are read only to name `{lang}`, and then their problems are thrown; otherwise
    /// they are left to the render's planning.
    public func requests() throws -> [BurnRequest] {
        let output = try self.output.path.map(OutputTemplate.init)
        let export = try exportCaptions.map(OutputTemplate.init)
        let needsLanguage = (output?.uses("lang") ?? false) || (export?.uses("lang") ?? false)
        var requests: [BurnRequest] = []
        let needsSecondLanguage = (output?.uses("lang2") ?? false) || (export?.uses("lang2") ?? false)
        if secondCaptions.isEmpty {
            for (option, template) in [("-o", output), ("--export-captions", export)] {
                if let template, let name = ["lang2", "name2"].first(where: template.uses) {
                    throw BurnError.usage(
                        "\(option) \(template.text): {\(name)} names the second track's file, and there is none (--second-captions FILE)")
                }
            }
        }
        let seconds: [CaptionSource?] = secondCaptions.isEmpty ? [nil] : secondCaptions
        for source in captions {
            let given = source.language ?? CaptionLanguage.fromName(source.path)
            let language = needsLanguage ? try resolvedLanguage(source, given: given) : given ?? "und"
            for second in seconds {
                let secondGiven = second.flatMap { $0.language ?? CaptionLanguage.fromName($0.path) }
                let secondLanguage =
                    try second.map { needsSecondLanguage ? try resolvedLanguage($0, given: secondGiven) : secondGiven ?? "und" } ?? ""
                for preset in presets {
                    for look in looks {
                        let values = [
                            "lang": language, "name": Self.stem(source.path), "lang2": secondLanguage,
                            "name2": second.map { Self.stem($0.path) } ?? "", "preset": Self.stem(preset),
                            "look": look.map(Self.stem) ?? presetLook(preset),
                        ]
                        var request = base
                        request.captions.file = source.path
                        request.captions.language = given
                        request.secondCaptions = second?.path
                        request.secondLanguage = secondGiven
                        request.preset = preset
                        request.look = look
                        request.output = output.map { self.output.writing($0.path(values)) } ?? self.output
                        request.exportCaptions = export?.path(values)
                        requests.append(request)
                    }
                }
            }
        }
        try Burner.checkDistinct(requests)
        return requests
    }

    /// `{lang}`: the file's own language, else the one given or named, else a guess from its
    /// words and script (`CaptionLanguage.guess`), else its script's likely language, else `und`. A file that cannot be read names no language: its
    /// problems are thrown (a language it names that is no BCP-47 tag among them).
    private func resolvedLanguage(_ source: CaptionSource, given: String?) throws -> String {
        let transcript = try CaptionReader.read(path: source.path, format: base.captions.format, encoding: base.captions.encoding)
        if let named = CaptionLanguage.named(in: transcript) { return named }
        if let given { return given }
        let text = transcript.segments.map(\.text).joined(separator: " ")
        let tables = try PhraseTables(folder: try Resources.phraseTables())
        return CaptionLanguage.guess(from: text, tables: tables) ?? CaptionLanguage.scriptLanguage(of: text) ?? "und"
    }

    /// `{look}` when none is given: the preset's look, `classic` when it names none (or
    /// cannot be read: planning reports that).
    private func presetLook(_ preset: String) -> String {
        guard let url = try? Resources.preset(preset), let loaded = try? Preset.load(url) else { return Look.classic }
        return loaded.look.map(Self.stem) ?? Look.classic
    }

    /// A name, or a file's name without folder and extension: `tiktok`, `my-look` for `looks/my-look.json`.
    static func stem(_ nameOrPath: String) -> String {
        URL(fileURLWithPath: nameOrPath).deletingPathExtension().lastPathComponent
    }
}
