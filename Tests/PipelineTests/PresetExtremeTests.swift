import Foundation
import TestSupport
import XCTest

import Media
@testable import Pipeline
@testable import Settings

/// No internal error reaches the user (robustness, third pass, item 10): every reader case of
/// the test data (the fuzz seeds, the sample's captions, the cue-file and cue-edit cases, the
/// live log) planned with presets made of the extreme values of every preset field
/// (`Tests/Cases/preset-extremes.json`; with the second track's, as both tracks) exits 0 with
/// a plan of finite times, or 1 with errors that name a file. The whole cross product is
/// planned in the test's process as `plan` plans (on one PlanSources per clip, as a review
/// plans); each case also goes through the binary once.
final class PresetExtremeTests: XCTestCase {
    private struct Extremes: Decodable {
        struct Variant: Decodable {
            var name: String
            var video: String?  // the clip's size, WxH; 1080x1920 when nil
            var secondTrack: Bool?
            var set: [String: JSONValue]
        }
        /// A preset no text can be set in, and the problem plan names.
        struct Impossible: Decodable {
            var name: String
            var set: [String: JSONValue]
            var problem: String
        }
        var fields: [String: [JSONValue]]
        var presets: [Variant]
        var impossible: [Impossible]
    }

    /// Any JSON value, kept to be written into a preset.
    private enum JSONValue: Decodable, Equatable {
        case number(Double), string(String), array([JSONValue])

        init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let number = try? container.decode(Double.self) {
                self = .number(number)
            } else if let string = try? container.decode(String.self) {
                self = .string(string)
            } else {
                self = .array(try container.decode([JSONValue].self))
            }
        }

