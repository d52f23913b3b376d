import Foundation
import Synchronization

/// A value made on a thread of its own; its result, once there.
final class Background<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var made: Result<T, Error>?

    init(_ make: @escaping () throws -> T) {
        let box = UncheckedBox(make)
        Thread.detachNewThread { [self] in
            let result = Result { try box.value() }
            lock.lock()
            made = result
            lock.unlock()
        }
    }

    var result: Result<T, Error>? {
        lock.lock()
        defer { lock.unlock() }
        return made
    }
}

/// Opens a lost input again on a thread of its own (`Background`) while the render thread
/// holds the last frame: a failed attempt (a refused call, a timeout) is tried again after a
/// pause until one succeeds or the attempts are abandoned; the input, once opened.
final class Reopening: Sendable {
    private final class Flag: Sendable { let raised = Atomic<Bool>(false) }
    private let abandoned = Flag()
    private let attempts: Background<MediaInput?>

    init(_ reopen: @escaping () throws -> MediaInput) {
        let abandoned = self.abandoned
        attempts = Background {
            while !abandoned.raised.load(ordering: .relaxed) {
                if let input = try? reopen() { return input }
                Thread.sleep(forTimeInterval: 0.5)
            }
            return nil
        }
    }

    /// The input, once opened.
    var opened: MediaInput? { (try? attempts.result?.get()) ?? nil }

    /// No more attempts after the current one.
    func abandon() { abandoned.raised.store(true, ordering: .relaxed) }
}

/// A value handed to another thread that only that thread uses.
struct UncheckedBox<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}
