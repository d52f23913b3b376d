import CAVCodec
import CAVFilter
import CAVFormat
import CAVUtil
import Foundation

/// What happened to a live output on the way.
public enum LiveOutputEvent: Sendable, Equatable {
    /// Output `index` failed (`reason`: the server refused or dropped the connection); it is
    /// tried again in `retry` seconds.
    case lost(index: Int, reason: String, retry: Double)
    /// Output `index` is connected again.
    case back(index: Int)
}

/// The live outputs that failed and are connected again, each after a pause that doubles
/// from 1 s to 30 s; a file output that fails stays failed. Each attempt runs on a thread of
/// its own, so that a server that does not answer never holds up the frames.
struct OutputRetries {
    private let targets: [RenderTarget]
    private var pending: [Int: (attempt: Int, at: ContinuousClock.Instant, opening: Background<BurnedOutput?>?)] = [:]
    static let pauses: [Double] = [1, 2, 4, 8, 16, 30]

    init(targets: [RenderTarget]) { self.targets = targets }

    /// Whether an output waits to be connected again.
    var retrying: Bool { !pending.isEmpty }

    /// Starts, collects or schedules the attempts after a frame was sent.
    mutating func tend(
        _ fanOut: inout FrameFanOut, open: @escaping (RenderTarget) throws -> BurnedOutput?, event: (LiveOutputEvent) -> Void
    ) {
        for index in targets.indices {
            guard case .stream = targets[index] else { continue }
            let failure = fanOut.outputs[index].failure
            guard var entry = pending[index] ?? failure.map({ _ in (0, ContinuousClock.now, nil) }) else { continue }
            if pending[index] == nil, let failure {
                let pause = Self.pauses[0]
                event(.lost(index: index, reason: (failure as? MediaError)?.reason ?? "\(failure)", retry: pause))
                entry.at = ContinuousClock.now + .milliseconds(Int64(pause * 1000))
            }
            if let opening = entry.opening, let result = opening.result {
                switch result {
                case .success(let sink?):
                    fanOut.revive(index, sink: sink)
                    pending[index] = nil
                    event(.back(index: index))
                    continue
                case .success(nil), .failure:
                    entry.attempt += 1
                    let pause = Self.pauses[min(entry.attempt, Self.pauses.count - 1)]
                    if case .failure(let error) = result {
                        event(.lost(index: index, reason: (error as? MediaError)?.reason ?? "\(error)", retry: pause))
                    }
                    entry.at = ContinuousClock.now + .milliseconds(Int64(pause * 1000))
                    entry.opening = nil
                }
            } else if entry.opening == nil, ContinuousClock.now >= entry.at {
                let target = targets[index]
                entry.opening = Background { try open(target) }
            }
            pending[index] = entry
        }
    }
}
