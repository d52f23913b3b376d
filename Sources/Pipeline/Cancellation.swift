import Synchronization

/// A flag another thread (a signal handler) raises to stop a render at the next frame.
public final class Cancellation: Sendable {
    private let raised = Atomic<Int32>(0)

    public init() {}

    /// Asks the render to stop; `signal` is reported in the error (0: not a signal).
    public func cancel(signal: Int32 = 0) { raised.store(signal == 0 ? -1 : signal, ordering: .relaxed) }

    public var isCancelled: Bool { raised.load(ordering: .relaxed) != 0 }

    /// The signal that cancelled, if one did.
    public var signal: Int32 {
        let value = raised.load(ordering: .relaxed)
        return value > 0 ? value : 0
    }
}
