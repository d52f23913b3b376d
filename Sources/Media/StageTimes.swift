/// The stages a render's time is split into (what `--stats` prints).
public enum Stage: Int, CaseIterable, Sendable {
    case decode  // demux, decode, rotate or convert the picture
    case captions  // lay out and rasterize captions, convert their colours once
    case composite  // blend captions into frames (and copy frames the decoder still holds)
    case encode  // hand frames to the encoder and take packets back
    case mux  // write video packets, copy (or re-encode) audio, finish the file
    case recognition  // recognize the input's speech (the engine's process, waited for)

    /// How `--stats` names the stage.
    public var label: String {
        switch self {
        case .decode: "demux+decode"
        case .captions: "caption layout+raster"
        case .composite: "compositing"
        case .encode: "encode"
        case .mux: "mux"
        case .recognition: "speech recognition"
        }
    }
}

/// Time spent in each stage: demux+decode on the decoding thread, the others on the render
/// thread (waiting for each other is not counted). // seconds
public struct StageTimes: Sendable, Equatable {
    private var seconds = [Double](repeating: 0, count: Stage.allCases.count)

    public init() {}

    public subscript(stage: Stage) -> Double {
        get { seconds[stage.rawValue] }
        set { seconds[stage.rawValue] = newValue }
    }

    /// The sum over all stages. // seconds
    public var total: Double { seconds.reduce(0, +) }
}

/// Splits the render thread's time between stages. A stage measured inside another one
/// (compositing inside the decoder's frame callback) is taken out of the outer stage, so the
/// stages add up to the time measured.
public final class StageTimer {
    public private(set) var times = StageTimes()
    private var current: Stage?
    private var since = ContinuousClock.now

    public init() {}

    /// Runs `body`, counting its time (less any nested stage's) to `stage`.
    @inline(__always)
    public func measure<T>(_ stage: Stage, _ body: () throws -> T) rethrows -> T {
        let start = ContinuousClock.now
        let outer = current
        if let outer { times[outer] += (start - since).seconds }
        current = stage
        since = start
        defer {
            let end = ContinuousClock.now
            times[stage] += (end - since).seconds
            current = outer
            since = end
        }
        return try body()
    }

    /// Counts `seconds` measured elsewhere (on another thread) to `stage`.
    public func add(_ seconds: Double, to stage: Stage) {
        times[stage] += seconds
    }
}

extension Duration {
    /// The duration as a number. // seconds
    public var seconds: Double { Double(components.seconds) + Double(components.attoseconds) * 1e-18 }
}
