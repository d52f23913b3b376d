import Media
import TestSupport
import XCTest

/// `StreamAddress` on the cases of Tests/Cases/stream-addresses.json: the kind of each address
/// and how messages show it, and the addresses refused.
final class StreamAddressTests: XCTestCase {
    private struct Cases: Decodable {
        struct Address: Decodable {
            var text: String
            var kind: String
            var redacted: String
        }
        struct Refused: Decodable {
            var text: String
            var message: String
        }
        var addresses: [Address]
        var refused: [Refused]
    }

    func testKindsAndRedaction() throws {
        let cases = try Repository.cases(Cases.self, "stream-addresses.json")
        XCTAssertGreaterThan(cases.addresses.count, 5)
        for item in cases.addresses {
            let address = try StreamAddress(item.text)
            XCTAssertEqual(address.kind.rawValue, item.kind, item.text)
            XCTAssertEqual(address.redacted, item.redacted, item.text)
            XCTAssertEqual(address.url, item.text, "the address FFmpeg gets is the text as given")
        }
    }

    func testRefusals() throws {
        for item in try Repository.cases(Cases.self, "stream-addresses.json").refused {
            XCTAssertThrowsError(try StreamAddress(item.text), item.text) { error in
                XCTAssertEqual((error as? StreamAddressError)?.description, item.message, item.text)
            }
        }
    }
}
