import Foundation
import Pipeline

/// The burn started from the review page, one at a time, on a thread of its own: where it
/// writes, how far it is, how it ended. It plans on its own, as the command line does (its
/// request carries the cues as edited, as a value). Thread-safe: its state is behind its own lock, which the
/// render thread takes for each progress step.
final class ReviewRender: @unchecked Sendable {
    /// What the page shows of it.
    struct State: Codable {
        var output: String?
        var running = false
        var done: Double = 0  // 0...1
        var finished: String?  // the file written
        var error: String?
    }

    private let lock = NSLock()
    private var current = State()
    private var cancellation = Cancellation()

    /// The render under way, or how the last one ended.
    var state: State { lock.withLock { current } }

    /// Burns `job` into `output`, as the command line does: a temporary file renamed when
    /// complete, nothing left when it fails or is cancelled.
    func start(_ job: BurnRequest, to output: String) throws {
        try lock.withLock {
            guard !current.running else { throw ReviewError("a render is under way: cancel it first") }
            var burn = job
            burn.output = .file(output)
            let request = burn
            current = State(output: output, running: true)
            cancellation = Cancellation()
            let cancellation = self.cancellation
            Thread.detachNewThread { [self] in
                let ended: State
                do {
                    let result = try Burner.run(request, cancellation: cancellation) { event in
                        guard case .progress(let step) = event, let duration = step.duration, duration > 0 else { return }
                        self.lock.withLock { self.current.done = min(1, step.time / duration) }
                    }
                    ended = State(output: output, running: false, done: 1, finished: result.output)
                } catch {
                    ended = State(output: output, running: false, done: 0, error: BurnError.wrap(error).description)
                }
                self.lock.withLock { self.current = ended }
            }
        }
    }

    /// Stops the render under way, if any.
    func cancel() { lock.withLock { cancellation.cancel() } }

    /// Stops the render under way and waits until it has removed its temporary file.
    func finish() {
        cancel()
        while lock.withLock({ current.running }) { usleep(20_000) }
    }
}
