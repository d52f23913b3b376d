/// Short-time energy of an audio track on the caption clock: one RMS value per window of
/// `hop` seconds, windows back to back from `start`.
public struct EnergyEnvelope: Sendable, Equatable {
    /// Length of each window, and the distance between two windows. // seconds
    public var hop: Double
    /// Where the window of `values[0]` begins on the caption clock. // seconds
    public var start: Double
    /// Root mean square of the samples in each window. // RMS, linear (full scale = 1)
    public var values: [Float]
    /// How fast the spectrum's shape changes at each window (`ShapeChangeMeter`): small over
    /// a held vowel or hum; empty when not measured. // decibels
    public var shapeChange: [Float]

    /// An envelope; `hop` must be positive, `shapeChange` empty or as long as `values`.
    public init(hop: Double, start: Double, values: [Float], shapeChange: [Float] = []) {
        precondition(hop > 0, "hop must be positive")
        precondition(shapeChange.isEmpty || shapeChange.count == values.count, "a shape change per window")
        self.hop = hop
        self.start = start
        self.values = values
        self.shapeChange = shapeChange
    }

    /// Where the last window ends. // seconds
    public var end: Double { time(at: values.count) }

    /// Where window `index` begins. // seconds
    public func time(at index: Int) -> Double { start + hop * Double(index) }

    /// The window that holds `time`, or nil outside the envelope.
    public func index(at time: Double) -> Int? {
        let index = Int(position(of: time).rounded(.down))
        return values.indices.contains(index) ? index : nil
    }

    /// The energy at `time`; silence (0) outside the envelope. // RMS, linear
    public func value(at time: Double) -> Float {
        index(at: time).map { values[$0] } ?? 0
    }

    /// The windows that begin in `from..<to`, clipped to the envelope (empty when none do).
    public func indices(from: Double, to: Double) -> Range<Int> {
        let lower = min(max(0, Int(position(of: from).rounded(.up))), values.count)
        let upper = min(max(lower, Int(position(of: to).rounded(.up))), values.count)
        return lower..<upper
    }

    /// `time` counted in windows from `start`; within a millionth of a window of a whole number
    /// it is that number, so that 1.0 s with a 0.01 s hop is window 100, not 100.000000000001.
    private func position(of time: Double) -> Double {
        let position = (time - start) / hop
        let whole = position.rounded()
        return abs(position - whole) < 1e-6 ? whole : position
    }
}
