import Foundation
import Layout
import Media
import Pipeline
import Settings
import Speech

/// Version of burn-captions and the C libraries it was linked with.
public enum Versions {
    public static let burnCaptions = "0.1.0"
    /// The day this version was set (the manual page's date).
    public static let releaseDate = "2026-12-05"

    public static var text: String {
        "burn-captions \(burnCaptions)\n" + (MediaLibraries.versions + TextLibraries.versions + [recognizer])
            .map { "  \($0.name) \($0.version)" }.joined(separator: "\n")
    }

    /// The speech recognizer found as `--captions auto` would find it: faster-whisper's and
    /// CTranslate2's versions from its virtual environment's package folders
    /// (`NAME-VERSION.dist-info`), and the models installed; or what is missing.
    static var recognizer: (name: String, version: String) {
        let engine: RecognizerEngine
        do {
            engine = try RecognizerEngine.find(roots: Resources.searchRoots(), environment: ProcessInfo.processInfo.environment)
        } catch {
            return ("recognizer", "not installed (speech recognition needs install-recognizer.py: docs/INSTALL.md)")
        }
        return recognizer(engine)
    }

    /// `engine`'s versions and models, as `recognizer` says them.
    static func recognizer(_ engine: RecognizerEngine) -> (name: String, version: String) {
        let models = Set(engine.modelFolders.flatMap { (try? FileManager.default.contentsOfDirectory(atPath: $0.path)) ?? [] }).sorted()
        let modelText = models.isEmpty ? "no models" : "models " + models.joined(separator: ", ")
        guard engine.command.count == 2 else { return ("recognizer", "\(engine.command[0]) (\(RecognizerEngine.variable)), \(modelText)") }
        // venv/bin/python3 -> venv/lib/pythonX.Y/site-packages
        let venv = URL(fileURLWithPath: engine.command[0]).deletingLastPathComponent().deletingLastPathComponent()
        let lib = venv.appendingPathComponent("lib")
        let packages = ((try? FileManager.default.contentsOfDirectory(atPath: lib.path)) ?? []).flatMap { python in
            (try? FileManager.default.contentsOfDirectory(atPath: lib.appendingPathComponent(python + "/site-packages").path)) ?? []
        }
        func version(_ package: String) -> String {
            let folder = packages.first { $0.hasPrefix(package + "-") && $0.hasSuffix(".dist-info") }
            return folder.map { String($0.dropFirst(package.count + 1).dropLast(".dist-info".count)) } ?? "missing"
        }
        return ("faster-whisper", "\(version("faster_whisper")) (CTranslate2 \(version("ctranslate2"))), \(modelText)")
    }
}
