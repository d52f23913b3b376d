import CaptionFiles
import Captions
import Foundation
import Imaging
import Media
import Pipeline
import TestSupport
import XCTest

/// `LiveOverlays` playing the call of Tests/Cases/live-call.jsonl (partials refined into
/// finals, two speakers, a false-detected word, a line that is not JSON) frame by frame at
/// 30 fps, each item applied at its `end`: the rules of a live display without flicker.
final class LiveOverlaysTests: XCTestCase {
    private struct Timed {
        var update: LiveUpdate
        var time: Double
    }

    /// The call's items, with the problems of the lines that are none.
    private func call() throws -> (items: [Timed], problems: [String]) {
        let url = Repository.root.appendingPathComponent("Tests/Cases/live-call.jsonl")
        let text = try String(contentsOf: url, encoding: .utf8)
        var items: [Timed] = []
        var problems: [String] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            switch LiveCaptionItem.read(line: String(line), number: index + 1, file: "live-call.jsonl") {
            case .item(let item):
                let update = LiveUpdate(speaker: item.speakerID, displayName: item.displayName, text: item.text, isFinal: item.isFinal)
                items.append(Timed(update: update, time: try XCTUnwrap(item.endSeconds)))
            case .problems(let found, _): problems += found.map(\.description)
            case .blank, .recordingStart: continue
            }
        }
        return (items, problems)
    }

    /// Every display of the run, with its time, and the overlay of every frame.
    private func play(preset: String = "youtube", look: String? = nil, mode: LiveDisplayMode = .rollUp, labels: Bool = false, until end: Double = 14) throws
        -> (displays: [(LiveDisplay, Double)], overlays: [(Double, FrameOverlay?)], live: LiveOverlays)
    {
        let style = try LiveStyle(
            preset: preset, look: look, fontsConf: Repository.fontsConf.path, width: 1280, height: 720, rows: 2)
        let live = LiveOverlays(style: style, mode: mode, labels: labels)
        var displays: [(LiveDisplay, Double)] = []
        live.displayed = { displays.append(($0, $1)) }
        var pending = try call().items[...]
        var overlays: [(Double, FrameOverlay?)] = []
        for frame in 0..<Int(end * 30) {
            let time = Double(frame) / 30
            while let next = pending.first, next.time <= time {
                try live.apply(next.update, at: time)
                pending.removeFirst()
            }
            overlays.append((time, try live.overlay(at: time)))
        }
        return (displays, overlays, live)
    }

    func testTheBadLineIsReportedWithItsNumber() throws {
        let problems = try call().problems
        XCTAssertEqual(problems.count, 1)
        XCTAssertTrue(problems.first?.hasPrefix("live-call.jsonl:5: not valid JSON") == true, "\(problems)")
    }

    /// A committed word keeps its text and its x from first shown to gone; its row moves only
    /// up, by whole pitches; a row's words only grow at its end.
    func testCommittedWordsNeverChangeOrMoveSideways() throws {
        let (displays, _, live) = try play()
        var seen: [Int: (text: String, x: Int, y: Int)] = [:]
        var rowWords: [Int: [Int]] = [:]
        var pitches: Set<Int> = []
        for (display, time) in displays {
            for row in display.rows {
                let ids = row.words.map(\.id)
                if let before = rowWords[row.id] {
                    XCTAssertEqual(Array(ids.prefix(before.count)), before, "row \(row.id) at \(time): words only appended")
                }
                rowWords[row.id] = ids
                for word in row.words {
                    if let first = seen[word.id] {
                        XCTAssertEqual(word.text, first.text, "word \(word.id) at \(time)")
                        XCTAssertEqual(word.x, first.x, "word \(word.id) '\(word.text)' at \(time) moved sideways")
                        XCTAssertLessThanOrEqual(row.y, first.y, "word \(word.id) at \(time) moved down")
                        if row.y != first.y { pitches.insert(first.y - row.y) }
                    } else {
                        seen[word.id] = (word.text, word.x, row.y)
                    }
                }
            }
        }
        XCTAssertEqual(pitches.count, 1, "rows move by one pitch: \(pitches)")
        XCTAssertEqual(live.committedWords, seen.count)
        let texts = seen.values.map(\.text)
        XCTAssertTrue(texts.contains("you?"), "the final's word: \(texts)")
        XCTAssertFalse(texts.contains("and"), "the false-detected word is never committed")
        XCTAssertEqual(live.contradictions, 0)
    }

    /// A tentative word is drawn where it stands once committed; the one the final drops
    /// ("and") is erased, and erasures stay rare.
    func testTentativeWordsLandWhereCommitted() throws {
        let (displays, _, live) = try play()
        var tentativeX: [Int: Int] = [:]
        var landed = 0
        var erased: Set<String> = []
        for (display, _) in displays {
            for word in display.tentative { tentativeX[word.id] = word.x }
            for row in display.rows {
                for word in row.words where tentativeX[word.id] != nil {
                    XCTAssertEqual(word.x, tentativeX.removeValue(forKey: word.id), "'\(word.text)' committed elsewhere than shown")
                    landed += 1
                }
            }
        }
        for (display, _) in displays { erased.formUnion(display.tentative.filter { tentativeX[$0.id] != nil }.map(\.text)) }
        XCTAssertGreaterThan(landed, 5, "tentative words were shown before commitment")
        XCTAssertEqual(erased, ["and"])
        XCTAssertLessThanOrEqual(live.erasureRate, 0.1)
    }

    /// The pixels of a committed word are the same in every frame it shows on its row's place;
    /// the display clears after a silence.
    func testCommittedPixelsStayAndTheDisplayClears() throws {
        let (displays, overlays, _) = try play()
        // "hello", first committed: its cell in the bottom row until the rows roll.
        guard let (display, shownAt) = displays.first(where: { $0.0.rows.first?.words.first?.text == "hello" }) else {
            return XCTFail("hello never committed")
        }
        let word = display.rows[0].words[0]
        let rowY = display.rows[0].y
        let rowID = display.rows[0].id
        var rolled = 14.0
        for (later, time) in displays where time > shownAt {
            let row = later.rows.first { $0.id == rowID }
            if row?.y != rowY {
                rolled = time
                break
            }
        }
        let frames: [FrameOverlay] = overlays.filter { $0.0 >= shownAt && $0.0 < rolled }.compactMap { $0.1 }
        XCTAssertGreaterThan(frames.count, 10)
        func crop(_ overlay: FrameOverlay) -> [UInt8] {
            let bitmap = overlay.bitmap
            var bytes: [UInt8] = []
            for y in rowY..<(rowY + 20) {
                for x in (word.x + 2)..<(word.x + 30) {
                    let (bx, by) = (x - bitmap.x, y - bitmap.y)
                    guard bx >= 0, by >= 0, bx < bitmap.width, by < bitmap.height else { bytes += [0, 0, 0, 0]; continue }
                    let at = (by * bitmap.width + bx) * 4
                    bytes += bitmap.pixels[at..<(at + 4)]
                }
            }
            return bytes
        }
        let first = crop(frames[0])
        XCTAssertTrue(first.contains { $0 > 0 }, "the word is drawn")
        for frame in frames { XCTAssertEqual(crop(frame), first, "the committed word's pixels changed") }
        let last = try XCTUnwrap(overlays.last)
        XCTAssertNil(last.1, "the display clears \(LiveOverlays.clearSeconds) s after the last word")
    }

    /// Pages: a row never moves and its words never change; a page's rows fill from the top
    /// down; a new page (its first row at the top again) comes only when the page is full or
    /// at a phrase's end after the page was up 1 s; the false word is never committed.
    func testPagesStayPutAndTurnAtPhraseEnds() throws {
        let (displays, _, live) = try play(mode: .pages)
        var rowY: [Int: Int] = [:]
        var seen: [Int: (text: String, x: Int)] = [:]
        var pageStarted: Double?
        var lastRows: [Int] = []
        var pages = 0
        var topY: Int?
        for (display, time) in displays {
            let ids = display.rows.map(\.id)
            for row in display.rows {
                XCTAssertEqual(rowY[row.id] ?? row.y, row.y, "row \(row.id) moved at \(time)")
                rowY[row.id] = row.y
                for word in row.words {
                    XCTAssertEqual(seen[word.id].map { [$0.text, String($0.x)] } ?? [word.text, String(word.x)], [word.text, String(word.x)])
                    seen[word.id] = (word.text, word.x)
                }
            }
            XCTAssertEqual(display.rows.map(\.y), display.rows.map(\.y).sorted(), "rows fill top down at \(time)")
            if let first = display.rows.first, !lastRows.contains(first.id) {
                // A new page: its first row at the top, the previous page up 1 s at least.
                topY = topY ?? first.y
                XCTAssertEqual(first.y, topY, "a page starts at the top at \(time)")
                if let started = pageStarted {
                    XCTAssertGreaterThanOrEqual(time - started, LiveOverlays.leastPageSeconds - 1e-9, "page at \(started) turned at \(time)")
                }
                pageStarted = time
                pages += 1
            }
            if !ids.isEmpty { lastRows = ids }
        }
        XCTAssertGreaterThanOrEqual(pages, 2, "the call turns pages")
        XCTAssertEqual(Set(rowY.values).count, 2, "two rows' places: \(Set(rowY.values))")
        XCTAssertFalse(seen.values.map(\.text).contains("and"))
        XCTAssertEqual(live.contradictions, 0)
    }

    /// Speaker labels: a row whose speaker differs from the row before starts with the name, its
    /// first word after it; a row continuing the same speaker has none; the rules of committed
    /// words hold as without labels.
    func testRowsOfANewSpeakerStartWithTheName() throws {
        let (displays, _, live) = try play(labels: true)
        var rows: [Int: LiveDisplay.Row] = [:]
        for (display, _) in displays { for row in display.rows where !row.words.isEmpty { rows[row.id] = row } }
        let ordered = rows.keys.sorted().map { rows[$0]! }
        XCTAssertGreaterThanOrEqual(ordered.count, 3)
        let left = try XCTUnwrap(ordered.filter { $0.label == nil }.first?.words.first?.x, "a row without a label")
        var previous: String?
        for row in ordered {
            let changed = row.speaker != previous
            XCTAssertEqual(row.label, changed ? row.speaker.map { $0 + ":" } : nil, "row \(row.id) of \(row.speaker ?? "nobody")")
            if row.label != nil { XCTAssertGreaterThan(row.words[0].x, left + 20, "the first word after the label") }
            previous = row.speaker
        }
        XCTAssertTrue(ordered.contains { $0.label != nil })
        XCTAssertEqual(live.contradictions, 0)
        // Tentative words after a label land where they are committed.
        var tentativeX: [Int: Int] = [:]
        for (display, _) in displays {
            for word in display.tentative { tentativeX[word.id] = word.x }
            for word in display.rows.flatMap(\.words) where tentativeX[word.id] != nil {
                XCTAssertEqual(word.x, tentativeX.removeValue(forKey: word.id), "'\(word.text)' committed elsewhere than shown")
            }
        }
    }
}
