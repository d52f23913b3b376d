import Files
import Foundation
import TestSupport
import XCTest

/// `make install` into a staging folder: the installed binary finds its files without any
/// variable (the face model too), the manual page renders without warnings, bash completes subcommands, presets and
/// looks, zsh parses its completion; `make uninstall` then leaves the folder empty.
final class InstallTests: XCTestCase {
    private func make(_ arguments: [String]) throws -> ProcessRunner.Result {
        // `build` and `setup` are taken as done: the binary under test is installed.
        try ProcessRunner.run("/usr/bin/env", ["make", "-s", "-o", "build", "-o", "setup", "BIN=\(CLI.binary)"] + arguments, in: CLI.root)
    }

    /// The installed program, run from `/` with no BURN_CAPTIONS_HOME.
    private func installed(_ prefix: URL, _ arguments: [String]) throws -> ProcessRunner.Result {
        try ProcessRunner.run(
            "/usr/bin/env", ["-u", "BURN_CAPTIONS_HOME", "-u", "BURN_CAPTIONS_FONTS_CONF", prefix.appendingPathComponent("bin/burn-captions").path] + arguments,
            in: URL(fileURLWithPath: "/"))
    }

    /// Into folders with spaces, the recognizer's install command is printed quoted: the shell
    /// reads it back as the program and its one argument.
    func testRecognizerCommandIsQuotedForTheShell() throws {
        let stage = try TemporaryFolder.make(prefix: "burn-captions-tests").appendingPathComponent("stage with spaces")
        defer { try? FileManager.default.removeItem(at: stage.deletingLastPathComponent()) }
        let prefix = "/opt/my tools/it's here"
        let install = try make(["install", "DESTDIR=\(stage.path)", "PREFIX=\(prefix)"])
        XCTAssertEqual(install.status, 0, install.stderr)
        let line = try XCTUnwrap(install.stdout.split(separator: "\n").first { $0.contains("speech recognition: ") }, install.stdout)
        let command = String(line[line.range(of: "speech recognition: ")!.upperBound...])
        let words = try ProcessRunner.run("/bin/bash", ["-c", "printf '%s\\n' \(command)"])
        XCTAssertEqual(words.status, 0, words.stderr)
        XCTAssertEqual(
            words.stdout.split(separator: "\n").map(String.init),
            ["\(prefix)/share/burn-captions/install-recognizer.py", "\(prefix)/share/burn-captions"], command)
        XCTAssertEqual(try make(["uninstall", "DESTDIR=\(stage.path)", "PREFIX=\(prefix)"]).status, 0)
    }

