import Dispatch
import Foundation
import Synchronization

/// How a batch runs.
public struct BatchOptions: Sendable {
    public var shard: Shard
    public var workers: Int  // jobs at once on this host
    public var force: Bool  // redo jobs that are done
    public var retries: Int  // extra tries for a failed job
    public var report: String?  // JSON Lines report, one line per job

    public init(shard: Shard, workers: Int = 1, force: Bool = false, retries: Int = 0, report: String? = nil) {
        self.shard = shard
        self.workers = workers
        self.force = force
        self.retries = retries
        self.report = report
    }
}

/// What happened to one job.
public struct BatchOutcome: Sendable, Encodable {
    public enum Status: String, Sendable, Encodable {
        case done, skipped, failed
    }
    public var line: Int
    public var job: Int
    public var shard: String
    public var input: String?
    public var output: String?
    public var status: Status
    public var seconds: Double
    public var fps: Double?
    public var error: String?
    /// Why a job was skipped: "already done", or "running elsewhere" (another worker holds its output).
    public var reason: String?
}

/// Runs this shard's jobs of a manifest: skips what is done (same stamp), renders the rest
/// with `workers` at a time, retries failures, and reports each job as it ends.
public enum BatchRunner {
    public static func run(
        manifest: String, options: BatchOptions, cancellation: Cancellation = Cancellation(),
        log: @escaping @Sendable (String) -> Void = { _ in }
    ) throws -> [BatchOutcome] {
        let jobs = try BatchJob.read(manifest: manifest).filter { options.shard.owns($0.index) }
        let report = try options.report.map(ReportFile.init)
        let outcomes = Mutex<[BatchOutcome]>([])
        let slots = DispatchSemaphore(value: max(1, options.workers))
        let group = DispatchGroup()
        for job in jobs {
            slots.wait()
            if cancellation.isCancelled {
                slots.signal()
                break
            }
            group.enter()
            DispatchQueue.global().async {
                defer {
                    slots.signal()
                    group.leave()
                }
                let outcome = Self.run(job, options: options, cancellation: cancellation)
                report?.append(outcome)
                log(Self.describe(outcome))
                outcomes.withLock { $0.append(outcome) }
            }
        }
        group.wait()
        return outcomes.withLock { $0 }.sorted { $0.job < $1.job }
    }

    private static func run(_ job: BatchJob, options: BatchOptions, cancellation: Cancellation) -> BatchOutcome {
        var outcome = BatchOutcome(
            line: job.line, job: job.index, shard: options.shard.description, input: job.request?.input,
            output: job.request?.output.path, status: .failed, seconds: 0, fps: nil, error: job.error)
        guard let request = job.request, let output = request.output.path else { return outcome }
        let started = Date()
        do {
            // The output's lock claims the job, on any host: a job another worker holds is
            // theirs, and the stamp is read and written only under the lock.
            var holder: String?
            guard let claim = try OutputLock.take(URL(fileURLWithPath: output), holder: &holder) else {
                outcome.status = .skipped
                outcome.reason = "running elsewhere" + (holder.map { ": \($0)" } ?? "")
                return outcome
            }
            defer { claim.release() }
            let stamp = try JobStamp(request)
            if !options.force && stamp.isDone(output) {
                outcome.status = .skipped
                outcome.reason = "already done"
                return outcome
            }
            // The old stamp goes first: a render killed after its rename must not look done.
            try? FileManager.default.removeItem(at: JobStamp.url(for: output))
            var attempt = 0
            while true {
                do {
                    let result = try Burner.run(request, claim: claim, cancellation: cancellation, events: { _ in })
                    try stamp.write(for: output)
                    outcome.status = .done
                    outcome.error = nil
                    outcome.seconds = Date().timeIntervalSince(started)
                    outcome.fps = outcome.seconds > 0 ? Double(result.frames) / outcome.seconds : nil
                    return outcome
                } catch let error as BurnError {
                    if case .cancelled = error { throw error }
                    attempt += 1
                    if attempt > options.retries { throw error }
                }
            }
        } catch {
            outcome.error = BurnError.wrap(error).description
            outcome.seconds = Date().timeIntervalSince(started)
            return outcome
        }
    }

    private static func describe(_ outcome: BatchOutcome) -> String {
        let name = outcome.output ?? "line \(outcome.line)"
        switch outcome.status {
        case .done: return "done \(name) (\(String(format: "%.1f", outcome.seconds)) s)"
        case .skipped: return "skipped \(name): \(outcome.reason ?? "already done")"
        case .failed: return "failed \(name): \(outcome.error ?? "unknown error")"
        }
    }
}

/// The report: one JSON object per line, appended as jobs end.
final class ReportFile: Sendable {
    private let handle: Mutex<FileHandle>

    init(_ path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path)
        else { throw BurnError.output("\(path): cannot write the report") }
        self.handle = Mutex(handle)
    }

    func append(_ outcome: BatchOutcome) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(outcome) else { return }
        handle.withLock { $0.write(data + Data("\n".utf8)) }
    }
}
