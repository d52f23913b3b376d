import Foundation
import Layout
import Media
import Pipeline
import Settings
import Speech

/// One thing `burn-captions doctor` looked for.
public struct DoctorFinding: Sendable, Equatable {
    public enum Status: String, Sendable {
        case ok
        /// Missing, and the defaults need it: doctor fails.
        case missing
        /// Missing, and only some option needs it.
        case unavailable
    }
    public let area: String  // "fonts", "encoders", ...
    public let subject: String  // a family, an encoder, ...
    public let status: Status
    /// What was found, or why not and what to install.
    public let detail: String
}

/// `burn-captions doctor`: whether this machine has what burn-captions uses, before a long
/// job fails: every face `Fonts.conf` names, each preset's and look's face, the encoders that
/// open, the speech recognizer and its models, the review page's browser. The defaults need
/// the faces of `Fonts.conf` and of the presets, and x264; the rest only some option needs.
public enum Doctor {
    /// The findings, in the order they are printed.
    public static func check(fontsConf: URL, environment: [String: String]) -> [DoctorFinding] {
        let packages = fontPackages()
        let selector = try? FontSelector(configFile: fontsConf)
        return configuredFaces(fontsConf, selector: selector, packages: packages) + settingsFaces(selector, packages: packages) + encoders()
            + recognizer(environment) + browser(environment)
    }

    /// Each family `Fonts.conf` names (its `<edit name="family">` strings and `<prefer>`
    /// families), found through that configuration.
    static func configuredFaces(_ file: URL, selector: FontSelector?, packages: [String: String]) -> [DoctorFinding] {
        guard let selector else {
            return [DoctorFinding(area: "fonts", subject: file.path, status: .missing, detail: "fontconfig cannot load this file")]
        }
        return Resources.configuredFamilies(in: file).map { face(area: "fonts (\(file.lastPathComponent))", $0, needed: true, selector, packages) }
    }

    /// Each preset's and look's face: the presets' are needed, the looks' only with that look.
    static func settingsFaces(_ selector: FontSelector?, packages: [String: String]) -> [DoctorFinding] {
        guard let selector else { return [] }
        var findings: [DoctorFinding] = []
        for name in Resources.presetNames() {
            guard let preset = try? Preset.load(try Resources.preset(name)) else {
                findings.append(DoctorFinding(area: "presets", subject: name, status: .missing, detail: "cannot be read (burn-captions presets)"))
                continue
            }
            findings.append(face(area: "presets", preset.font.family, needed: true, selector, packages, user: name))
        }
        for name in Resources.lookNames() {
            guard let look = try? Look.load(try Resources.look(name)), let font = look.font else { continue }
            findings.append(face(area: "looks", font.family, needed: false, selector, packages, user: name))
        }
        return findings
    }

    /// Whether `family` is installed; when not, the package to install.
    private static func face(
        area: String, _ family: String, needed: Bool, _ selector: FontSelector, _ packages: [String: String], user: String? = nil
    ) -> DoctorFinding {
        let subject = user.map { "\($0): \(family)" } ?? family
        if selector.hasFamily(family) { return DoctorFinding(area: area, subject: subject, status: .ok, detail: "installed") }
        let remedy = packages[family].map { "install \($0) (apt install \($0))" } ?? "no Debian package known for it"
        return DoctorFinding(area: area, subject: subject, status: needed ? .missing : .unavailable, detail: "not installed: \(remedy)")
    }

    /// The encoders of `--codec` and NVENC, each opened as a render opens it.
    static func encoders() -> [DoctorFinding] {
        let wanted: [(encoder: String, what: String)] =
            VideoCodec.allCases.map { ($0.defaultEncoder, "--codec \($0.rawValue)" + ($0 == .h264 ? ", the default" : "")) }
            + [("h264_nvenc", "--encoder h264_nvenc"), ("hevc_nvenc", "--encoder hevc_nvenc")]
        return wanted.map { item in
            let subject = "\(item.encoder) (\(item.what))"
            guard let problem = EncoderSettings.openProblem(encoder: item.encoder) else {
                return DoctorFinding(area: "encoders", subject: subject, status: .ok, detail: "opens")
            }
            return DoctorFinding(
                area: "encoders", subject: subject, status: item.encoder == VideoCodec.h264.defaultEncoder ? .missing : .unavailable,
                detail: problem)
        }
    }

    /// The recognizer of `--captions auto` and `transcribe`: found, and its default model
    /// loaded and run on a second of quiet.
    static func recognizer(_ environment: [String: String]) -> [DoctorFinding] {
        let engine: RecognizerEngine
        do {
            engine = try RecognizerEngine.find(roots: Resources.searchRoots(), environment: environment)
        } catch {
            // An installed burn-captions carries the installer beside its files.
            let installer = Resources.searchRoots().map { $0.appendingPathComponent("install-recognizer.py") }
                .first { FileManager.default.isExecutableFile(atPath: $0.path) }
            let detail = installer.map {
                "not installed: \($0.path) \($0.deletingLastPathComponent().path) makes it (python3-venv; about 220 MB from PyPI)"
            }
            return [DoctorFinding(area: "recognizer", subject: "faster-whisper", status: .unavailable, detail: detail ?? "\(error)")]
        }
        let version = Versions.recognizer(engine)
        let settings = RecognitionSettings(language: "en")
        let started = ContinuousClock.now
        do {
            let quiet = SpeechAudio(samples: (0..<16_000).map { Float(($0 * 7919) % 201 - 100) * 1e-5 }, start: 0)
            _ = try Recognition.recognize(quiet, file: "doctor", settings: settings, engine: engine, cache: nil)
            let seconds = (ContinuousClock.now - started).seconds
            return [
                DoctorFinding(
                    area: "recognizer", subject: "\(version.name) \(version.version)", status: .ok,
                    detail: String(format: "model %@ loads and runs (%.1f s)", settings.model, seconds))
            ]
        } catch {
            return [DoctorFinding(area: "recognizer", subject: "\(version.name) \(version.version)", status: .unavailable, detail: "\(error)")]
        }
    }

    /// The review page's browser test (for tests only): Chromium and its WebDriver.
    static func browser(_ environment: [String: String]) -> [DoctorFinding] {
        let path = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        return [("chromium", "chromium"), ("chromedriver", "chromium-driver")].map { program, package in
            let found = path.map { "\($0)/\(program)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
            return DoctorFinding(
                area: "review page test", subject: program, status: found == nil ? .unavailable : .ok,
                detail: found ?? "not installed: install \(package) (only the review page's browser test uses it)")
        }
    }

    /// Family -> Debian package, from the shipped `FontPackages.json`.
    static func fontPackages() -> [String: String] {
        struct File: Decodable { var families: [String: String] }
        guard let url = try? Resources.fontPackages(), let data = try? Data(contentsOf: url),
            let file = try? JSONDecoder().decode(File.self, from: data)
        else { return [:] }
        return file.families
    }
}
