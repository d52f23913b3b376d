import Media
import TestSupport
import XCTest

/// `StreamAddress` on the cases of Tests/Cases/stream-addresses.json: the kind of each address,
/// how messages show it and a capture input's devices, and the addresses refused. (That a
/// capture graph opens: MediaTests.CaptureGraphTests.)
final class StreamAddressTests: XCTestCase {
    private struct Cases: Decodable {
        struct Address: Decodable {
            var text: String
            var sound: String?
            var kind: String
            var redacted: String
            /// "KIND NAME OPTION=VALUE…" for each device.
            var devices: [String]?
        }
        struct Refused: Decodable {
            var text: String
            var sound: String?
            var message: String
        }
        var addresses: [Address]
        var refused: [Refused]
    }

    private func address(_ text: String, sound: String?) throws -> StreamAddress {
        let address = try StreamAddress(text)
        return try sound.map { try address.adding(sound: $0) } ?? address
    }

    private func describe(_ device: CaptureDevice) -> String {
        ([device.kind.rawValue, device.name] + device.options.map { "\($0.name)=\($0.value)" }).joined(separator: " ")
    }

    func testKindsAndRedaction() throws {
        let cases = try Repository.cases(Cases.self, "stream-addresses.json")
        XCTAssertGreaterThan(cases.addresses.count, 5)
        for item in cases.addresses {
            let address = try address(item.text, sound: item.sound)
            XCTAssertEqual(address.kind.rawValue, item.kind, item.text)
            XCTAssertEqual(address.redacted, item.redacted, item.text)
            XCTAssertEqual(address.devices.map(describe), item.devices ?? [], item.text)
            if address.kind == .capture {
                // FFmpeg gets a lavfi graph: the one given, or a source per device.
                let graph = item.text.hasPrefix("lavfi:") ? String(item.text.dropFirst(6)) : address.url
                XCTAssertEqual(address.url, graph, item.text)
                // A camera's pictures on out0, its sound on out1 (a sound device alone has no graph).
                if address.devices.first?.kind.isSound == false {
                    for index in address.devices.indices { XCTAssertTrue(address.url.contains("[out\(index)]"), "\(item.text): \(address.url)") }
                }
            } else {
                XCTAssertEqual(address.url, item.text, "the address FFmpeg gets is the text as given")
            }
        }
    }

    func testRefusals() throws {
        for item in try Repository.cases(Cases.self, "stream-addresses.json").refused {
            XCTAssertThrowsError(try address(item.text, sound: item.sound), item.text) { error in
                XCTAssertEqual((error as? StreamAddressError)?.description, item.message, item.text)
            }
        }
    }
}
