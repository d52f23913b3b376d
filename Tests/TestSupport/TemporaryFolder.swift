import Foundation
import XCTest

/// Scratch folders under the system's temporary directory, one new empty folder a call.
public enum TemporaryFolder {
    /// A fresh empty folder; the caller removes it.
    public static func make() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("burn-captions-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

extension XCTestCase {
    /// A fresh empty folder for this test, removed when it ends.
    public func temporaryFolder() throws -> URL {
        let url = try TemporaryFolder.make()
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }
}
