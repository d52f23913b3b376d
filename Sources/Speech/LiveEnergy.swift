/// The energy of a live stream's sound over its last minute or two, built as the sound passes
/// (`EnergyEnvelopeBuilder`, never the samples kept), so that recognized words' starts can be
/// moved onto the voice (`WordOnsets`) as in a file's timing fix. Memory is bounded: every
/// `spanSeconds` a new builder starts and only the one before it is kept.
public struct LiveEnergy {
    /// How long one builder covers before the next starts. // seconds
    public static let spanSeconds = 60.0
    /// Window length. // seconds
    public static let hop = 0.01
    private let sampleRate: Int
    private var current: EnergyEnvelopeBuilder?
    private var currentStart = 0.0  // seconds
    private var previous: EnergyEnvelope?
    private var next: Double?  // where the samples so far end // seconds

    public init(sampleRate: Int) {
        self.sampleRate = sampleRate
    }

    /// Adds samples (mono, full scale 1) that begin at `start` seconds on the stream: a gap
    /// since the last ones counts as silence; samples before the last ones' end are ignored.
    public mutating func append(_ samples: UnsafeBufferPointer<Float>, start: Double) {
        if let next, start < next - 0.5 / Double(sampleRate) { return }
        if current == nil || start - currentStart >= Self.spanSeconds {
            previous = current.map { $0.envelope() }
            current = EnergyEnvelopeBuilder(sampleRate: sampleRate, hop: Self.hop, start: start)
            currentStart = start
        } else if let next, start > next {
            current!.appendSilence(count: Int(((start - next) * Double(sampleRate)).rounded()))
        }
        current!.append(samples)
        next = start + Double(samples.count) / Double(sampleRate)
    }

    /// The envelope of the sound kept: the builder before, when it joins on, and the current.
    public var envelope: EnergyEnvelope? {
        guard let now = current?.envelope() else { return nil }
        guard let previous, abs(previous.end - now.start) < previous.hop, previous.shapeChange.isEmpty == now.shapeChange.isEmpty else {
            return now
        }
        return EnergyEnvelope(
            hop: now.hop, start: previous.start, values: previous.values + now.values, shapeChange: previous.shapeChange + now.shapeChange)
    }
}
