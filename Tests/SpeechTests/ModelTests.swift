import Foundation
import TestSupport
import XCTest

@testable import Speech

/// Models found by name or path, and checked against the sums file: a missing, incomplete
/// or corrupt file is a clear error naming the model and setup, never a load that crashes.
final class ModelTests: XCTestCase {
    /// An installed model `name` under `root` with files of `contents`, and a sums file listing them.
    private func install(_ name: String, contents: [String: String], in root: URL) throws -> URL {
        let folder = root.appendingPathComponent("models/\(name)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var files: [String: Any] = [:]
        for (file, text) in contents {
            let data = Data(text.utf8)
            try data.write(to: folder.appendingPathComponent(file))
            files[file] = ["bytes": data.count, "sha256": try ModelSums.sha256(ofFileAt: folder.appendingPathComponent(file).path)]
        }
        let sums = root.appendingPathComponent("models.json")
        try JSONSerialization.data(withJSONObject: ["models": [name: ["files": files]]]).write(to: sums)
        return sums
    }

    private let files = ["model.bin": "weights", "config.json": "{}", "tokenizer.json": "{}"]

    func testInstalledModelIsFoundAndChecked() throws {
        let root = try temporaryFolder()
        let sumsFile = try install("base", contents: files, in: root)
        let sums = try ModelSums(contentsOf: sumsFile, stamps: root.appendingPathComponent("stamps"))
        let model = try SpeechModel.find(
            "base", installed: [root.appendingPathComponent("models")], sums: sums, environment: [:])
        XCTAssertEqual(model.location, root.appendingPathComponent("models/base").path)
        XCTAssertFalse(model.isHubName)
        XCTAssertTrue(model.identity.contains(try ModelSums.sha256(ofFileAt: root.appendingPathComponent("models/base/model.bin").path)))
    }

    func testDamagedModelsAreRefused() throws {
        let damages: [(String, (URL) throws -> Void, String)] = [
            ("half-joined", { try Data("weig".utf8).write(to: $0.appendingPathComponent("model.bin")) }, "has 4 bytes, not 7"),
            ("corrupt", { try Data("WEIGHT!".utf8).write(to: $0.appendingPathComponent("model.bin")) }, "model.bin is corrupt"),
            ("missing", { try FileManager.default.removeItem(at: $0.appendingPathComponent("tokenizer.json")) }, "tokenizer.json is missing"),
        ]
        for (name, damage, message) in damages {
            let root = try temporaryFolder()
            let sums = try ModelSums(contentsOf: try install("base", contents: files, in: root), stamps: nil)
            try damage(root.appendingPathComponent("models/base"))
            XCTAssertThrowsError(
                try SpeechModel.find("base", installed: [root.appendingPathComponent("models")], sums: sums, environment: [:]), name
            ) { error in
                XCTAssertTrue("\(error)".contains(message), "\(name): \(error)")
                XCTAssertTrue("\(error)".contains("scripts/setup.sh"), "\(name): \(error)")
            }
        }
    }

    /// A file changed after it was verified (same size) is hashed again: the stamp names its time.
    func testStampDoesNotHideAChange() throws {
        let root = try temporaryFolder()
        let sums = try ModelSums(contentsOf: try install("base", contents: files, in: root), stamps: root.appendingPathComponent("stamps"))
        let installed = [root.appendingPathComponent("models")]
        _ = try SpeechModel.find("base", installed: installed, sums: sums, environment: [:])
        let bin = root.appendingPathComponent("models/base/model.bin")
        try Data("WEIGHTS".utf8).write(to: bin)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 10)], ofItemAtPath: bin.path)
        XCTAssertThrowsError(try SpeechModel.find("base", installed: installed, sums: sums, environment: [:]))
    }

    func testModelByPathAndUnknownNames() throws {
        let root = try temporaryFolder()
        let folder = root.appendingPathComponent("my-model")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        XCTAssertThrowsError(try SpeechModel.find(folder.path, installed: [], sums: nil, environment: [:])) { error in
            XCTAssertTrue("\(error)".contains("not a CTranslate2 Whisper model (no model.bin, config.json)"), "\(error)")
        }
        for file in SpeechModel.requiredFiles { try Data().write(to: folder.appendingPathComponent(file)) }
        XCTAssertEqual(try SpeechModel.find(folder.path, installed: [], sums: nil, environment: [:]).location, folder.path)
        XCTAssertThrowsError(
            try SpeechModel.find("large-v3", installed: [root], sums: nil, environment: ["HOME": root.path])
        ) { error in
            XCTAssertTrue("\(error)".contains(root.appendingPathComponent("large-v3").path), "\(error)")
            XCTAssertTrue("\(error)".contains(".cache/huggingface/hub/models--Systran--faster-whisper-large-v3"), "\(error)")
        }
        let hub = try SpeechModel.find("Systran/faster-whisper-small", installed: [], sums: nil, environment: ["HOME": root.path])
        XCTAssertTrue(hub.isHubName, "a hub name found nowhere is downloaded by the engine")
    }

    /// A dangling link named as `owner/model`, a deeper path and a regular file are paths the
    /// user meant, each refused for what it is; none is fetched from the hub.
    func testPathsThatAreNoModelFolderAreNeverHubNames() throws {
        let root = try temporaryFolder()
        let owner = root.appendingPathComponent("links")
        try FileManager.default.createDirectory(at: owner, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: owner.appendingPathComponent("gone").path, withDestinationPath: "/nonexistent/model")
        let file = root.appendingPathComponent("model.bin")
        try Data("x".utf8).write(to: file)
        let previous = FileManager.default.currentDirectoryPath
        XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(root.path))
        defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
        let cases = [
            ("links/gone", "a symbolic link to /nonexistent/model, which does not exist"),
            ("links/gone/deeper", "no such folder"),
            ("model.bin", "a file, not a model folder"),
            (file.path, "a file, not a model folder"),
        ]
        for (name, message) in cases {
            XCTAssertThrowsError(try SpeechModel.find(name, installed: [], sums: nil, environment: ["HOME": root.path]), name) { error in
                XCTAssertTrue("\(error)".contains(message), "\(name): \(error)")
            }
        }
    }
}
