import Commands
import Files
import Foundation
import Pipeline
import Settings
import Speech

/// What a finished job was made from: a hash of the input file's identity (path, size,
/// modification time), the captions, script, preset, look and emphasis list contents, the options and the tool's
/// version. Stored beside the output as `.NAME.stamp`; a job whose output exists with the
/// same stamp is done.
struct JobStamp: Equatable {
    let value: String

    init(_ request: BurnRequest) throws {
        var hash = FNV1a()
        hash.add("burn-captions \(Versions.burnCaptions)")
        let attributes = try? FileManager.default.attributesOfItem(atPath: request.input.name)
        let size = (attributes?[.size] as? NSNumber)?.int64Value ?? -1
        let modified = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? -1
        hash.add("input \(URL(fileURLWithPath: request.input.name).standardizedFileURL.path) \(size) \(modified)")
        let preset = try? Resources.preset(request.preset)
        let lookName = request.look ?? preset.flatMap { try? Preset.load($0).look } ?? Look.classic
        let files = [
            request.captions.file, request.secondCaptions, request.captions.script, preset?.path, try? Resources.look(lookName).path,
            request.emphasize, request.emoji.file, request.shotChanges.file, request.obstaclesFile,
        ]
        for path in files.compactMap({ $0 }) {
            hash.add(path)
            hash.add(FileManager.default.contents(atPath: path) ?? Data())
        }
        hash.add(
            "options \(request.preset) \(request.encoder.crf) \(request.encoder.preset) \(request.captions.language ?? "-") "
                + "\(request.captions.format?.rawValue ?? "-") \(request.timingFix) \(request.fontsConf ?? "-") "
                + "\(request.exportCaptions ?? "-") \(request.captions.encoding ?? "-") \(request.captions.strict) "
                + "\(request.look ?? "-") \(request.emphasize ?? "-")")
        if request.encoder.codec != .h264 || request.encoder.encoder != nil || request.encoder.hdr != nil {
            hash.add("encoder \(request.encoder.encoderName) \(request.encoder.hdr?.rawValue ?? "-")")
        }
        if request.speakerLabels { hash.add("speaker-labels") }
        if let maxWords = request.maxWords { hash.add("max-words \(maxWords)") }
        if request.emoji != .off { hash.add("emoji \(request.emoji.argument)") }
        if request.output.isOverlay { hash.add("overlay-only") }
        if request.shotChanges != .off { hash.add("shot-changes \(request.shotChanges.file ?? "auto")") }
        if let avoid = request.avoid { hash.add("avoid \(avoid.argument)") }
        if let second = request.secondCaptions { hash.add("second \(second) \(request.secondLanguage ?? "-")") }
        // Recognized speech (and aligned words) follow the model and how it runs: the transcript
        // itself is named by the input's samples in the transcript cache.
        if request.captions.origin == .recognized || request.recognition != RecognitionSettings() || request.alignment != .auto {
            let settings = request.recognition
            hash.add(
                "recognition \(settings.model) \(settings.computeType) \(settings.languageThreshold) "
                    + "\(settings.voiceActivityDetection) \(settings.detectionWindows) \(request.alignment.rawValue)")
        }
        value = String(hash.value, radix: 16)
    }

    private init(value: String) { self.value = value }

    /// This stamp with `detail` added: what one step of a job made (a part of a split job).
    func adding(_ detail: String) -> JobStamp {
        var hash = FNV1a()
        hash.add(value)
        hash.add(detail)
        return JobStamp(value: String(hash.value, radix: 16))
    }

    /// Where the stamp of `output` is kept.
    static func url(for output: String) -> URL {
        let url = URL(fileURLWithPath: output)
        return url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).stamp")
    }

    /// Whether `output` exists and was made from exactly this. A picture sequence
    /// (`caps_%05d.png`, moved into place whole) exists when its first picture does.
    func isDone(_ output: String) -> Bool {
        let names = try? SheetPageNames(output)
        let present = names?.isPattern == true ? names!.name(page: 0, of: Int.max) : output
        return FileManager.default.fileExists(atPath: present)
            && (try? String(contentsOf: Self.url(for: output), encoding: .utf8)) == value
    }

    /// Writes the stamp beside `output` (`AtomicFile`); errors name the stamp and the reason.
    func write(for output: String) throws {
        let url = Self.url(for: output)
        do throws(FileError) {
            try AtomicFile.write(Data(value.utf8), to: url.path, links: .replace)
        } catch {
            throw BurnError.output("\(url.path): job stamp: \(error.reason)")
        }
    }
}

/// 64-bit FNV-1a: small, stable across runs and machines (not for security).
struct FNV1a {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    /// Adds `bytes` and a separator, so that "ab" + "c" differs from "a" + "bc".
    mutating func add(_ bytes: Data) {
        for byte in bytes + [0xFF] {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01B3
        }
    }

    mutating func add(_ text: String) { add(Data(text.utf8)) }
}
