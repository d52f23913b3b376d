import Foundation
import Media

/// How fast the spectrum's shape changes, one value per envelope window, measured as samples
/// arrive: the levels of `bands` from 250 Hz to 4 kHz over a block of about 64 ms centred on
/// the window, less their mean (the shape, not the loudness), and the RMS difference between
/// the shapes `lag` windows apart around it. A held vowel or hum ("uh", "um") changes little;
/// a word's sounds follow one another. Filled pauses are told apart this way in speech
/// research (a small spectral envelope deformation: Goto, Itou and Hayamizu, Eurospeech 1999).
/// Keeps the last block of samples and the last `lag` shapes, never the audio.
struct ShapeChangeMeter {
    /// The band edges. // hertz
    static let edges: [Double] = [250, 397, 630, 1000, 1587, 2520, 4000]
    /// Shapes this many windows apart are compared (40 ms at 10 ms windows).
    static let lag = 4
    /// The block measured. // seconds
    static let block = 0.064

    private let spectrum: PowerSpectrum
    private let bins: [Range<Int>]  // the spectrum's bins of each band
    /// The last `spectrum.size` samples, a ring written twice over (at `position` and
    /// `position + size`), so that the block always lies whole at `position..<position + size`.
    private var recent: [Float]
    private var position = 0  // where the next sample goes
    private var shapes: [[Float]] = []  // the last `lag` + 1 shapes, oldest first
    private var changes: [Float] = []  // one per closed window, `delay` windows late
    /// Windows between the one a change is measured at and the one it belongs to: the block
    /// ends with the window just closed, so its middle lies half a block back, and the two
    /// shapes compared lie `lag / 2` windows either side.
    private let delay: Int

    /// A meter of audio at `sampleRate` in windows of `hopLength` samples.
    init(sampleRate: Int, hopLength: Int) throws {
        var size = 16
        while Double(size) < Self.block * Double(sampleRate) { size *= 2 }
        spectrum = try PowerSpectrum(size: size)
        recent = [Float](repeating: 0, count: 2 * size)
        let binWidth = Double(sampleRate) / Double(size)
        bins = zip(Self.edges, Self.edges.dropFirst()).map { low, high in
            let first = min(size / 2, Int((low / binWidth).rounded(.up)))
            return first..<max(first + 1, min(size / 2 + 1, Int((high / binWidth).rounded(.up))))
        }
        delay = Int((Double(size) / 2 / Double(hopLength)).rounded()) + Self.lag / 2
    }

    /// Adds one sample.
    mutating func append(_ sample: Float) {
        recent[position] = sample
        recent[position + spectrum.size] = sample
        position = (position + 1) % spectrum.size
    }

    /// Adds `count` samples of silence.
    mutating func appendSilence(count: Int) {
        for _ in 0..<min(count, spectrum.size) { append(0) }
    }

    /// Measures the block that ends with the window just closed.
    mutating func closeWindow() {
        let power = recent.withUnsafeBufferPointer {
            spectrum.power(of: UnsafeBufferPointer(rebasing: $0[position..<(position + spectrum.size)]))
        }
        let levels = bins.map { band in 10 * log10(band.reduce(Float(1e-10)) { $0 + power[$1] }) }
        let mean = levels.reduce(0, +) / Float(levels.count)
        shapes.append(levels.map { $0 - mean })
        if shapes.count > Self.lag + 1 { shapes.removeFirst() }
        guard shapes.count == Self.lag + 1, let first = shapes.first, let last = shapes.last else {
            changes.append(0)
            return
        }
        let squares = zip(first, last).map { ($0 - $1) * ($0 - $1) }.reduce(0, +)
        changes.append((squares / Float(first.count)).squareRoot())
    }

    /// The change at each of `count` windows (0 where the audio around it is too short to
    /// tell). // decibels
    func values(count: Int) -> [Float] {
        let aligned = Array(changes.dropFirst(delay).prefix(count))
        return aligned + [Float](repeating: 0, count: count - aligned.count)
    }
}
