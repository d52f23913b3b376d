import XCTest

@testable import Speech

final class EnergyEnvelopeTests: XCTestCase {
    func testTimesAndIndices() {
        let envelope = EnergyEnvelope(hop: 0.01, start: 0.5, values: [Float](repeating: 0.1, count: 200))
        XCTAssertEqual(envelope.end, 2.5, accuracy: 1e-12)
        XCTAssertEqual(envelope.time(at: 100), 1.5, accuracy: 1e-12)
        XCTAssertEqual(envelope.index(at: 1.5), 100)
        XCTAssertEqual(envelope.index(at: 1.509), 100)
        XCTAssertNil(envelope.index(at: 0.49))
        XCTAssertNil(envelope.index(at: 2.5))
        XCTAssertEqual(envelope.value(at: 1), 0.1)
        XCTAssertEqual(envelope.value(at: 3), 0)
        // Windows that begin in the range, clipped to the envelope.
        XCTAssertEqual(envelope.indices(from: 1.5, to: 1.6), 100..<110)
        XCTAssertEqual(envelope.indices(from: 1.505, to: 1.6), 101..<110)
        XCTAssertEqual(envelope.indices(from: 0, to: 0.6), 0..<10)
        XCTAssertEqual(envelope.indices(from: 2.4, to: 9), 190..<200)
        XCTAssertEqual(envelope.indices(from: 3, to: 4), 200..<200)
        XCTAssertEqual(envelope.indices(from: 1.6, to: 1.5), 110..<110)
    }

    func testBuilderKeepsOneRMSValuePerHop() {
        var builder = EnergyEnvelopeBuilder(sampleRate: 1000, hop: 0.01, start: 0.25)
        XCTAssertEqual(builder.hopLength, 10)
        let quiet = [Float](repeating: 0, count: 15)
        let loud = (0..<20).map { $0 % 2 == 0 ? Float(0.5) : -0.5 }
        quiet.withUnsafeBufferPointer { builder.append($0) }
        loud.withUnsafeBufferPointer { builder.append($0) }
        let envelope = builder.envelope()
        XCTAssertEqual(envelope.start, 0.25)
        XCTAssertEqual(envelope.hop, 0.01)
        // 0 | 5 zeros + 5 loud | 10 loud | 5 loud (partial window)
        XCTAssertEqual(envelope.values.count, 4)
        XCTAssertEqual(envelope.values[0], 0)
        XCTAssertEqual(envelope.values[1], (0.125 as Float).squareRoot(), accuracy: 1e-6)
        XCTAssertEqual(envelope.values[2], 0.5, accuracy: 1e-6)
        XCTAssertEqual(envelope.values[3], 0.5, accuracy: 1e-6)
        // Silence fills the partial window, then whole windows.
        var gapped = builder
        gapped.appendSilence(count: 25)
        XCTAssertEqual(gapped.envelope().values.count, 6)
        XCTAssertEqual(gapped.envelope().values[3], (0.125 as Float).squareRoot(), accuracy: 1e-6)
        XCTAssertEqual(gapped.envelope().values[4], 0)
        // Taking the envelope does not close the partial window for later samples.
        loud.prefix(5).withUnsafeBufferPointer { builder.append($0) }
        XCTAssertEqual(builder.envelope().values.count, 4)
    }

    /// A voiced sound of `seconds` at 16 kHz: harmonics of 120 Hz weighted by `weight(hertz)`.
    private func voiced(seconds: Double, weight: (Double) -> Double, phase: Int = 0) -> [Float] {
        (0..<Int(seconds * 16_000)).map { index in
            let time = Double(index + phase) / 16_000
            let sum = (1...33).reduce(0.0) { $0 + weight(Double($1) * 120) * sin(2 * .pi * Double($1) * 120 * time) }
            return Float(0.05 * sum)
        }
    }

    private func shapeChange(of samples: [Float]) -> [Float] {
        var builder = EnergyEnvelopeBuilder(sampleRate: 16_000, hop: 0.01, start: 0)
        samples.withUnsafeBufferPointer { builder.append($0) }
        let envelope = builder.envelope()
        XCTAssertEqual(envelope.shapeChange.count, envelope.values.count)
        return envelope.shapeChange
    }

    func testShapeChangeIsSmallOverAHeldSoundAndLargeWhereItChanges() {
        let dark = { (hertz: Double) in hertz < 800 ? 1.0 : 0.05 }
        let bright = { (hertz: Double) in hertz > 1500 ? 1.0 : 0.05 }
        let held = shapeChange(of: voiced(seconds: 1, weight: dark))
        let middle = held[20..<80].sorted()
        XCTAssertLessThan(middle[middle.count / 2], 0.5, "a held vowel keeps its shape")
        // Dark and bright, 60 ms each, as a word's sounds follow one another.
        var word: [Float] = []
        for part in 0..<16 { word += voiced(seconds: 0.06, weight: part % 2 == 0 ? dark : bright, phase: word.count) }
        let changing = shapeChange(of: word)[20..<80].sorted()
        XCTAssertGreaterThan(changing[changing.count / 2], 3, "a changing sound changes its shape")
        // One change, at 0.5 s: the largest change lies at its window, not a block later.
        let once = shapeChange(of: voiced(seconds: 0.5, weight: dark) + voiced(seconds: 0.5, weight: bright, phase: 8000))
        let peak = once.indices.max { once[$0] < once[$1] }!
        XCTAssertLessThanOrEqual(abs(peak - 50), 3, "the change at 0.5 s is found at window \(peak)")
    }
}
