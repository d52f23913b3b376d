import XCTest

@testable import Captions

/// Shot-change lists as editors export them, and caption times snapped to them.
final class ShotChangesTests: XCTestCase {
    private let frame30 = 1.0 / 30

    func testTimesInSecondsClockTimeAndTimecode() throws {
        let text = """
            Timecode,Name
            # a comment, and a blank line

            2.5
            00:00:04.200,Marker 2
            00:00:06,000\tMarker 3
            00:00:08:15 scene 4
            1:02.5
            """
        let shots = try ShotChanges.parse(text, file: "cuts.csv", frameDuration: frame30)
        XCTAssertEqual(shots.times.count, 5)
        for (time, expected) in zip(shots.times, [2.5, 4.2, 6.0, 8.5, 62.5]) { XCTAssertEqual(time, expected, accuracy: 1e-9) }
    }

    func testDropFrameTimecodeSkipsTwoFrameNumbersAMinuteButEveryTenth() throws {
        let ntsc = 1001.0 / 30000
        // 00:01:00;02 is the 1800th frame; 00:10:00;00 the 17982nd.
        let shots = try ShotChanges.parse("00:01:00;02\n00:10:00;00\n", file: "cuts.txt", frameDuration: ntsc)
        XCTAssertEqual(shots.times[0], 1800 * ntsc, accuracy: 1e-9)
        XCTAssertEqual(shots.times[1], 17982 * ntsc, accuracy: 1e-9)
    }

    func testAnEditDecisionListGivesEachEventsRecordInFromTheFirst() throws {
        let edl = """
            TITLE: Timeline 1
            FCM: NON-DROP FRAME

            001  AX       V     C        00:00:10:00 00:00:12:00 01:00:00:00 01:00:02:00
            * FROM CLIP NAME: a.mov
            002  AX       V     C        00:01:00:00 00:01:03:15 01:00:02:00 01:00:05:15
            003  AX       V     C        00:02:00:00 00:02:01:00 01:00:05:15 01:00:06:15
            """
        let shots = try ShotChanges.parse(edl, file: "cuts.edl", frameDuration: 1.0 / 25)
        XCTAssertEqual(shots.times.count, 2)
        XCTAssertEqual(shots.times[0], 2.0, accuracy: 1e-9)
        XCTAssertEqual(shots.times[1], 5.6, accuracy: 1e-9)
    }

    func testProblemsNameTheFileAndEveryBadLine() {
        XCTAssertThrowsError(try ShotChanges.parse("1.0\nsoon\n00:00:01:45\n", file: "cuts.txt", frameDuration: frame30)) { error in
            let text = String(describing: error)
            XCTAssertTrue(text.contains("cuts.txt:2: expected a time"), text)
            XCTAssertTrue(text.contains("cuts.txt:3: expected a time"), text)
        }
    }

    func testAFileWithoutASingleTimeIsAnErrorNamingIt() {
        for text in ["", "\n# cuts\n", "Timecode,Name\n", "TITLE: x\nFCM: NON-DROP FRAME\n"] {
            XCTAssertThrowsError(try ShotChanges.parse(text, file: "cuts.txt", frameDuration: frame30), text) { error in
                XCTAssertTrue("\(error)".hasPrefix("cuts.txt: no "), "\(error)")
            }
        }
    }

    private func caption(_ start: Double, _ end: Double, _ text: String = "Some words here") -> Caption {
        Caption(text: text, start: start, end: end)
    }

    func testStartsAndEndsSnapWithinTwelveFramesOnly() {
        let shots = ShotChanges(times: [2.0, 6.0], frameDuration: frame30)
        let limits = ChunkingLimits(minDuration: 0.8, minGap: 2 * frame30)
        let snapped = ShotSnapper.snapped([caption(0.5, 1.7), caption(2.3, 5.5)], to: shots, limits: limits)
        // 1.7 is 9 frames before 2.0; 2.3 is 9 after it; 5.5 is 15 frames before 6.0 (left alone).
        XCTAssertEqual(snapped[0].end, 2.0 - 2 * frame30, accuracy: 1e-9)
        XCTAssertEqual(snapped[1].start, 2.0, accuracy: 1e-9)
        XCTAssertEqual(snapped[1].end, 5.5, accuracy: 1e-9)
        XCTAssertEqual(snapped.flatMap(\.changes).map(\.kind), [.shotChange, .shotChange])
    }

    func testNoMoveBreaksTheShortestTimeOrTheGap() {
        let shots = ShotChanges(times: [2.0], frameDuration: frame30)
        let limits = ChunkingLimits(minDuration: 0.8, minGap: 2 * frame30)
        // Its start onto the cut, or its end before it, would leave 0.3 s; reaching 12 frames
        // past the cut on either side would come within 2 frames of a neighbour.
        let snapped = ShotSnapper.snapped([caption(0.5, 1.6), caption(1.7, 2.3), caption(2.4, 3.5)], to: shots, limits: limits)
        XCTAssertEqual(snapped.map(\.start), [0.5, 1.7, 2.4])
        XCTAssertEqual(snapped.map(\.end), [1.6, 2.3, 3.5])
        XCTAssertTrue(snapped.allSatisfy(\.changes.isEmpty))
    }
}
