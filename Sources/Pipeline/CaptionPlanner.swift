import Captions
import Foundation
import Media

/// The final captions of a request: read, aligned to the script, split within the preset's
/// limits, with presentable times and phrase starts fixed from the audio.
enum CaptionPlanner {
    /// `frameDuration` (seconds) sets the minimum gap between captions: two frames.
    static func captions(
        for request: BurnRequest, preset: Preset, frameDuration: Double, events: (BurnEvent) -> Void
    ) throws -> [Caption] {
        let transcript = try CaptionReader.read(URL(fileURLWithPath: request.captions), format: request.captionsFormat)
        let script = try request.script.map(readScript)
        var warnings: [String] = []
        // Phrase starts that absorbed the pause before them move to where the speech begins.
        let envelope = request.timingFix ? try AudioEnvelopeReader.envelope(path: request.input) : nil
        let captions = CaptionBuilder.captions(
            from: transcript, limits: preset.chunkingLimits(frameDuration: frameDuration), script: script,
            language: request.language, fixStarts: envelope.map { envelope in { TimingFix.apply($0, envelope: envelope) } },
            warnings: &warnings)
        warnings.forEach { events(.warning("\(request.captions): \($0)")) }
        if captions.isEmpty { throw BurnError.input("\(request.captions): no captions with text") }
        return captions
    }

    /// The script as text; errors name the file.
    private static func readScript(_ path: String) throws -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw BurnError.input("\(path): cannot read script")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw BurnError.input("\(path): script is not valid UTF-8")
        }
        return text
    }

    /// Writes `captions` to `path` in the format its extension names, atomically.
    static func export(_ captions: [Caption], to path: String) throws {
        guard let format = CaptionWriter.format(forPath: path) else {
            throw BurnError.usage("\(path): --export-captions needs a .srt, .vtt or .json file")
        }
        do {
            try CaptionWriter.data(captions, format: format).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw BurnError.output("\(path): cannot write captions: \(error.localizedDescription)")
        }
    }
}
