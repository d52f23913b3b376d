import EditLists
import XCTest

/// Timecode labels and frame counts at every rate: the cases of `edit-lists.json` (the
/// drop-frame minute boundaries among them), labels past 24 hours, labels that do not read,
/// and every frame of the first twenty minutes read back from its label at each rate.
final class TimecodeTests: XCTestCase {
    func testLabelsAndFrames() throws {
        let cases = EditListCases.all.timecodes
        XCTAssertGreaterThanOrEqual(cases.count, 20)
        for item in cases {
            let rate = try EditListCases.rate(named: item.rate)
            XCTAssertEqual(Timecode(frames: item.frames, rate: rate).description, item.text, "\(item.rate) \(item.frames)")
            XCTAssertEqual(try Timecode(item.text, rate: rate).frames, item.frames, "\(item.rate) \(item.text)")
        }
    }

    func testLabelsWrapAfterADay() throws {
        for item in EditListCases.all.wrappedTimecodes {
            let rate = try EditListCases.rate(named: item.rate)
            XCTAssertEqual(Timecode(frames: item.frames, rate: rate).description, item.text, "\(item.rate) \(item.frames)")
        }
    }

    func testLabelsThatDoNotRead() throws {
        for item in EditListCases.all.badTimecodes {
            let rate = try EditListCases.rate(named: item.rate)
            XCTAssertThrowsError(try Timecode(item.text, rate: rate), item.text) { error in
                XCTAssertEqual("\(error)", item.error)
            }
        }
    }

    /// Every frame's label reads back as that frame, and the labels of consecutive frames are
    /// consecutive labels: the frame field steps by one, or starts again at 0 (at 2 or 4 on a
    /// minute that drops, the tenth minutes aside) with the seconds stepped. Eleven minutes at
    /// each rate: the tenth minute's boundary among them.
    func testEveryFrameOfElevenMinutesRoundTrips() throws {
        for rate in EditRate.all {
            let dropped = rate.dropFrame ? rate.timebase / 15 : 0
            var previous: [Int]? = nil
            var fault: String? = nil
            for frames in 0..<(rate.timebase * 60 * 11) where fault == nil {
                let label = Timecode(frames: frames, rate: rate).description
                if (try? Timecode(label, rate: rate).frames) != frames { fault = "\(label) does not read back as \(frames)" }
                let fields = label.split { $0 == ":" || $0 == ";" }.map { Int($0)! }
                if let previous {
                    let seconds = fields[0] * 3600 + fields[1] * 60 + fields[2]
                    let before = previous[0] * 3600 + previous[1] * 60 + previous[2]
                    let skips = fields[2] == 0 && fields[1] % 10 != 0
                    let next =
                        fields[3] == previous[3] + 1 && seconds == before
                        || fields[3] == (skips ? dropped : 0) && previous[3] == rate.timebase - 1 && seconds == before + 1
                    if !next { fault = "\(label) does not follow \(previous)" }
                }
                previous = fields
            }
            XCTAssertNil(fault, "\(rate)")
        }
    }
}
