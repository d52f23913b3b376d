import Files
import Foundation
import Pipeline

/// A batch job split across the shards (`"segments": N`): the shards that run it plan it once
/// between them (`.NAME.plan.json` beside the output, under its lock), each renders the parts
/// that fall to it (part *p* of job *k* belongs to shard (*k* + *p*) mod *count*) into
/// `.NAME.part-P-of-N.EXT`, and the shard that finds every part done joins them into the
/// output, then removes the parts and the plan. Every file is claimed, stamped and skipped
/// when done as a job's output is, so a rerun renders only what is missing and joins.
enum SegmentedJob {
    /// How long a shard waits between looks at a plan another shard is making. // seconds
    static let planPoll = 0.25

    static func run(_ job: BatchJob, segments count: Int, options: BatchOptions, cancellation: Cancellation) -> [BatchOutcome] {
        let request = job.requests[0]
        let output = request.output.path!
        let started = Date()
        func outcome(_ path: String, _ status: BatchOutcome.Status, error: String? = nil, reason: String? = nil) -> BatchOutcome {
            BatchOutcome(
                line: job.line, job: job.index, shard: options.shard.description, input: request.input.name, output: path,
                status: status, seconds: Date().timeIntervalSince(started), fps: nil, error: error, reason: reason)
        }
        let mine = (0..<count).filter { options.shard.owns(job.index + $0) }
        guard !mine.isEmpty else { return [] }
        var outcomes: [BatchOutcome] = []
        do {
            let stamp = try JobStamp(request).adding("segments \(count)")
            if !options.force && stamp.isDone(output) { return [outcome(output, .skipped, reason: "already done")] }
            let plan = try makePlan(request, count: count, stamp: stamp, cancellation: cancellation)
            let parts = (0..<count).map { partPath(output, index: $0, count: count) }
            let partStamps = (0..<count).map { stamp.adding("part \($0) of \(plan)") }
            for index in mine {
                if cancellation.isCancelled { break }
                outcomes.append(
                    renderPart(
                        request, plan: planPath(output), index: index, count: count, path: parts[index], stamp: partStamps[index],
                        options: options, cancellation: cancellation, outcome: outcome))
            }
            // The shard that finds every part done joins them.
            guard !cancellation.isCancelled, zip(partStamps, parts).allSatisfy({ $0.isDone($1) }) else { return outcomes }
            var holder: String?
            guard let claim = try OutputLock.take(URL(fileURLWithPath: output), holder: &holder) else {
                return outcomes + [outcome(output, .skipped, reason: "running elsewhere" + (holder.map { ": \($0)" } ?? ""))]
            }
            defer { claim.release() }
            if !options.force && stamp.isDone(output) { return outcomes + [outcome(output, .skipped, reason: "already done")] }
            try? FileManager.default.removeItem(at: JobStamp.url(for: output))
            let joined = try SplitRender.join(
                input: request.input.name, parts: parts, output: output, claim: claim, cancellation: cancellation, events: { _ in })
            try stamp.write(for: output)
            for path in parts + [planPath(output)] {
                try? FileManager.default.removeItem(atPath: path)
                try? FileManager.default.removeItem(at: JobStamp.url(for: path))
            }
            var done = outcome(output, .done)
            done.fps = done.seconds > 0 ? Double(joined.frames) / done.seconds : nil
            return outcomes + [done]
        } catch {
            return outcomes + [outcome(output, .failed, error: BurnError.wrap(error).description)]
        }
    }

    /// Where the job's plan is kept: `.NAME.plan.json` beside `output`.
    static func planPath(_ output: String) -> String { hidden(output, "plan.json") }

    /// Where part `index` of `count` is kept: `.NAME.part-I-of-N.EXT` beside `output`, EXT
    /// the output's when a part may be written in it, else mp4.
    static func partPath(_ output: String, index: Int, count: Int) -> String {
        let given = URL(fileURLWithPath: output).pathExtension
        let ext = SplitRender.partContainers.contains(given.lowercased()) ? given : "mp4"
        return hidden(output, "part-\(index)-of-\(count).\(ext)")
    }

    private static func hidden(_ output: String, _ suffix: String) -> String {
        let url = URL(fileURLWithPath: output)
        return url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(suffix)").path
    }

    /// The plan's identity, the plan made by this shard or, while another shard makes it,
    /// waited for; a plan of the same stamp is taken as it is.
    private static func makePlan(_ request: BurnRequest, count: Int, stamp: JobStamp, cancellation: Cancellation) throws -> String {
        let path = planPath(request.output.path!)
        let planStamp = stamp.adding("plan")
        while true {
            if cancellation.isCancelled { throw BurnError.cancelled(signal: cancellation.signal) }
            var holder: String?
            if let claim = try OutputLock.take(URL(fileURLWithPath: path), holder: &holder) {
                if !planStamp.isDone(path) {
                    let document = try SplitRender.plan(request, segments: count)
                    // The stamp is written before the claim goes: a plan without it is being made.
                    try OutputFile(output: path, inputs: request.inputFiles, claim: claim).write(try document.json())
                    try planStamp.write(for: path)
                }
                claim.release()
                return try PlanDocument.read(path).plan ?? ""
            }
            Thread.sleep(forTimeInterval: planPoll)
        }
    }

    /// Renders part `index` unless it is done or another worker renders it; retries as a job does.
    private static func renderPart(
        _ request: BurnRequest, plan: String, index: Int, count: Int, path: String, stamp: JobStamp, options: BatchOptions,
        cancellation: Cancellation, outcome: (String, BatchOutcome.Status, String?, String?) -> BatchOutcome
    ) -> BatchOutcome {
        do {
            var holder: String?
            guard let claim = try OutputLock.take(URL(fileURLWithPath: path), holder: &holder) else {
                return outcome(path, .skipped, nil, "running elsewhere" + (holder.map { ": \($0)" } ?? ""))
            }
            defer { claim.release() }
            if !options.force && stamp.isDone(path) { return outcome(path, .skipped, nil, "already done") }
            try? FileManager.default.removeItem(at: JobStamp.url(for: path))
            var attempt = 0
            while true {
                do {
                    let result = try SplitRender.renderPart(
                        input: request.input.name, plan: plan, segment: index, of: count, output: path, encoder: request.encoder,
                        claim: claim, cancellation: cancellation, events: { _ in })
                    try stamp.write(for: path)
                    var done = outcome(path, .done, nil, nil)
                    done.fps = done.seconds > 0 ? Double(result.frames) / done.seconds : nil
                    return done
                } catch {
                    let failure = BurnError.wrap(error)
                    if case .cancelled = failure { throw failure }
                    if attempt >= options.retries || cancellation.isCancelled { throw failure }
                    attempt += 1
                }
            }
        } catch {
            return outcome(path, .failed, BurnError.wrap(error).description, nil)
        }
    }
}
