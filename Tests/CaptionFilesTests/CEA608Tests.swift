import CaptionFiles
import TestSupport
import UnicodeText
import XCTest

/// CEA-608 roll-up on the cases of `Tests/Cases/cea608.json`: the pairs sent, byte for byte
/// where the case gives them, and the rows a receiver shows, read back from the pairs.
final class CEA608Tests: XCTestCase {
    private struct File: Decodable {
        var about: String
        var cases: [Case]
    }

    private struct Case: Decodable {
        var name: String
        var rows: Int
        var words: [[String]]
        var rows_shown: [String]?
        var pairs: String?
        var refused: String?
    }

    private func hex(_ pairs: [CEA608Pair]) -> String { pairs.map(\.description).joined(separator: " ") }

    func testCases() throws {
        let cases = try Repository.cases(File.self, "cea608.json").cases
        XCTAssertGreaterThanOrEqual(cases.count, 10)
        let latin = try XCTUnwrap(Transliterator("Latin-ASCII"))
        for testCase in cases {
            var writer = CEA608RollUp(rows: testCase.rows)
            var pairs: [CEA608Pair] = []
            do {
                for word in testCase.words {
                    pairs += try writer.append(word[0], speaker: word.count > 1 ? word[1] : nil, transliterator: latin)
                }
                pairs += writer.end()
                XCTAssertNil(testCase.refused, "\(testCase.name): not refused")
            } catch let error as CEA608Error {
                XCTAssertEqual(error, .unsupported(Character(try XCTUnwrap(testCase.refused, testCase.name))), testCase.name)
                XCTAssertTrue(error.description.contains("Latin text only"), testCase.name)
                continue
            }
            if let want = testCase.pairs { XCTAssertEqual(hex(pairs), want, testCase.name) }
            for pair in pairs {
                XCTAssertEqual(pair.first.nonzeroBitCount % 2, 1, "\(testCase.name): \(pair) has even parity")
                XCTAssertEqual(pair.second.nonzeroBitCount % 2, 1, "\(testCase.name): \(pair) has even parity")
            }
            let shown = Self.rows(of: pairs)
            XCTAssertEqual(shown, testCase.rows_shown, testCase.name)
            XCTAssertTrue(shown.allSatisfy { $0.count <= CEA608RollUp.columns }, testCase.name)
        }
    }

    /// One pair a frame, in order, at 30 frames a second; above 30, on every other frame.
    func testScheduleSendsOnePairAFrame() {
        let pairs = [CEA608Pair(0x48, 0x49), CEA608Pair(0x20, 0x21), CEA608Pair(0x41, 0x42)]
        var schedule = CEA608Schedule(
            events: [.init(seconds: 1.0, pairs: [pairs[2]]), .init(seconds: 0.0, pairs: Array(pairs[0..<2]))], framesPerSecond: 30)
        XCTAssertEqual(schedule.backlog, 3)
        let sent = (0..<34).map { schedule.pair(forFrameAt: Double($0) / 30) }
        XCTAssertEqual(Array(sent[0..<3]), [pairs[0], pairs[1], .null])
        XCTAssertEqual(sent[30], pairs[2])
        XCTAssertEqual(sent.filter { $0 != .null }.count, 3)
        XCTAssertEqual(schedule.backlog, 0)
        var fast = CEA608Schedule(events: [.init(seconds: 0, pairs: pairs)], framesPerSecond: 60)
        let sentFast = (0..<8).map { fast.pair(forFrameAt: Double($0) / 60) }
        XCTAssertEqual(sentFast, [pairs[0], .null, pairs[1], .null, pairs[2], .null, .null, .null])
        XCTAssertEqual(CEA608Schedule.ccData(.null), [0xFC, 0x80, 0x80, 0xFD, 0x80, 0x80])
    }

    /// The rows a roll-up receiver shows from `pairs`, each when a carriage return or an
    /// erase ends it: a repeated control pair is ignored, an extended character replaces the
    /// character before it, a special or extended character is read from the sets.
    static func rows(of pairs: [CEA608Pair]) -> [String] {
        let basic: [UInt8: Character] = [
            0x27: "’", 0x2A: "á", 0x5C: "é", 0x5E: "í", 0x5F: "ó", 0x60: "ú", 0x7B: "ç", 0x7C: "÷", 0x7D: "Ñ", 0x7E: "ñ", 0x7F: "█",
        ]
        let special = Array("®°½¿™¢£♪à\u{A0}èâêîôû")
        let extended: [UInt8: [Character]] = [
            0x12: Array("ÁÉÓÚÜü´¡*‘—©℠•“”ÀÂÇÈÊËëÎÏïÔÙùÛ«»"), 0x13: Array("ÃãÍÌìÒòÕõ{}\\^_|~ÄäÖöß¥¤¦ÅåØø┌┐└┘"),
        ]
        var rows: [String] = []
        var row = ""
        var previousControl: CEA608Pair?
        for pair in pairs {
            let (a, b) = (pair.first & 0x7F, pair.second & 0x7F)
            if (0x10...0x1F).contains(a) {
                if pair == previousControl {
                    previousControl = nil
                    continue
                }
                previousControl = pair
                if a == 0x14 && (b == 0x2D || b == 0x2C) {
                    if !row.isEmpty { rows.append(row) }
                    row = ""
                } else if a == 0x11 && (0x30...0x3F).contains(b) {
                    row.append(special[Int(b - 0x30)])
                } else if let set = extended[a], (0x20...0x3F).contains(b) {
                    if !row.isEmpty { row.removeLast() }
                    row.append(set[Int(b - 0x20)])
                }
                continue
            }
            previousControl = nil
            for byte in [a, b] where byte >= 0x20 {
                row.append(basic[byte] ?? Character(Unicode.Scalar(byte)))
            }
        }
        if !row.isEmpty { rows.append(row) }
        return rows
    }
}
