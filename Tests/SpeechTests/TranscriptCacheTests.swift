import Files
import Foundation
import TestSupport
import XCTest

@testable import Speech

/// The transcript cache writes an entry through `Files.AtomicFile`: whole, and never through a
/// link planted at the entry's name or at a temporary name beside it.
final class TranscriptCacheTests: XCTestCase {
    private let key = String(repeating: "ab", count: 32)
    private let lines = [Data(#"{"type":"segment","text":"one"}"#.utf8), Data(#"{"type":"done"}"#.utf8)]

    func testAnEntryIsWrittenWholeAndNeverThroughALink() throws {
        let folder = try temporaryFolder()
        let victim = folder.appendingPathComponent("victim")
        try Data("keep".utf8).write(to: victim)
        let cache = TranscriptCache(folder: folder.appendingPathComponent("cache"))
        try FileManager.default.createDirectory(at: cache.folder, withIntermediateDirectories: true)
        let entry = cache.file(for: key)
        // At the entry's name, and at the temporary name the cache used before AtomicFile.
        let planted = [entry.path, entry.path + ".partial-\(getpid())"]
        for path in planted { try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: victim.path) }
        cache.keep(lines, for: key)
        XCTAssertEqual(try String(contentsOf: victim, encoding: .utf8), "keep", "the link's target is never written")
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: entry.path)[.type] as? FileAttributeType, .typeRegular)
        XCTAssertEqual(cache.entry(for: key), .hit(lines))
        let left = try FileManager.default.contentsOfDirectory(atPath: cache.folder.path).filter { $0.contains(".partial-") && !planted.contains(cache.folder.appendingPathComponent($0).path) }
        XCTAssertEqual(left, [], "no temporary file stays")
    }

    func testALinkAtTheEntryIsADamagedEntryNotAHit() throws {
        let folder = try temporaryFolder()
        let victim = folder.appendingPathComponent("victim")
        try lines.map { $0 + Data("\n".utf8) }.reduce(Data(), +).write(to: victim)
        let cache = TranscriptCache(folder: folder.appendingPathComponent("cache"))
        try FileManager.default.createDirectory(at: cache.folder, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: cache.file(for: key).path, withDestinationPath: victim.path)
        XCTAssertEqual(cache.entry(for: key), .damaged("it is a symbolic link"))
        cache.remove(key)
        XCTAssertEqual(cache.entry(for: key), .miss)
        XCTAssertTrue(FileManager.default.fileExists(atPath: victim.path), "removing the entry removes the link, not its target")
    }
}
