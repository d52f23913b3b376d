import Foundation
import TestSupport
import XCTest

@testable import Media

/// The cut timeline (`KeptRanges`) and the audio joins (`AudioSplice`) as units: times map
/// through the cuts, the joined sound is exactly the kept ranges long, every kept sample lands
/// at its place, the crossfade's gains keep the power, and the output starts and ends
/// without a step.
final class AudioSpliceTests: XCTestCase {
    func testTheCutTimelineRunsThroughTheKeptRanges() throws {
        let kept = try KeptRanges([1.0...2.0, 3.0...3.5, 5.0...6.0])
        XCTAssertEqual(kept.duration, 2.5)
        XCTAssertEqual(kept.outputTime(1.5), 0.5)
        XCTAssertEqual(kept.outputTime(3.25), 1.25)
        XCTAssertEqual(kept.outputTime(5.5), 2.0)
        XCTAssertNil(kept.outputTime(0.5))
        XCTAssertNil(kept.outputTime(2.5))
        XCTAssertNil(kept.outputTime(6.5))
        // Half a frame of tolerance, as a segment's.
        XCTAssertEqual(kept.index(holding: 2.99, frameDuration: 0.04), 1)
        XCTAssertNil(kept.index(holding: 1.99, frameDuration: 0.04))
        XCTAssertEqual(kept.index(holding: 1.97, frameDuration: 0.04), 0)
        XCTAssertThrowsError(try KeptRanges([2.0...3.0, 1.0...1.5]))
        XCTAssertThrowsError(try KeptRanges([1.0...1.0]))
        XCTAssertThrowsError(try KeptRanges([]))
    }

    /// Channel 0 is 1 in the first kept range's part of the source, channel 1 in the second's,
    /// channel 2 is the source position: at 1 kHz, in chunks of 37 samples, once with a stretch
    /// read twice (a seek that landed early) and a gap.
    func testTheJoinsAreSampleExactAndKeepThePower() throws {
        let kept = try KeptRanges([0.1...0.2, 0.3...0.45, 0.5...0.6], crossfade: 0.01)
        var splice = AudioSplice(kept: kept, rate: 1000, channels: 3)
        var out: [[Float]] = [[], [], []]
        func emit(_ samples: [[Float]], _ at: Int64) {
            XCTAssertEqual(Int(at), out[0].count, "output comes in order, without a gap")
            for c in 0..<3 { out[c] += samples[c] }
        }
        var positions = Array(stride(from: 0, to: 700, by: 37))
        positions.insert(222, at: 8)  // read again from 222 after 259
        positions.removeAll { $0 == 481 }  // 481..<518 never comes
        for start in positions {
            let range = start..<(start + 37)
            let channels: [[Float]] = [
                range.map { $0 < 250 ? 1 : 0 }, range.map { $0 >= 250 && $0 < 475 ? 1 : 0 }, range.map { Float($0) },
            ]
            let pointers = channels.map { $0.withUnsafeBufferPointer { UnsafePointer($0.baseAddress!) } }
            try withExtendedLifetime(channels) { try splice.take(pointers, count: 37, at: Int64(start), emit: emit) }
        }
        try splice.finish(emit)
        XCTAssertEqual(out[0].count, 350, "100 + 150 + 100 ms")
        XCTAssertEqual(out[2][50], 150, "range 1's middle")
        XCTAssertEqual(out[2][175], 375, "range 2's middle")
        XCTAssertEqual(out[2][300], 550, "range 3's middle")
        for o in 95..<105 {
            let power = out[0][o] * out[0][o] + out[1][o] * out[1][o]
            XCTAssertEqual(Double(power), 1, accuracy: 1e-5, "equal power at \(o)")
            XCTAssertGreaterThan(out[0][o], 0)
            XCTAssertGreaterThan(out[1][o], 0)
        }
        XCTAssertEqual(out[0][94], 1)
        XCTAssertEqual(out[1][105], 1)
        XCTAssertEqual(out[2][105], 305, "the range after the join starts on time")
        // The output fades in (its first range starts after the input's) and out, over 5 ms.
        XCTAssertLessThan(out[0][0], 0.2)
        XCTAssertEqual(out[0][5], 1)
        XCTAssertLessThan(out[2][349] / 599, 0.2)
        XCTAssertEqual(out[2][344], 594)
    }

    /// A part of a split cut render carries the kept ranges in a tag that reads back to the
    /// same numbers, and finds where it starts on the cut timeline.
    func testKeptRangesReadBackFromATagAndMapBothWays() throws {
        let kept = try KeptRanges([0...2, 3.5...5, 7.5...11.5, 18.4...20, 21...24])
        XCTAssertEqual(KeptRanges(tagValue: kept.tagValue), kept)
        XCTAssertEqual(kept.tagValue, "0.0:2.0 3.5:5.0 7.5:11.5 18.4:20.0 21.0:24.0")
        XCTAssertNil(KeptRanges(tagValue: "0.0:2.0 1.0:3.0"), "overlapping")
        XCTAssertNil(KeptRanges(tagValue: "0.0-2.0"))
        // Segments at 6, 12 and 18 s: inside a cut, a part starts where the next kept range does.
        XCTAssertEqual([6, 12, 18].map { kept.keptSeconds(before: $0) }, [3.5, 7.5, 7.5])
        XCTAssertEqual(kept.keptSeconds(from: 12, to: 18), 0)
        XCTAssertEqual(kept.keptSeconds(from: 18, to: nil), 4.6, accuracy: 1e-9)
        for (output, source) in zip([0, 2, 3.4, 3.5, 7.5, 12.1], [0, 3.5, 4.9, 7.5, 18.4, 24]) {
            XCTAssertEqual(kept.sourceTime(ofOutput: output), source, accuracy: 1e-9, "\(output) s of the cut timeline")
        }
    }
}
