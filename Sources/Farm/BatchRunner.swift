import Dispatch
import Files
import Foundation
import Pipeline
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
        // A split job's parts go to every shard in turn (`SegmentedJob`).
        let jobs = try BatchJob.read(manifest: manifest).filter { $0.segments != nil || options.shard.owns($0.index) }
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
                let ended =
                    job.segments.map { SegmentedJob.run(job, segments: $0, options: options, cancellation: cancellation) }
                    ?? Self.run(job, options: options, cancellation: cancellation)
                for outcome in ended {
                    report?.append(outcome)
                    log(Self.describe(outcome))
                    outcomes.withLock { $0.append(outcome) }
                }
            }
        }
        group.wait()
        return outcomes.withLock { $0 }.sorted { ($0.job, $0.output ?? "") < ($1.job, $1.output ?? "") }
    }

    /// Runs one job: each of its outputs is claimed (its lock) and skipped when done (its
    /// stamp); the rest render together from one decode, and each is stamped when complete.
    /// Failed outputs are tried again, alone of the others, up to `options.retries` times.
    private static func run(_ job: BatchJob, options: BatchOptions, cancellation: Cancellation) -> [BatchOutcome] {
        let started = Date()
        func outcome(_ request: BurnRequest?, _ status: BatchOutcome.Status, error: String? = nil, reason: String? = nil)
            -> BatchOutcome
        {
            BatchOutcome(
                line: job.line, job: job.index, shard: options.shard.description, input: request?.input.path,
                output: request?.output.path, status: status, seconds: Date().timeIntervalSince(started), fps: nil,
                error: error, reason: reason)
        }
        guard !job.requests.isEmpty else { return [outcome(nil, .failed, error: job.error)] }
        var outcomes: [BatchOutcome] = []
        // The output's lock claims it, on any host: an output another worker holds is theirs,
        // and its stamp is read and written only under the lock.
        var pending: [(request: BurnRequest, claim: OutputLock, stamp: JobStamp)] = []
        defer { pending.forEach { $0.claim.release() } }
        for request in job.requests {
            guard let output = request.output.path else { continue }
            do {
                var holder: String?
                guard let claim = try OutputLock.take(URL(fileURLWithPath: output), holder: &holder) else {
                    outcomes.append(outcome(request, .skipped, reason: "running elsewhere" + (holder.map { ": \($0)" } ?? "")))
                    continue
                }
                let stamp = try JobStamp(request)
                if !options.force && stamp.isDone(output) {
                    claim.release()
                    outcomes.append(outcome(request, .skipped, reason: "already done"))
                    continue
                }
                // The old stamp goes first: a render killed after its rename must not look done.
                try? FileManager.default.removeItem(at: JobStamp.url(for: output))
                pending.append((request, claim, stamp))
            } catch {
                outcomes.append(outcome(request, .failed, error: BurnError.wrap(error).description))
            }
        }
        var attempt = 0
        while !pending.isEmpty {
            let results: [Result<BurnResult, BurnError>]
            do {
                results = try Burner.run(
                    pending.map(\.request), claims: pending.map(\.claim), cancellation: cancellation, events: { _ in }
                ).map(\.result)
            } catch {
                // Nothing rendered: every pending output failed alike (or the run was interrupted).
                results = pending.map { _ in .failure(BurnError.wrap(error)) }
            }
            var again: [(request: BurnRequest, claim: OutputLock, stamp: JobStamp)] = []
            for (item, result) in zip(pending, results) {
                switch result {
                case .success(let rendered):
                    var done = outcome(item.request, .done)
                    do {
                        try item.stamp.write(for: item.request.output.path!)
                        done.fps = done.seconds > 0 ? Double(rendered.frames) / done.seconds : nil
                    } catch {
                        done.status = .failed
                        done.error = BurnError.wrap(error).description
                    }
                    outcomes.append(done)
                    item.claim.release()
                case .failure(let error):
                    if case .cancelled = error {
                        outcomes.append(outcome(item.request, .failed, error: error.description))
                        item.claim.release()
                    } else if attempt < options.retries && !cancellation.isCancelled {
                        again.append(item)
                    } else {
                        outcomes.append(outcome(item.request, .failed, error: error.description))
                        item.claim.release()
                    }
                }
            }
            pending = again
            attempt += 1
        }
        return outcomes
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
