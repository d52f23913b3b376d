import Captions
import XCTest

@testable import Speech

final class TimingFixTests: XCTestCase {
    /// An envelope of 0.01 s windows from 0 to 5 s at `floor`, with each of `parts`
    /// (from, to, level) laid over it. // RMS, linear
    private func envelope(floor: Float = 0.001, _ parts: [(Double, Double, Float)]) -> EnergyEnvelope {
        var values = [Float](repeating: floor, count: 500)
        for (from, to, level) in parts {
            for i in Int((from * 100).rounded())..<Int((to * 100).rounded()) { values[i] = level }
        }
        return EnergyEnvelope(hop: 0.01, start: 0, values: values)
    }

    /// A caption whose first word (`first`) absorbed a pause, followed by one short word.
    private func caption(first: ClosedRange<Double>, text: String = "hello there") -> Caption {
        let second = Word(text: "there", start: first.upperBound, end: first.upperBound + 0.3)
        return Caption(
            text: text, start: first.lowerBound, end: second.end,
            words: [Word(text: "hello", start: first.lowerBound, end: first.upperBound), second])
    }

    func testStartMovesToWhereTheEnergyRises() {
        let fixed = TimingFix.apply([caption(first: 0.2...1.5)], envelope: envelope([(1.23, 1.5, 0.2), (1.55, 1.8, 0.2)]))
        XCTAssertEqual(fixed[0].start, 1.23, accuracy: 0.011)
        XCTAssertEqual(fixed[0].words[0].start, fixed[0].start)
        XCTAssertEqual(fixed[0].words[0].end, 1.5)
        XCTAssertEqual(fixed[0].words[1], caption(first: 0.2...1.5).words[1])
        XCTAssertEqual(fixed[0].end, 1.8)
    }

    func testNoClearRiseLeavesTheStartAlone() {
        let original = caption(first: 0.2...1.5)
        // A steady tone or noise, digital silence, and no audio at that time at all.
        XCTAssertEqual(TimingFix.apply([original], envelope: envelope(floor: 0.05, [])), [original])
        XCTAssertEqual(TimingFix.apply([original], envelope: envelope(floor: 0, [])), [original])
        let short = EnergyEnvelope(hop: 0.01, start: 0, values: [0.1, 0.1])
        XCTAssertEqual(TimingFix.apply([caption(first: 2.2...3.5)], envelope: short), [caption(first: 2.2...3.5)])
        // A burst shorter than the peak hold (40 ms) over a floor is no speech either.
        XCTAssertEqual(TimingFix.apply([original], envelope: envelope(floor: 0.01, [(1.0, 1.04, 0.2)])), [original])
    }

    func testEstimatedWordTimesAreLeftAlone() {
        // A hand-timed cue's words are spread over it: nothing was absorbed, the start stays.
        var handTimed = caption(first: 0.2...1.5)
        handTimed.words = handTimed.words.map { Word(text: $0.text, start: $0.start, end: $0.end, estimated: true) }
        let rise = envelope([(1.23, 1.5, 0.2), (1.55, 1.8, 0.2)])
        XCTAssertEqual(TimingFix.apply([handTimed], envelope: rise), [handTimed])
        // The same caption with measured times moves.
        XCTAssertEqual(TimingFix.apply([caption(first: 0.2...1.5)], envelope: rise)[0].start, 1.23, accuracy: 0.011)
    }

    func testStartNeverPassesTheMediaEnd() {
        // The rise at 1.23 s is after the video's end (1.2 s): the start stays.
        let rise = envelope([(1.23, 1.5, 0.2), (1.55, 1.8, 0.2)])
        let original = caption(first: 0.2...1.5)
        XCTAssertEqual(TimingFix.apply([original], envelope: rise, mediaEnd: 1.2), [original])
        XCTAssertEqual(TimingFix.apply([original], envelope: rise, mediaEnd: 1.3)[0].start, 1.23, accuracy: 0.011)
        // Nor past the audio's end: the envelope stops at 1.0 s.
        let cut = EnergyEnvelope(hop: 0.01, start: 0, values: Array(rise.values.prefix(100)))
        XCTAssertEqual(TimingFix.apply([original], envelope: cut), [original])
    }

