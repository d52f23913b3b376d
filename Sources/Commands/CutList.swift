import Cuts
import Files
import Foundation
import Pipeline

/// `burn-captions cuts`: the cut plan of a raw take written as a file a person may read and
/// edit (and render with `--cuts-file`), with the kept ranges as an edit list when asked.
/// Nothing is written unless complete.
public enum CutList {
    /// What `cuts` wrote.
    public struct Result: Sendable {
        public var output: String
        public var summary: String
    }

    /// Plans the cuts of `request`'s input and writes them to its output.
    public static func run(_ request: BurnRequest, cancellation: Cancellation, events: (BurnEvent) -> Void) throws -> Result {
        do {
            guard let output = request.output.path else { throw BurnError.usage("cuts needs -o CUTS.json") }
            let file = try OutputFile(output: output, inputs: request.inputFiles)
            let list = try request.editList.map { try OutputFile(output: $0, inputs: request.inputFiles + [output]) }
            let (plan, info) = try Burner.cutPlan(request, cancellation: cancellation, events: events)
            try file.write(CutFile.data(plan, input: URL(fileURLWithPath: info.path).lastPathComponent))
            if let list { try Burner.writeEditList(plan, info: info, to: list) }
            return Result(output: file.finalURL.path, summary: plan.summary)
        } catch {
            throw BurnError.wrap(error)
        }
    }
}
