import Foundation
import Review
import TestSupport
import XCTest

/// `ByteRange` on the cases of `Tests/Cases/ranges.json`, and on random headers.
final class ByteRangeTests: XCTestCase {
    private struct Case: Decodable {
        var header: String?
        var size: Int64
        var expect: Expectation
    }
    private enum Expectation: Decodable {
        case whole, unsatisfiable, span(Int64, Int64)
        init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let pair = try? container.decode([Int64].self), pair.count == 2 {
                self = .span(pair[0], pair[1])
            } else {
                self = try container.decode(String.self) == "whole" ? .whole : .unsatisfiable
            }
        }
        var range: ByteRange {
            switch self {
            case .whole: return .whole
            case .unsatisfiable: return .unsatisfiable
            case .span(let first, let last): return .span(first: first, last: last)
            }
        }
    }

    func testTheCases() throws {
        struct File: Decodable { var cases: [Case] }
        let cases = try Repository.cases(File.self, "ranges.json").cases
        XCTAssertGreaterThan(cases.count, 20)
        for test in cases {
            XCTAssertEqual(ByteRange(header: test.header, size: test.size), test.expect.range, "\(test.header ?? "nil") of \(test.size)")
        }
    }

    /// Whatever the header, a span lies inside the file and is never empty.
    func testRandomHeadersGiveSpansInsideTheFile() {
        var random = SeededGenerator(seed: 21)
        let alphabet = Array("bytes=0123456789-, ")
        for _ in 0..<20_000 {
            let size = Int64.random(in: 0...5000, using: &random)
            let header = "bytes=" + String((0..<Int.random(in: 0...12, using: &random)).map { _ in alphabet.randomElement(using: &random)! })
            if case .span(let first, let last) = ByteRange(header: header, size: size) {
                XCTAssertTrue(0 <= first && first <= last && last < size, "\(header) of \(size): \(first)-\(last)")
            }
        }
    }
}
