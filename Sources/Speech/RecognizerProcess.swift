import Files
import Foundation
import Synchronization

/// One run of the recognizer as a child process: the request line and the samples written
/// to its standard input from a thread of their own, its output cut into lines as it comes
/// (`OutputLines`: linear time, a limit on a line), its standard error kept (the end of it)
/// for the message when it fails. Reading waits at most `pollInterval` at a time, so a
/// cancel ends the run at once whatever the engine is writing. The engine is ended (SIGTERM,
/// then SIGKILL after `gracePeriod`) when the caller cancels, on any error, and in `deinit`;
/// the engine ends itself when this process goes away.
final class RecognizerProcess {
    /// How much of the engine's standard error is kept. // bytes
    static let keptErrorBytes = 4096
    /// How long reading waits for output before it looks at `cancelled` again. // milliseconds
    static let pollInterval: Int32 = 50
    /// How long an engine has to end after SIGTERM before it is killed. // seconds
    static let gracePeriod = 2.0

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
    /// engine closes it; `cancelled` is polled while waiting. Throws when the engine failed
    /// without saying why in a message (a crash, an exit status), wrote a line over
    /// `OutputLines.limit`, or when cancelled.
    func run(request: Data, samples: SpeechSamples, cancelled: @escaping @Sendable () -> Bool, line: (Data) throws -> Void) throws {
        let input = self.input
        let writer = Thread {
            Self.write(request, samples, to: input)
        }
        writer.start()
        try readLines(cancelled: cancelled, line: line)
    }

    /// Protocol 2: sends `request`, then each chunk of `audio` as it comes (an `audio` line and
    /// its samples), closing the engine's input once `audio` is closed; hands each line of
    /// output to `line` until the engine ends, as `run` does.
    func stream(request: Data, audio: AudioChunkQueue, cancelled: @escaping @Sendable () -> Bool, line: (Data) throws -> Void) throws {
        let input = self.input
        let writer = Thread {
            defer { try? input.close() }
            do {
                try input.write(contentsOf: request)
                while let chunks = audio.take() {
                    for chunk in chunks {
                        let head = String(format: "{\"type\":\"audio\",\"start\":%.4f,\"samples\":%d}\n", chunk.start, chunk.samples.count)
                        try input.write(contentsOf: Data(head.utf8))
                        try chunk.samples.withUnsafeBytes { try input.write(contentsOf: Data($0)) }
                    }
                }
            } catch {
                return
            }
        }
        writer.name = "burn-captions recognizer input"
        writer.start()
        try readLines(cancelled: cancelled, line: line)
    }

    /// Hands each line the engine writes to `line` until it closes its output, then waits for
    /// it to end; throws as `run` says.
    private func readLines(cancelled: @escaping @Sendable () -> Bool, line: (Data) throws -> Void) throws {
        var lines = OutputLines()
        let descriptor = output.fileDescriptor
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 16)
        defer { chunk.deallocate() }
        do {
            while true {
                if cancelled() { throw RecognitionError.cancelled }
                var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                let ready = poll(&waiting, 1, Self.pollInterval)
                if ready < 0, errno != EINTR { throw RecognitionError.engine("reading the speech recognizer's output failed: \(FileError.reason(of: errno))") }
                guard ready > 0 else { continue }
                let got = read(descriptor, chunk.baseAddress, chunk.count)
                if got < 0, errno == EINTR || errno == EAGAIN { continue }
                if got <= 0 { break }
                try lines.append(UnsafeRawBufferPointer(rebasing: chunk[0..<got]), line: line)
            }
            try lines.finish(line: line)
        } catch let tooLong as OutputLines.TooLong {
            throw RecognitionError.engine(
                "the speech recognizer broke its protocol: output line \(tooLong.line) is longer than "
                    + "\(OutputLines.limit >> 20) MiB (a line holds one segment: a few KiB)")
        }
        while process.isRunning {
            if cancelled() { throw RecognitionError.cancelled }
            usleep(10_000)
        }
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

    /// Ends the engine if it still runs (SIGTERM, then SIGKILL after `gracePeriod`), and waits for it.
    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        let deadline = ContinuousClock.now + .seconds(Self.gracePeriod)
        while process.isRunning, ContinuousClock.now < deadline { usleep(10_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    /// Writes the request and the samples (little-endian float32), then closes the engine's
    /// input; an engine that stopped reading (EPIPE) ends the writing.
    private static func write(_ request: Data, _ samples: SpeechSamples, to handle: FileHandle) {
        defer { try? handle.close() }
        do {
            try handle.write(contentsOf: request)
            try samples.forEachBlock { block in
                guard let base = block.baseAddress else { return }
                try handle.write(contentsOf: Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: base), count: block.count, deallocator: .none))
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