        var object: Any {
            switch self {
            case .number(let number): return number
            case .string(let string): return string
            case .array(let values): return values.map(\.object)
            }
        }
    }

    /// One caption file of the test data: its name (for messages), its text and its extension.
    private struct ReaderCase {
        var name: String
        var data: Data
        var fileExtension: String
        var strict = false
    }

    private static let extremes: Extremes = {
        try! Repository.cases(Extremes.self, "preset-extremes.json")
    }()

    /// The reader cases the test data holds.
    private func readerCases() throws -> [ReaderCase] {
        let root = Repository.root
        var cases: [ReaderCase] = []
        let manager = FileManager.default
        for folder in ["Fuzz/corpus/srt", "Fuzz/corpus/webvtt", "Fuzz/corpus/json", "Tests/Cases", "Samples"] {
            let url = root.appendingPathComponent(folder)
            for name in try manager.contentsOfDirectory(atPath: url.path).sorted() {
                let fileExtension = (name as NSString).pathExtension
                guard ["srt", "vtt", "json", "jsonl"].contains(fileExtension) else { continue }
                // Tests/Cases holds tables of other tests; its caption files are the live logs.
                if folder == "Tests/Cases" && fileExtension != "jsonl" { continue }
                cases.append(
                    ReaderCase(
                        name: "\(folder)/\(name)", data: try Data(contentsOf: url.appendingPathComponent(name)),
                        fileExtension: fileExtension))
            }
        }
        struct CueFile: Decodable {
            var name: String
            var format: String
            var input: String
            var strict: Bool?
        }
        let cueFiles = try Repository.cases([CueFile].self, "cue-files.json")
        cases += cueFiles.map {
            ReaderCase(name: "cue-files.json: \($0.name)", data: Data($0.input.utf8), fileExtension: $0.format, strict: $0.strict ?? false)
        }
        struct CueEdits: Decodable {
            struct Case: Decodable {
                var name: String
                var format: String
                var file: String
            }
            var cases: [Case]
        }
        let cueEdits = try Repository.cases(CueEdits.self, "cue-edits.json")
        cases += cueEdits.cases.map { ReaderCase(name: "cue-edits.json: \($0.name)", data: Data($0.file.utf8), fileExtension: $0.format) }
        return cases
    }

    /// The tiktok preset with `values` set (a key is a field path, `font.size`).
    private func preset(_ values: [String: JSONValue], name: String, in folder: URL) throws -> String {
        let tiktok = try Data(contentsOf: Repository.root.appendingPathComponent("Presets/tiktok.json"))
        var preset = try XCTUnwrap(JSONSerialization.jsonObject(with: tiktok) as? [String: Any])
        for (path, value) in values {
            let keys = path.split(separator: ".").map(String.init)
            if keys.count == 1 {
                preset[keys[0]] = value.object
            } else {
                var object = preset[keys[0]] as? [String: Any] ?? [:]
                object[keys[1]] = value.object
                preset[keys[0]] = object
            }
        }
        preset["name"] = name
        let url = folder.appendingPathComponent("\(name).json")
        try JSONSerialization.data(withJSONObject: preset, options: [.sortedKeys]).write(to: url)
        return url.path
    }

    /// Every field of the preset format has its extremes in the table, and every extreme is
    /// used by a preset of it; each preset is valid.
    private func checkTheTable(in folder: URL) throws {
        let extremes = Self.extremes
        let described = Set(extremes.fields.keys)
        // Every field that takes a number, a colour or a choice (not the name, description or family).
        for (object, fields) in Preset.fields {
            for field in fields where !Preset.fields.keys.contains(field) {
                let path = object.isEmpty ? field : "\(object).\(field)"
                if ["name", "description", "font.family"].contains(path) { continue }
                XCTAssertTrue(described.contains(path), "\(path) has no extremes in preset-extremes.json")
            }
        }
        for (field, values) in extremes.fields {
            for value in values {
                XCTAssertTrue(
                    extremes.presets.contains { $0.set[field] == value }, "no preset sets \(field) to \(value.object)")
            }
        }
        for (index, variant) in extremes.presets.enumerated() {
            for (field, value) in variant.set {
                XCTAssertTrue(extremes.fields[field]?.contains(value) ?? false, "\(variant.name): \(field) \(value.object) is no extreme")
            }
            let url = URL(fileURLWithPath: try preset(variant.set, name: "extreme-\(index)", in: folder))
            XCTAssertNoThrow(try Preset.load(url), variant.name)
        }
    }

    /// One `plan` per reader case and preset: exit 0 with finite times in order, or exit 1 with
    /// every line an error or warning that names a file; never another exit code, never an
    /// internal error's text (`EncodingError.invalidValue: inf`). A preset whose values no text
    /// fits is refused as such.
    func testEveryReaderCasePlansWithEveryExtremePreset() throws {
        let folder = try temporaryFolder()
        try checkTheTable(in: folder)
        let talk = CLI.samples.appendingPathComponent("talk.srt").path
        // A preset no text fits is refused, naming the preset and the field.
        for (index, item) in Self.extremes.impossible.enumerated() {
            let path = try preset(item.set, name: "impossible-\(index)", in: folder)
            let result = try CLI.burn(["plan", CLI.samples.appendingPathComponent("talk.mp4").path, "--captions", talk, "--preset", path])
            XCTAssertEqual(result.status, 1, "\(item.name): \(result.stderr)")
            XCTAssertEqual(result.stderr, "burn-captions: \(path): \(item.problem)\n", item.name)
        }
        var clips: [String: String] = [:]
        for size in Set(Self.extremes.presets.map { $0.video ?? "1080x1920" }) {
            clips[size] = try CLI.blackClip(size: size, seconds: 20, in: folder)
        }
        let cases = try readerCases()
        XCTAssertGreaterThanOrEqual(cases.count, 70)
        var files: [(name: String, path: String, strict: Bool)] = []
        for (index, item) in cases.enumerated() {
            let path = folder.appendingPathComponent("case-\(index).\(item.fileExtension)").path
            try item.data.write(to: URL(fileURLWithPath: path))
            files.append((item.name, path, item.strict))
        }
        // Every case with every preset, planned in this process as `plan` plans (BurnPlanner.prepare,
        // then the JSON it prints); and through the binary, each case with one preset in turn
        // (every case and every preset at least once), for the exit codes and the lines printed.
        var planned: [(label: String, request: BurnRequest, arguments: [String], files: [String], throughBinary: Bool)] = []
        let presets = Self.extremes.presets
        for (index, variant) in presets.enumerated() {
            let presetPath = try preset(variant.set, name: "extreme-\(index)", in: folder)
            let clip = try XCTUnwrap(clips[variant.video ?? "1080x1920"])
            for (fileIndex, file) in files.enumerated() {
                let tracks = ["--captions", file.path] + (variant.secondTrack == true ? ["--second-captions", file.path] : [])
                var request = BurnRequest(
                    input: .file(clip), captions: CaptionInput(file: file.path, strict: file.strict), preset: presetPath, output: .none)
                if variant.secondTrack == true { request.secondCaptions = file.path }
                planned.append(
                    (
                        "\(variant.name) × \(file.name)", request,
                        ["plan", clip] + tracks + ["--preset", presetPath] + (file.strict ? ["--strict"] : []),
                        [clip, presetPath, file.path], fileIndex % presets.count == index
                    ))
            }
        }
        let problems = Problems()
        MediaLog.silent()
        // One PlanSources per clip, as a review keeps one for all its plans: the clip is probed,
        // and its picture searched for obstacles (the highest preset avoids faces and text),
        // once, not once per case.
        var sources: [String: PlanSources] = [:]
        for clip in Set(clips.values) { sources[clip] = try PlanSources(input: try MediaInput(path: clip)) }
        for run in planned {
            let found: String?
            do {
                let clip = try XCTUnwrap(run.request.input.path)
                let prepared = try BurnPlanner.prepare(run.request, sources: try XCTUnwrap(sources[clip]), events: { _ in })
                let json = try prepared.document.json()
                found = Self.problem(status: 0, stdout: String(decoding: json, as: UTF8.self), messages: [], files: run.files)
            } catch {
                let failure = BurnError.wrap(error)
                found = Self.problem(status: failure.exitCode, stdout: "", messages: failure.messages, files: run.files)
            }
            if let found { problems.add("\(run.label) (in this process): \(found)") }
        }
        let runs = planned.filter(\.throughBinary)
        XCTAssertEqual(runs.count, files.count)
        let workers = max(1, min(4, ProcessInfo.processInfo.activeProcessorCount))
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            for index in stride(from: worker, to: runs.count, by: workers) {
                let run = runs[index]
                do {
                    let result = try CLI.burn(run.arguments)
                    let lines = result.stderr.split(separator: "\n").map { String($0.dropFirst("burn-captions: ".count)) }
                    if let problem = Self.problem(status: result.status, stdout: result.stdout, messages: lines, files: run.files) {
                        problems.add("\(run.label): \(problem)")
                    }
                } catch {
                    problems.add("\(run.label): \(error)")
                }
            }
        }
        let found = problems.all
        XCTAssertEqual(
            found.count, 0, "\(found.count) of \(planned.count + runs.count) plans:\n" + found.prefix(20).joined(separator: "\n"))
    }

    /// What is wrong with one plan's outcome (its exit status, the JSON printed, the messages
    /// without the program's name), or nil.
    private static func problem(status: Int32, stdout: String, messages: [String], files: [String]) -> String? {
        let internalErrors = ["EncodingError", "DecodingError", "Fatal error", "invalidValue", "NSCocoaErrorDomain"]
        let text = messages.joined(separator: "\n")
        if let found = internalErrors.first(where: { text.contains($0) }) { return "internal error \(found): \(text)" }
        switch status {
        case 0:
            guard let plan = try? Plan.decode(stdout) else { return "exit 0 without a plan: \(stdout.prefix(200))" }
            for caption in plan.captions {
                let times = [caption.start, caption.end] + caption.words.flatMap { [$0.start, $0.end] }
                guard times.allSatisfy(\.isFinite), caption.start >= 0, caption.end >= caption.start else {
                    return "caption \(caption.text) at \(caption.start)...\(caption.end)"
                }
            }
            return nil
        case 1:
            guard !messages.isEmpty else { return "exit 1 without a message" }
            let unlocated = messages.filter { line in
                !line.hasPrefix("warning: ") && !files.contains { line.hasPrefix("\($0):") || line.hasPrefix("\($0) ") }
            }
            return unlocated.isEmpty ? nil : "exit 1 with a message that names no file: \(unlocated.joined(separator: " | "))"
        default:
            return "exit \(status): \(text)"
        }
    }

    /// Problems found by the workers.
    private final class Problems: @unchecked Sendable {
        private let lock = NSLock()
        private var list: [String] = []

        func add(_ problem: String) { lock.withLock { list.append(problem) } }
        var all: [String] { lock.withLock { list } }
    }
}