    func testShortFirstWordIsUnchanged() {
        let original = caption(first: 1.0...1.3)
        XCTAssertEqual(TimingFix.apply([original], envelope: envelope([(1.2, 1.6, 0.2)])), [original])
        // The bound is strict: exactly longWord is not long.
        let exact = caption(first: 1.0...1.5)
        XCTAssertEqual(TimingFix.apply([exact], envelope: envelope([(1.3, 1.8, 0.2)]), longWord: 0.5), [exact])
    }

    func testCaptionWithoutWordsIsUnchanged() {
        let original = Caption(text: "no words", start: 0.2, end: 2)
        XCTAssertEqual(TimingFix.apply([original], envelope: envelope([(1.2, 1.8, 0.2)])), [original])
    }

    func testStartNeverPassesTheWordEndMinusTheMargin() {
        // A rise in the word's last few milliseconds.
        let late = TimingFix.apply([caption(first: 0.2...1.5)], envelope: envelope([(1.49, 1.8, 0.2)]))
        XCTAssertEqual(late[0].start, 1.5 - TimingFix.margin, accuracy: 1e-9)
    }

    func testStartNeverMovesEarlier() {
        // Speech from before the word until after it: it starts where the recognizer said.
        let original = caption(first: 1.0...1.6)
        let fixed = TimingFix.apply([original], envelope: envelope([(0.5, 2.5, 0.2)]))
        XCTAssertEqual(fixed, [original])
        // A caption that starts after its first word keeps its later start.
        var late = caption(first: 0.2...1.5)
        late.start = 1.4
        XCTAssertEqual(TimingFix.apply([late], envelope: envelope([(1.23, 1.8, 0.2)]))[0].start, 1.4)
    }

    func testFadingPreviousPhraseIsSkipped() {
        // The previous phrase still sounds for 0.08 s, then 0.5 s pause, then the word.
        let fixed = TimingFix.apply([caption(first: 1.0...1.9)], envelope: envelope([(0.5, 1.08, 0.2), (1.58, 1.9, 0.2)]))
        XCTAssertEqual(fixed[0].start, 1.58, accuracy: 0.011)
    }

    func testClickInThePauseIsIgnored() {
        let fixed = TimingFix.apply([caption(first: 0.2...1.5)], envelope: envelope([(0.6, 0.62, 0.3), (1.1, 1.5, 0.2)]))
        XCTAssertEqual(fixed[0].start, 1.1, accuracy: 0.011)
    }

    func testSoftStartCountsFromWhereItLeavesTheNoise() {
        // Noise at -50 dB; an "h" at -42 dB from 1.0 (below the detection threshold), the vowel
        // at -14 dB from 1.08.
        let fixed = TimingFix.apply(
            [caption(first: 0.2...1.4)], envelope: envelope(floor: 0.003, [(1.0, 1.08, 0.008), (1.08, 1.4, 0.2)]))
        XCTAssertEqual(fixed[0].start, 1.0, accuracy: 0.011)
    }

    func testEachCaptionIsFixedOnItsOwn() {
        let captions = [caption(first: 0.2...1.5), Caption(text: "none", start: 2, end: 2.2), caption(first: 2.3...3.4)]
        let fixed = TimingFix.apply(captions, envelope: envelope([(1.23, 1.8, 0.2), (3.0, 3.7, 0.2)]))
        XCTAssertEqual(fixed.map(\.start)[0], 1.23, accuracy: 0.011)
        XCTAssertEqual(fixed[1], captions[1])
        XCTAssertEqual(fixed.map(\.start)[2], 3.0, accuracy: 0.011)
    }
}
