import Caching
import XCTest

final class BoundedCacheTests: XCTestCase {
    func testHoldsAtMostItsLimitAndKeepsTheRecentlyUsed() {
        var cache = BoundedCache<Int, String>(limit: 8)
        for key in 0..<8 { cache.insert("v\(key)", for: key) }
        XCTAssertEqual(cache.count, 8)
        // 0 and 1 used again: the oldest are now 2...5.
        XCTAssertEqual(cache.value(for: 0), "v0")
        XCTAssertEqual(cache.value(for: 1), "v1")
        cache.insert("v8", for: 8)
        XCTAssertLessThanOrEqual(cache.count, 8)
        XCTAssertEqual((2...5).compactMap { cache.value(for: $0) }, [], "the least recently used half dropped")
        XCTAssertEqual([0, 1, 6, 7, 8].compactMap { cache.value(for: $0) }, ["v0", "v1", "v6", "v7", "v8"])
        for key in 100..<1000 { cache.insert("w\(key)", for: key) }
        XCTAssertLessThanOrEqual(cache.count, 8)
        XCTAssertEqual(cache.value(for: 999), "w999")
    }

    func testReplacingAHeldKeyDropsNothing() {
        var cache = BoundedCache<String, Int>(limit: 2)
        cache.insert(1, for: "a")
        cache.insert(2, for: "b")
        cache.insert(3, for: "a")
        XCTAssertEqual(cache.value(for: "a"), 3)
        XCTAssertEqual(cache.value(for: "b"), 2)
    }

    func testMakesAValueOnlyWhenItIsNotHeld() throws {
        var cache = BoundedCache<Int, Int>(limit: 4)
        var made = 0
        for key in [1, 2, 1, 1, 2, 3] {
            XCTAssertEqual(cache.value(for: key) { made += 1; return key * 10 }, key * 10)
        }
        XCTAssertEqual(made, 3)
        struct Failed: Error {}
        XCTAssertThrowsError(try cache.value(for: 9) { throw Failed() })
        XCTAssertNil(cache.value(for: 9), "a failed make holds nothing")
    }
}
