import Foundation
import XCTest

@testable import Speech

/// The engine's output cut into lines: the same lines however the bytes arrive, blank ones
/// skipped, and a line over the limit refused with its number before it is held whole.
final class OutputLinesTests: XCTestCase {
    private func lines(of text: String, chunk: Int) throws -> [String] {
        var splitter = OutputLines()
        var found: [String] = []
        let bytes = Array(text.utf8)
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + chunk)
            try bytes[start..<end].withUnsafeBytes { try splitter.append($0) { found.append(String(decoding: $0, as: UTF8.self)) } }
            start = end
        }
        try splitter.finish { found.append(String(decoding: $0, as: UTF8.self)) }
        return found
    }

    func testSameLinesWhateverTheChunks() throws {
        let text = "{\"a\":1}\n\n  \r\n{\"b\":\"é\"}\r\n{\"c\":3}"
        for chunk in [1, 2, 3, 7, 64, 1 << 16] {
            XCTAssertEqual(try lines(of: text, chunk: chunk), ["{\"a\":1}", "{\"b\":\"é\"}\r", "{\"c\":3}"], "chunks of \(chunk)")
        }
    }

    func testLineOverTheLimitIsRefusedWithItsNumber() throws {
        let fits = String(repeating: "a", count: OutputLines.limit)
        XCTAssertEqual(try lines(of: "x\n" + fits + "\ny", chunk: 1 << 16).map(\.count), [1, OutputLines.limit, 1])
        for chunk in [1 << 10, 1 << 16, 3 << 20] {
            XCTAssertThrowsError(try lines(of: "x\n\n" + fits + "a\ny", chunk: chunk)) { error in
                XCTAssertEqual(error as? OutputLines.TooLong, OutputLines.TooLong(line: 3), "chunks of \(chunk)")
            }
        }
    }
}
