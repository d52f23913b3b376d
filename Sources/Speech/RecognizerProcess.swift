import Foundation
import Synchronization

/// One run of the recognizer as a child process: the request line and the samples written
/// to its standard input from a thread of their own, its output read line by line, its
/// standard error kept (the end of it) for the message when it fails. It is ended (SIGTERM,
/// then waited for) when the caller cancels, on any error, and in `deinit`; the engine ends
/// itself when this process goes away.
final class RecognizerProcess {
    /// How much of the engine's standard error is kept. // bytes
    static let keptErrorBytes = 4096

    private let process: Process
    private let output: FileHandle
    private let input: FileHandle
    private let errors: ErrorTail
    private let program: String

    /// Starts `engine`'s command.
    init(_ engine: RecognizerEngine) throws(RecognitionError) {
        // A write to an engine that died fails with EPIPE instead of ending this process.
        signal(SIGPIPE, SIG_IGN)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: engine.command[0])
        process.arguments = Array(engine.command.dropFirst())
        var environment = ProcessInfo.processInfo.environment
        environment["PYTHONUNBUFFERED"] = "1"
        process.environment = environment
        let (stdin, stdout, stderr) = (Pipe(), Pipe(), Pipe())
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        let errors = ErrorTail()
        stderr.fileHandleForReading.readabilityHandler = { handle in errors.append(handle.availableData) }
        do {
            try process.run()
        } catch {
            throw .engine("the speech recognizer \(engine.command[0]) cannot be started: \(error.localizedDescription)")
        }
        self.program = engine.command.last ?? engine.command[0]
        self.errors = errors
        self.input = stdin.fileHandleForWriting
        self.output = stdout.fileHandleForReading
        self.process = process
    }

    deinit { stop() }

    /// Sends `request` and `samples`, then hands each line of output to `line` until the
    /// engine closes it; `cancelled` is polled every 50 ms. Throws when the engine failed
    /// without saying why in a message (a crash, an exit status), or when cancelled.
    func run(request: Data, samples: [Float], cancelled: @escaping @Sendable () -> Bool, line: (Data) throws -> Void) throws {
        let input = self.input
        let writer = Thread {
            Self.write(request, samples, to: input)
        }
        writer.start()
        let process = self.process
        let finished = Atomic<Bool>(false)
        let watcher = Thread {
            while !finished.load(ordering: .relaxed) {
                if cancelled() {
                    if process.isRunning { process.terminate() }
                    return
                }
                usleep(50_000)
            }
        }
        watcher.start()
        defer { finished.store(true, ordering: .relaxed) }
        var pending = Data()
        while true {
            let chunk = output.availableData
            if chunk.isEmpty { break }
            pending.append(chunk)
            while let newline = pending.firstIndex(of: 0x0A) {
                let text = pending[pending.startIndex..<newline]
                pending.removeSubrange(pending.startIndex...newline)
                if !text.allSatisfy({ $0 == 0x20 || $0 == 0x0D }) { try line(Data(text)) }
            }
        }
        if !pending.isEmpty { try line(pending) }
        process.waitUntilExit()
        if cancelled() { throw RecognitionError.cancelled }
        switch (process.terminationReason, process.terminationStatus) {
        case (.exit, 0): return
        case (.uncaughtSignal, let signal):
            throw RecognitionError.engine("the speech recognizer \(program) crashed (signal \(signal))\(errorTail())")
        case (_, let status):
            throw RecognitionError.engine("the speech recognizer \(program) failed (exit status \(status))\(errorTail())")
        }
    }

    /// The last line the engine wrote on standard error, as `: line`, or "".
    func errorTail() -> String {
        let text = errors.text
        let last = text.split(whereSeparator: \.isNewline).last.map(String.init)?.trimmingCharacters(in: .whitespaces)
        return last.map { $0.isEmpty ? "" : ": \($0)" } ?? ""
    }

    /// Ends the engine if it still runs, and waits for it.
    func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }

    /// Writes the request and the samples (little-endian float32), then closes the engine's
    /// input; an engine that stopped reading (EPIPE) ends the writing.
    private static func write(_ request: Data, _ samples: [Float], to handle: FileHandle) {
        defer { try? handle.close() }
        do {
            try handle.write(contentsOf: request)
            try samples.withUnsafeBytes { bytes in
                guard let base = bytes.baseAddress else { return }
                let step = 1 << 20
                var offset = 0
                while offset < bytes.count {
                    let count = min(step, bytes.count - offset)
                    try handle.write(
                        contentsOf: Data(
                            bytesNoCopy: UnsafeMutableRawPointer(mutating: base + offset), count: count, deallocator: .none))
                    offset += count
                }
            }
        } catch {
            return
        }
    }
}

/// The end of what the engine wrote on standard error, appended from the reading thread.
private final class ErrorTail: Sendable {
    private let kept = Mutex(Data())

    func append(_ chunk: Data) {
        kept.withLock { kept in
            kept.append(chunk)
            if kept.count > RecognizerProcess.keptErrorBytes { kept.removeFirst(kept.count - RecognizerProcess.keptErrorBytes) }
        }
    }

    var text: String { String(decoding: kept.withLock { $0 }, as: UTF8.self) }
}

#if _endian(big)
    #error("protocol 1 sends little-endian float32 samples")
#endif
