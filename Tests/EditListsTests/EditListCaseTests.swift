import EditLists
import Foundation
import XCTest

/// Rates matched from measured ones, formats from extensions, each writer's output for the
/// timelines of `edit-lists.json` checked by its structure (counts, the first values), and
/// the timelines no edit list is written from, each error naming its field.
final class EditListCaseTests: XCTestCase {
    func testMeasuredRates() throws {
        for item in EditListCases.all.rates {
            let read = { try EditRate(measuredNumerator: item.measured[0], denominator: item.measured[1]) }
            let name = "\(item.measured[0])/\(item.measured[1])"
            if let error = item.error {
                XCTAssertThrowsError(try read(), name) { XCTAssertEqual("\($0)", error, name) }
                continue
            }
            let rate = try read()
            XCTAssertEqual(rate, try EditListCases.rate(named: try XCTUnwrap(item.rate)), name)
            XCTAssertEqual(rate.dropFrame, item.dropFrame, name)
            XCTAssertEqual(rate.timebase, item.timebase, name)
        }
        XCTAssertEqual(Set(EditRate.all.map(\.description)).count, 8)
        XCTAssertEqual(EditRate.fps29_97.nonDropFrame.dropFrame, false)
        XCTAssertEqual(Timecode(frames: 1800, rate: EditRate.fps29_97.nonDropFrame).description, "00:01:00:00")
    }

    func testFormatsFromExtensions() throws {
        for item in EditListCases.all.extensions {
            XCTAssertEqual(EditListFormat(path: item.path)?.rawValue, item.format, item.path)
        }
        for format in EditListFormat.allCases {
            XCTAssertEqual(EditListFormat(path: "cut." + format.fileExtension), format)
        }
    }

    func testWrittenOTIO() throws {
        for item in EditListCases.all.writers {
            let text = try EditListWriter.write(try item.timeline.value(), as: .otio)
            let root = try WrittenStructure.Tree.read(text)
            for (path, count) in item.otio.counts {
                XCTAssertEqual(root.at(path)?.count, count, "\(item.name): \(path)")
            }
            for (path, value) in item.otio.values {
                XCTAssertEqual(root.at(path)?.text, value, "\(item.name): \(path)")
            }
            XCTAssertEqual(try EditListWriter.write(try item.timeline.value(), as: .otio), text, "\(item.name): not deterministic")
        }
    }

    func testWrittenXML() throws {
        for item in EditListCases.all.writers {
            for (format, expected) in [(EditListFormat.fcpxml, item.fcpxml), (.fcp7, item.fcp7)] {
                let text = try EditListWriter.write(try item.timeline.value(), as: format)
                let elements = WrittenStructure.elements(text)
                for (name, count) in expected.counts {
                    XCTAssertEqual(elements.filter { $0.name == name }.count, count, "\(item.name) \(format): \(name)")
                }
                for (key, value) in expected.values {
                    XCTAssertEqual(WrittenStructure.value(key, in: elements), value, "\(item.name) \(format): \(key)")
                }
            }
        }
    }

    func testWrittenEDL() throws {
        for item in EditListCases.all.writers {
            let text = try EditListWriter.write(try item.timeline.value(), as: .edl)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            XCTAssertEqual(lines.filter { $0.first?.isNumber == true }.count, item.edl.events, item.name)
            for line in item.edl.lines {
                XCTAssertTrue(lines.contains(line), "\(item.name): no line \(line) in\n\(text)")
            }
            XCTAssertTrue(lines.allSatisfy { $0.allSatisfy { !$0.isNewline } && $0.count <= 120 }, item.name)
        }
    }

    func testTimelinesNotWritten() throws {
        let base = try EditListCases.all.writers[1].timeline.value()
        for item in EditListCases.all.badTimelines {
            var timeline = base
            if let kept = item.kept { timeline.kept = kept.map { $0[0]..<$0[1] } }
            if let count = item.keptCount { timeline.kept = (0..<count).map { 2 * $0..<2 * $0 + 1 } }
            if let path = item.sourcePath { timeline.sourcePath = path }
            if let frames = item.sourceFrames { timeline.sourceFrames = frames }
            if let rate = item.audioSampleRate { timeline.audioSampleRate = rate }
            let formats = try item.format.map { [try EditListCases.format(named: $0)] } ?? EditListFormat.allCases
            for format in formats {
                XCTAssertThrowsError(try EditListWriter.write(timeline, as: format), "\(item.error) \(format)") { error in
                    XCTAssertEqual("\(error)", item.error)
                    XCTAssertEqual((error as? EditListError)?.field, item.field)
                }
            }
        }
    }

    /// Names and paths with markup, quotes and line ends stay text in every format.
    func testTextIsEscaped() throws {
        var timeline = try EditListCases.all.writers[0].timeline.value()
        timeline.name = "a <b> & \"c\" 'd'\nsecond line\u{1}"
        timeline.sourcePath = "/takes/x\"<&>'\n.mov"
        for format in [EditListFormat.fcpxml, .fcp7] {
            let elements = WrittenStructure.elements(try EditListWriter.write(timeline, as: format))
            let names = elements.filter { $0.name == "project" || $0.name == "sequence" }
                .compactMap { $0.attributes["name"] } + [WrittenStructure.value("name[0]", in: elements) ?? ""]
            XCTAssertTrue(names.contains("a <b> & \"c\" 'd'\nsecond line\u{FFFD}"), "\(format): \(names)")
        }
        let root = try WrittenStructure.Tree.read(try EditListWriter.write(timeline, as: .otio))
        XCTAssertEqual(root.at("name")?.text, timeline.name)
        let edl = try EditListWriter.write(timeline, as: .edl)
        XCTAssertTrue(edl.contains("TITLE: a <b> & \"c\" 'd' second line \n"), edl)
        XCTAssertTrue(edl.contains("* FROM CLIP: /takes/x\"<&>' .mov\n"), edl)
    }
}
