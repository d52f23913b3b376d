import Foundation
import TestSupport
import XCTest

@testable import Files

/// `AtomicFile`, the one implementation of the project's atomic writes.
final class AtomicFileTests: XCTestCase {
    private func mode(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    func testALinksTargetIsWrittenAndTheLinkStays() throws {
        let folder = try temporaryFolder()
        let target = folder.appendingPathComponent("target.txt")
        try Data("old".utf8).write(to: target)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: target.path)
        let link = folder.appendingPathComponent("link.txt")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: target.path)
        let written = try AtomicFile.write(Data("new".utf8), to: link.path, permissions: .keepModeAndOwner(newFile: 0o644))
        XCTAssertEqual(written, target.path)
        XCTAssertEqual(try String(contentsOf: target, encoding: .utf8), "new")
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link.path), target.path)
        XCTAssertEqual(try mode(target.path), 0o640, "the file keeps its mode")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), ["link.txt", "target.txt"])
    }

    func testALinkThatIsToBeReplacedIsNeverFollowed() throws {
        let folder = try temporaryFolder()
        let victim = folder.appendingPathComponent("victim")
        try Data("keep".utf8).write(to: victim)
        let backup = folder.appendingPathComponent("file~")
        try FileManager.default.createSymbolicLink(atPath: backup.path, withDestinationPath: victim.path)
        try AtomicFile.write(Data("copy".utf8), to: backup.path, permissions: .exactly(0o600), links: .replace)
        XCTAssertEqual(try String(contentsOf: victim, encoding: .utf8), "keep")
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: backup.path)[.type] as? FileAttributeType, .typeRegular)
        XCTAssertEqual(try mode(backup.path), 0o600)
    }

    func testAFailedWriteLeavesTheFileAndNoTemporary() throws {
        let folder = try temporaryFolder()
        let file = folder.appendingPathComponent("file")
        try Data("old".utf8).write(to: file)
        XCTAssertThrowsError(try AtomicFile.write(Data("new".utf8), to: folder.appendingPathComponent("missing/file").path)) { error in
            XCTAssertTrue("\(error)".contains("missing/file"), "\(error)")
        }
        // A folder at the path: the rename fails, nothing is left.
        let taken = folder.appendingPathComponent("taken")
        try FileManager.default.createDirectory(at: taken.appendingPathComponent("inside"), withIntermediateDirectories: true)
        XCTAssertThrowsError(try AtomicFile.write(Data("new".utf8), to: taken.path, links: .replace))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), ["file", "taken"])
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), "old")
    }

    /// A link planted at a temporary name the write draws is skipped, never followed: the
    /// write takes the next name, the link's target keeps its bytes, no temporary stays.
    func testALinkAtATemporaryNameIsNeverFollowed() throws {
        let folder = try temporaryFolder()
        let victim = folder.appendingPathComponent("victim")
        try Data("keep".utf8).write(to: victim)
        let file = folder.appendingPathComponent("entry.jsonl")
        let planted = folder.appendingPathComponent(AtomicFile.temporaryPrefix(of: file.path) + "\(getpid())-planted")
        try FileManager.default.createSymbolicLink(atPath: planted.path, withDestinationPath: victim.path)
        var names = ["planted", "fresh"].makeIterator()
        try AtomicFile.write(
            Data("lines".utf8), to: file.path, permissions: .keepMode(newFile: 0o644), links: .replace,
            randomName: { _ in names.next() ?? "spare" })
        XCTAssertEqual(try String(contentsOf: victim, encoding: .utf8), "keep")
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), "lines")
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: file.path)[.type] as? FileAttributeType, .typeRegular)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(),
            [planted.lastPathComponent, "entry.jsonl", "victim"].sorted(), "the planted link stays, nothing else is left")
    }

    /// The one wording of a system error: the path, what failed and the system's words.
    func testAFailureNamesThePathAndTheSystemsReason() throws {
        let error = FileError.system("/some/file", "cannot write", code: ENOSPC)
        XCTAssertEqual(error.description, "/some/file: cannot write: No space left on device")
        XCTAssertEqual(error.code, ENOSPC)
        XCTAssertEqual(FileError.readProblem(ENOENT), "no such file")
        XCTAssertEqual(FileError.readProblem(EISDIR), "cannot read: Is a directory")
    }
}
