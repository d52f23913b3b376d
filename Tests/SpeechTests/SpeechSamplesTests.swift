import Foundation
import TestSupport
import XCTest

@testable import Speech

/// The samples of a decoded recording kept in an unlinked temporary file: they read back as
/// written, block by block, with the digest samples held in memory have, and leave no name.
final class SpeechSamplesTests: XCTestCase {
    func testFileSamplesReadBackAsWrittenAndLeaveNothing() throws {
        let folder = try temporaryFolder()
        var expected: [Float] = []
        let writer = try SpeechSamples.Writer(folder: folder.path)
        // Pieces of odd lengths across the block size, and silence between them.
        for piece in 0..<7 {
            let samples = (0..<(SpeechSamples.blockSamples / 3 + piece * 977)).map { Float(($0 * 31 + piece) % 2001 - 1000) / 1000 }
            try samples.withUnsafeBufferPointer { try writer.append($0) }
            expected += samples
            let silence = piece * SpeechSamples.blockSamples / 5
            try writer.appendSilence(count: silence)
            expected += repeatElement(0, count: silence)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [], "the file has no name")
        let samples = try writer.finish()
        XCTAssertEqual(samples.count, expected.count)
        XCTAssertEqual(samples.digest, SpeechSamples(expected).digest)
        var read: [Float] = []
        var blocks = 0
        try samples.forEachBlock { bytes in
            XCTAssertLessThanOrEqual(bytes.count, 4 * SpeechSamples.blockSamples)
            read += bytes.bindMemory(to: Float.self)
            blocks += 1
        }
        XCTAssertEqual(read, expected)
        XCTAssertEqual(blocks, (expected.count + SpeechSamples.blockSamples - 1) / SpeechSamples.blockSamples)
    }

    func testTheFolderIsTMPDIRElseOnDisk() {
        XCTAssertEqual(SpeechSamples.folder(environment: ["TMPDIR": "/scratch"]), "/scratch")
        XCTAssertEqual(SpeechSamples.folder(environment: [:]), access("/var/tmp", W_OK) == 0 ? "/var/tmp" : "/tmp")
    }
}
