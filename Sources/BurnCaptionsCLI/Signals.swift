import Dispatch
import Foundation
import Pipeline

/// SIGINT and SIGTERM only raise the cancellation flag; the render stops at the next frame,
/// removes its temporary file and the CLI exits 128 + signal.
enum Signals {
    /// Starts forwarding; keep the returned sources alive for as long as the render runs.
    static func forward(to cancellation: Cancellation) -> [DispatchSourceSignal] {
        [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { @Sendable in cancellation.cancel(signal: number) }
            source.resume()
            return source
        }
    }
}
