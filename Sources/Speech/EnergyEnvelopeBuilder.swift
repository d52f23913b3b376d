/// Builds an `EnergyEnvelope` from audio samples as they arrive, one window at a time,
/// keeping only the running sum of the current window and the last block the shape change
/// is measured on (`ShapeChangeMeter`), never the audio.
public struct EnergyEnvelopeBuilder {
    /// Samples per second of the audio appended.
    public let sampleRate: Int
    /// Samples per window.
    public let hopLength: Int
    private let start: Double  // seconds
    private var sum: Double = 0  // sum of squares in the current window
    private var count = 0  // samples in the current window
    private var values: [Float] = []  // RMS, linear
    private var shape: ShapeChangeMeter?  // nil when its transform could not be made

    /// Windows of `hop` seconds (rounded to whole samples) from `start` on the caption clock.
    public init(sampleRate: Int, hop: Double, start: Double) {
        precondition(sampleRate > 0 && hop > 0, "sample rate and hop must be positive")
        self.sampleRate = sampleRate
        self.hopLength = max(1, Int((hop * Double(sampleRate)).rounded()))
        self.start = start
        self.shape = try? ShapeChangeMeter(sampleRate: sampleRate, hopLength: hopLength)
    }

    /// The window length after rounding to whole samples. // seconds
    public var hop: Double { Double(hopLength) / Double(sampleRate) }

    /// Adds samples (mono, full scale = 1) that follow the ones added before.
    public mutating func append(_ samples: UnsafeBufferPointer<Float>) {
        for sample in samples {
            sum += Double(sample) * Double(sample)
            shape?.append(sample)
            count += 1
            if count == hopLength { closeWindow() }
        }
    }

    /// Adds `count` samples of silence (a gap in the audio).
    public mutating func appendSilence(count: Int) {
        var left = max(0, count)
        while left > 0 {
            let taken = min(left, hopLength - self.count)
            self.count += taken
            shape?.appendSilence(count: taken)
            left -= taken
            if self.count == hopLength { closeWindow() }
        }
    }

    /// The envelope so far; a last, partial window counts with the samples it has.
    public func envelope() -> EnergyEnvelope {
        var builder = self
        if builder.count > 0 { builder.closeWindow() }
        return EnergyEnvelope(
            hop: hop, start: start, values: builder.values,
            shapeChange: builder.shape?.values(count: builder.values.count) ?? [])
    }

    private mutating func closeWindow() {
        values.append(Float((sum / Double(count)).squareRoot()))
        shape?.closeWindow()
        sum = 0
        count = 0
    }
}
