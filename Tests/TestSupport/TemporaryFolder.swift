import Files
import Foundation
import XCTest

extension XCTestCase {
    /// A fresh empty folder for this test (`Files.TemporaryFolder`), removed when it ends.
    public func temporaryFolder() throws -> URL {
        let url = try TemporaryFolder.make(prefix: "burn-captions-tests")
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }
}