    func testInstallFindsItsFilesAndUninstallLeavesNothing() throws {
        let stage = try TemporaryFolder.make(prefix: "burn-captions-tests")
        defer { try? FileManager.default.removeItem(at: stage) }
        let install = try make(["install", "DESTDIR=\(stage.path)", "PREFIX=/usr/local"])
        XCTAssertEqual(install.status, 0, install.stderr)
        let prefix = stage.appendingPathComponent("usr/local")
        let share = prefix.appendingPathComponent("share/burn-captions")

        // A look only the installed folder has: the binary reads that folder, not the source tree.
        let extra = share.appendingPathComponent("Presets/looks/installedonly.json")
        try Data(##"{"name": "installedonly", "description": "Only in the installed folder.", "active": {"fill": "#FF0000"}}"##.utf8).write(to: extra)
        let listing = try installed(prefix, ["looks"])
        XCTAssertEqual(listing.status, 0, listing.stderr)
        XCTAssertTrue(listing.stdout.contains("installedonly"), listing.stdout)
        try FileManager.default.removeItem(at: extra)
        let plan = try installed(prefix, [CLI.samples.appendingPathComponent("talk.mp4").path, "--captions", CLI.samples.appendingPathComponent("talk.json").path, "--preset", "tiktok", "--look", "bold", "--null", "-q"])
        XCTAssertEqual(plan.status, 0, plan.stderr)

        // The face detector's model: installed in share/burn-captions/models/ and read from there
        // first (a damaged copy there is refused by name), also when the source tree has one.
        let model = share.appendingPathComponent("models/face_detection_yunet_2023mar.onnx")
        let good = try Data(contentsOf: model)
        let clips = try temporaryFolder()
        let black = try CLI.blackClip(size: "320x240", seconds: 2, in: clips)
        let avoid = ["plan", black, "--captions", CLI.samples.appendingPathComponent("talk.srt").path, "--avoid", "faces"]
        XCTAssertEqual(try installed(prefix, avoid).status, 0)
        try Data(good.prefix(good.count / 2)).write(to: model)
        let damaged = try installed(prefix, avoid)
        XCTAssertEqual(damaged.status, 1)
        XCTAssertTrue(damaged.stderr.contains("\(model.path): the face detector's model is damaged"), damaged.stderr)
        try good.write(to: model)

        // The manual page: rendered by man without a warning, with the options of the table.
        let page = prefix.appendingPathComponent("share/man/man1/burn-captions.1.gz").path
        let man = try ProcessRunner.run("/usr/bin/env", ["MANWIDTH=80", "man", "--warnings", "-l", page])
        XCTAssertEqual(man.status, 0, man.stderr)
        XCTAssertEqual(man.stderr, "", "man's warnings")
        for expected in ["SYNOPSIS", "--captions FILE", "--max-words", "EXIT STATUS", "BURN_CAPTIONS_HOME", "BURN_CAPTIONS_FACE_MODEL"] {
            XCTAssertTrue(man.stdout.replacingOccurrences(of: "\u{2010}", with: "-").contains(expected), "\(expected) in the manual page")
        }

        // bash's completion, installed: subcommands, options, preset and look names.
        let completion = prefix.appendingPathComponent("share/bash-completion/completions/burn-captions").path
        let program = prefix.appendingPathComponent("bin/burn-captions").path
        func complete(_ words: [String]) throws -> [String] {
            let quoted = ([program] + words).map { "'\($0)'" }.joined(separator: " ")
            let script = """
                source '\(completion)'
                COMP_WORDS=(\(quoted)); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); _burn_captions
                printf '%s\\n' "${COMPREPLY[@]}"
                """
            let result = try ProcessRunner.run("/usr/bin/env", ["-u", "BURN_CAPTIONS_HOME", "bash", "-c", script], in: stage)
            XCTAssertEqual(result.status, 0, result.stderr)
            return result.stdout.split(separator: "\n").map(String.init)
        }
        XCTAssertEqual(try complete(["pl"]), ["plan"])
        let presets = try FileManager.default.contentsOfDirectory(atPath: CLI.root.appendingPathComponent("Presets").path)
            .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }
        XCTAssertEqual(Set(try complete(["talk.mp4", "--preset", ""])), Set(presets))
        let looks = try FileManager.default.contentsOfDirectory(atPath: CLI.root.appendingPathComponent("Presets/looks").path)
            .filter { $0.hasPrefix("pop") && $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }
        XCTAssertGreaterThan(looks.count, 1)
        XCTAssertEqual(try complete(["talk.mp4", "--look", "pop"]).sorted(), looks.sorted())
        XCTAssertEqual(try complete(["plan", "talk.mp4", "--segm"]), ["--segments"])
        XCTAssertEqual(try complete(["talk.mp4", "--emoji", "a"]), ["auto"])

        // zsh's completion, installed: zsh parses it (-n: read, do not run).
        let zshCompletion = prefix.appendingPathComponent("share/zsh/site-functions/_burn-captions").path
        let zsh = try ProcessRunner.run("/usr/bin/env", ["zsh", "-n", zshCompletion])
        XCTAssertEqual(zsh.status, 0, zsh.stderr)
        XCTAssertEqual(zsh.stderr, "", "zsh's complaints")

        let uninstall = try make(["uninstall", "DESTDIR=\(stage.path)", "PREFIX=/usr/local"])
        XCTAssertEqual(uninstall.status, 0, uninstall.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: stage.path), [], "left in the staging folder")
    }
}
