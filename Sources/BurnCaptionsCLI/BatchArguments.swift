import Commands
import Farm
import Foundation
import Pipeline

/// Parses `burn-captions batch MANIFEST.jsonl [--shard I/N] [--shard-count N] [--workers N]
/// [--force] [--retries K] [--report FILE] [-q]`.
enum BatchArguments {
    static func parse(_ arguments: ArraySlice<String>) throws -> Command {
        var list = ArgumentList(arguments)
        var manifest: String?
        var shard: String?
        var shardCount: Int?
        var workers = 1
        var force = false
        var retries = 0
        var report: String?
        var quiet = false
        func number(_ option: String, _ range: ClosedRange<Int>) throws -> Int {
            guard let text = list.anyValue() else {
                throw BurnError.usage("\(option): expected a whole number from \(range.lowerBound) to \(range.upperBound)")
            }
            return try OptionNumber.whole(text, option, in: range)
        }
        while let argument = list.next() {
            switch CommandOption.named(argument, among: [.batch])?.id {
            case .help: return .help
            case .shard:
                guard let value = list.anyValue() else { throw BurnError.usage("--shard needs I/N") }
                shard = value
            case .shardCount: shardCount = try number(argument, 1...100_000)
            case .workers: workers = try number(argument, 1...64)
            case .retries: retries = try number(argument, 0...10)
            case .force: force = true
            case .report:
                guard let value = list.anyValue() else { throw BurnError.usage("--report needs a file") }
                report = value
            case .quiet: quiet = true
            default:
                if argument.hasPrefix("-") { throw BurnError.usage("batch: unknown option \(argument)") }
                guard manifest == nil else { throw BurnError.usage("batch takes one manifest") }
                manifest = argument
            }
        }
        guard let manifest else { throw BurnError.usage("batch needs a manifest (JSON Lines, one job a line)") }
        let resolved = try Shard.resolve(option: shard, count: shardCount, environment: ProcessInfo.processInfo.environment)
        return .batch(
            manifest: manifest,
            BatchOptions(shard: resolved, workers: workers, force: force, retries: retries, report: report), quiet: quiet)
    }
}
