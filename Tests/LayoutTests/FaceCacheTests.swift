import Captions
import Foundation
import Imaging
import TestSupport
import XCTest

@testable import Layout

/// Sized faces come from one cache keyed by file and size: what a caption lays out to does
/// not depend on which sizes were used before it.
final class FaceCacheTests: XCTestCase {
    /// Long enough to shrink from 64 px, with a CJK fallback face and a colour emoji strike.
    private let caption = Caption(
        text: "Layout keeps its sizes apart 🎉 字幕 even when two presets set the same words at once",
        start: 0, end: 1, language: "en")

    private func style(size: Double) -> TextStyle {
        TextStyle(
            family: "Noto Sans", weight: 700, size: size, minimumSize: size / 2,
            safeArea: Rect(x: 0, y: 0, width: 640, height: 400), anchorX: 320, anchorY: 300)
    }

    private func engine() throws -> LayoutEngine { try LayoutEngine(fontsConf: LayoutEngineTests.fontsConf, phrases: try Repository.phrases()) }

    private func assertSame(_ a: LaidOutCaption, _ b: LaidOutCaption, _ message: String) {
        XCTAssertEqual(a.fonts, b.fonts, message)
        XCTAssertEqual(a.fontSize, b.fontSize, message)
        XCTAssertEqual(a.lines, b.lines, message)
        XCTAssertEqual(a.frame, b.frame, message)
        XCTAssertEqual(a.box, b.box, message)
    }

    func testTwoSizesInterleavedLayOutAsEachAlone() throws {
        let large = try engine().layout(caption, style: style(size: 64))
        let small = try engine().layout(caption, style: style(size: 27))
        XCTAssertNotEqual(large.fontSize, small.fontSize)
        XCTAssertGreaterThan(large.fonts.count, 2, "the caption should need fallback faces")
        let shared = try engine()
        for round in 0..<3 {
            assertSame(try shared.layout(caption, style: style(size: 27)), small, "small, round \(round)")
            assertSame(try shared.layout(caption, style: style(size: 64)), large, "large, round \(round)")
        }
    }

    func testOneCacheGivesOneFacePerFileAndSize() throws {
        let engine = try engine()
        let font = try engine.font(family: "Noto Sans", weight: 700, language: LanguageTag("en"))
        let a = try engine.faces.face(font, size: 40)
        let b = try engine.faces.face(font, size: 20)
        XCTAssertTrue(a === (try engine.faces.face(font, size: 40)))
        XCTAssertEqual(a.metrics.lineHeight, 2 * b.metrics.lineHeight, accuracy: 0.05)
        // Using the small size in between leaves the large one's metrics as they were.
        XCTAssertEqual(try FaceCache().face(font, size: 40).metrics, a.metrics)
    }

    func testALaidOutCaptionIsAPlainValue() throws {
        func sendable<T: Sendable>(_ value: T) -> T { value }
        let laidOut = sendable(try engine().layout(caption, style: style(size: 40)))
        XCTAssertFalse(laidOut.fonts.isEmpty)
    }
}
