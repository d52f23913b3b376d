import Commands
import Foundation
import Pipeline

/// Which part of a manifest one worker runs: job k belongs to shard k mod `count`.
public struct Shard: Sendable, Equatable, CustomStringConvertible {
    public var index: Int  // 0-based
    public var count: Int

    public init(index: Int, count: Int) throws {
        guard count >= 1, (0..<count).contains(index) else {
            throw BurnError.usage("shard \(index)/\(count): the index must be 0...count-1")
        }
        self.index = index
        self.count = count
    }

    public var description: String { "\(index)/\(count)" }

    /// Whether job `k` is this shard's.
    public func owns(_ k: Int) -> Bool { k % count == index }

    /// `--shard I/N`, else the scheduler's environment: Slurm array tasks
    /// (`SLURM_ARRAY_TASK_ID`, `SLURM_ARRAY_TASK_COUNT`, `SLURM_ARRAY_TASK_MIN`), Kubernetes
    /// Indexed Jobs (`JOB_COMPLETION_INDEX`) and AWS Batch array jobs
    /// (`AWS_BATCH_JOB_ARRAY_INDEX`), the last two with `--shard-count`; else the whole
    /// manifest (`--shard-count` alone does not split it).
    public static func resolve(option: String?, count: Int?, environment: [String: String]) throws -> Shard {
        if let option {
            let parts = option.split(separator: "/")
            guard parts.count == 2, let index = OptionNumber.whole(parts[0]), let total = OptionNumber.whole(parts[1]) else {
                throw BurnError.usage("--shard: expected I/N, e.g. 0/4, got \"\(option)\"")
            }
            return try Shard(index: index, count: total)
        }
        if let id = environment["SLURM_ARRAY_TASK_ID"].flatMap(Int.init) {
            let minimum = environment["SLURM_ARRAY_TASK_MIN"].flatMap(Int.init) ?? 0
            let step = max(1, environment["SLURM_ARRAY_TASK_STEP"].flatMap(Int.init) ?? 1)
            guard let total = environment["SLURM_ARRAY_TASK_COUNT"].flatMap(Int.init) ?? count else {
                throw BurnError.usage("SLURM_ARRAY_TASK_ID is set but SLURM_ARRAY_TASK_COUNT is not (or pass --shard-count)")
            }
            // Arrays like 0-30:10 step their ids; lists (1,5,7) cannot be mapped: pass --shard there.
            guard (id - minimum) % step == 0, (0..<total).contains((id - minimum) / step) else {
                throw BurnError.usage("Slurm array task \(id) does not map to a shard of \(total): pass --shard I/N")
            }
            return try Shard(index: (id - minimum) / step, count: total)
        }
        for name in ["JOB_COMPLETION_INDEX", "AWS_BATCH_JOB_ARRAY_INDEX"] {
            if let index = environment[name].flatMap(Int.init) {
                guard let count else { throw BurnError.usage("\(name) is set: pass --shard-count N (the array size)") }
                return try Shard(index: index, count: count)
            }
        }
        return try Shard(index: 0, count: 1)
    }
}
