import Captions
import Foundation
import Glibc
import TestSupport
import XCTest

@testable import Live

/// `CaptionFeed` reading Tests/Cases/live-feed-times.jsonl through a FIFO, as a live feed comes,
/// taken at stream time 20 s: an item on time is applied; one 18 s in the past is applied now
/// with a warning; one 75 s ahead is skipped with a warning; a line that is not JSON is skipped
/// with a warning naming its line; one 20 s ahead (within the limit) is applied. One line each.
final class CaptionFeedTests: XCTestCase {
    private final class Lines: @unchecked Sendable {
        private let lock = NSLock()
        private var lines: [String] = []
        func add(_ line: String) { lock.withLock { lines.append(line) } }
        var all: [String] { lock.withLock { lines } }
    }

    func testTimesInThePastOrFarAheadAndLinesThatAreNotJSON() throws {
        let folder = try temporaryFolder()
        let fifo = folder.appendingPathComponent("feed").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let text = try String(contentsOf: Repository.root.appendingPathComponent("Tests/Cases/live-feed-times.jsonl"), encoding: .utf8)
        let warnings = Lines()
        let feed = try CaptionFeed(fifo, warn: { warnings.add($0) })
        let writer = Thread {
            guard let handle = FileHandle(forWritingAtPath: fifo) else { return }
            handle.write(Data(text.utf8))
            try? handle.close()
        }
        writer.start()
        var items: [FeedItem] = []
        let deadline = Date().addingTimeInterval(10)
        while (items.count < 3 || warnings.all.count < 3) && Date() < deadline {
            items += feed.due(by: 20)
            Thread.sleep(forTimeInterval: 0.02)
        }
        XCTAssertEqual(items.map(\.update.text), ["on time", "long ago", "soon"])
        XCTAssertEqual(items.map(\.line), [1, 2, 5])
        let said = warnings.all
        XCTAssertEqual(said.count, 3, said.joined(separator: "\n"))
        XCTAssertTrue(said.contains { $0.hasPrefix("\(fifo):2: ") && $0.contains("18.0 s in the past; shown now") }, said.joined(separator: "\n"))
        XCTAssertTrue(said.contains { $0.hasPrefix("\(fifo):3: ") && $0.contains("75.0 s ahead of the stream; skipped") }, said.joined(separator: "\n"))
        XCTAssertTrue(said.contains { $0.contains(":4") && $0.hasSuffix("; skipped") }, said.joined(separator: "\n"))
        XCTAssertFalse(said.contains { $0.contains("\n") })
    }
}
