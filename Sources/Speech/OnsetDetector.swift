import Foundation

/// Finds where speech starts inside a time range of an `EnergyEnvelope`: the range is a
/// recognizer's word that may have absorbed the pause before it, so it holds quiet first and
/// then the word.
///
/// The detector works on window levels in dB (20·log10 RMS):
/// 1. Noise floor: the `floorQuantile` quantile of the levels in the range and the `lookback`
///    seconds before it (the pause the word absorbed, or the quiet before the previous
///    phrase), never below `silenceLevel`. Peak: the loudest level the range holds for
///    `peakHold` seconds (the quietest window of the loudest such stretch), so a burst of
///    noise or a click is no peak, while a vowel is.
/// 2. Peak less than `minimumContrast` above the floor: no rise can be told apart (nil): a
///    steady tone, music bed, noise or silence moves nothing.
/// 3. Detection threshold: `floor + max(minimumRise, riseFraction × (peak − floor))`. The onset is
///    the first window at or above it that stays there for `sustain` seconds (a click or a
///    tick is shorter), after at least one quiet window.
/// 4. If the range is loud from its first window, or from a window within `loudWithin` of
///    its start (speech right away, or the previous phrase still fading), the onset is the
///    first such rise after a quiet stretch of at least `minimumPause`; without one, the
///    speech starts where the range does.
/// 5. The onset is then moved back over the quiet stretch's last windows that are still at
///    least `extendLevel` above the floor, so a soft start (h, f, s) counts from where it leaves
///    the noise, not from where the vowel makes it loud.
/// The result is the start of the onset window: it is off by at most one window (`hop`).
public struct OnsetDetector: Sendable {
    /// Which quantile of the levels (range and lookback) is the noise floor. // fraction, 0...1
    public var floorQuantile = 0.1
    /// How much audio before the range also counts for the noise floor. // seconds
    public var lookback = 1.0
    /// The lowest floor considered, so that digital silence has a finite level. // dBFS (RMS 1e-4)
    public var silenceLevel = -80.0
    /// The least difference between the peak and the floor for a rise to count. // dB
    public var minimumContrast = 9.0
    /// How long the level must hold to count as the peak. // seconds
    public var peakHold = 0.05
    /// Detection threshold as a share of the floor-to-peak range. // fraction of the dB range
    public var riseFraction = 0.3
    /// The detection threshold is at least this far above the floor. // dB
    public var minimumRise = 9.0
    /// How long the level must stay at or above the detection threshold. // seconds
    public var sustain = 0.03
    /// The quiet that separates a fading previous phrase from the rise. // seconds
    public var minimumPause = 0.12
    /// A window this far above the floor, just before the detected rise, belongs to the onset. // dB
    public var extendLevel = 6.0
    /// A range whose level is above the threshold this soon after its start counts as loud
    /// from its start (0: only a range loud in its first window). // seconds
    public var loudWithin = 0.0

    /// The detector with the constants above.
    public init() {}

    /// Where speech starts in `from..<to` (the start of a window in that range), or nil when
    /// the envelope shows no rise there. // seconds
    public func onset(in envelope: EnergyEnvelope, from: Double, to: Double) -> Double? {
        let range = envelope.indices(from: from, to: to)
        guard !range.isEmpty else { return nil }
        let sustainWindows = max(1, Int((sustain / envelope.hop).rounded()))
        let holdWindows = max(1, Int((peakHold / envelope.hop).rounded()))
        // A rise near the end may stay up into the next word: the windows after the range
        // count for `sustain` and `peakHold`.
        let levels = Self.levels(
            envelope,
            range.lowerBound..<min(envelope.values.count, range.upperBound + max(sustainWindows, holdWindows) - 1))
        let surroundings = Self.levels(envelope, envelope.indices(from: from - lookback, to: to))
        let floor = max(silenceLevel, Self.quantile(floorQuantile, of: surroundings))
        let peak = (0..<range.count).map { levels[$0..<min(levels.count, $0 + holdWindows)].min()! }.max()!
        guard peak - floor >= minimumContrast else { return nil }
        let threshold = floor + max(minimumRise, riseFraction * (peak - floor))

        func sustained(_ i: Int) -> Bool {
            i + sustainWindows <= levels.count && levels[i..<(i + sustainWindows)].allSatisfy { $0 >= threshold }
        }
        let loudAtStart = (0...Int((loudWithin / envelope.hop).rounded())).contains(where: sustained)
        let pauseWindows = loudAtStart ? max(1, Int((minimumPause / envelope.hop).rounded())) : 1
        var quiet = 0  // windows before i that are below the threshold or only briefly above it
        for i in 0..<range.count {
            guard sustained(i) else {
                quiet += 1
                continue
            }
            if quiet >= pauseWindows {
                var onset = i
                while onset > i - quiet, levels[onset - 1] >= floor + extendLevel { onset -= 1 }
                return envelope.time(at: range.lowerBound + onset)
            }
            quiet = 0
        }
        return loudAtStart ? envelope.time(at: range.lowerBound) : nil
    }

    /// The windows' levels. // dBFS
    private static func levels(_ envelope: EnergyEnvelope, _ range: Range<Int>) -> [Double] {
        range.map { 20 * log10(max(Double(envelope.values[$0]), 1e-12)) }
    }

    /// The `q` quantile of `levels` (nearest rank, lower). `levels` is not empty.
    private static func quantile(_ q: Double, of levels: [Double]) -> Double {
        let sorted = levels.sorted()
        return sorted[min(sorted.count - 1, Int(q * Double(sorted.count - 1)))]
    }
}
