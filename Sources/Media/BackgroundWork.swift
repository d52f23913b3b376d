import Foundation

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

/// Opens a lost input again on a thread of its own while the render thread holds the last
/// frame; the input it opened, once it has.
final class Reopening: @unchecked Sendable {
    private let lock = NSLock()
    private var input: MediaInput?
    private var abandoned = false

    init(_ reopen: @escaping () throws -> MediaInput) {
        let box = UncheckedBox(reopen)
        Thread.detachNewThread { [self] in
            // A failed attempt (a refused call, a timeout) is tried again after a pause.
            while !isAbandoned {
                if let input = try? box.value() {
                    lock.lock()
                    self.input = input
                    lock.unlock()
                    return
                }
                Thread.sleep(forTimeInterval: 0.5)
            }
        }
    }

    private var isAbandoned: Bool {
        lock.lock()
        defer { lock.unlock() }
        return abandoned
    }

    /// The input, once opened.
    var opened: MediaInput? {
        lock.lock()
        defer { lock.unlock() }
        return input
    }

    /// No more attempts after the current one.
    func abandon() {
        lock.lock()
        abandoned = true
        lock.unlock()
    }
}

/// A value handed to another thread that only that thread uses.
struct UncheckedBox<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}
