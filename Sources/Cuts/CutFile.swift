import Files
import Foundation

/// The cut plan as a file a person can edit (`burn-captions cuts … -o cuts.json`, rendered
/// by `--cuts-file`): every span with its reason, `"cut": false` for one only flagged, and
/// the kept parts for reading (docs/CUTS.md). Reading checks every span: numbers, in order,
/// within the input, not overlapping; the error names the file and the field.
public enum CutFile {
    /// What the file says it is.
    public static let format = "burn-captions cuts"
    public static let version = 1

    private struct Document: Codable {
        var format: String
        var version: Int
        var input: String?
        var duration: Double?
        var summary: String?
        var cuts: [Entry]
        var kept: [Part]?
        var keptDuration: Double?
    }

    private struct Entry: Codable {
        var start: Double
        var end: Double
        var reason: String
        var cut: Bool?
        var flag: String?
        var sentence: Int?
        var text: String?
    }

    private struct Part: Codable {
        var start: Double
        var end: Double
    }

    /// `plan` as the file's bytes, for the input named `input`.
    public static func data(_ plan: CutPlan, input: String) throws -> Data {
        let entries = plan.cuts.map { cut in
            Entry(
                start: rounded(cut.start), end: rounded(cut.end), reason: cut.reason.rawValue, cut: cut.isCut,
                flag: cut.flag?.rawValue, sentence: cut.sentence, text: cut.text)
        }
        let document = Document(
            format: format, version: version, input: input, duration: rounded(plan.duration), summary: plan.summary,
            cuts: entries, kept: plan.kept.map { Part(start: rounded($0.lowerBound), end: rounded($0.upperBound)) },
            keptDuration: rounded(plan.keptDuration))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(document) + Data("\n".utf8)
    }

    /// The plan in `data`, read from `path`, for an input `duration` seconds long; its
    /// `kept` and `summary` are not read (they follow from the spans). Errors name the file and field.
    public static func read(_ data: Data, path: String, duration: Double) throws -> CutPlan {
        let document: Document
        do {
            document = try JSONDecoder().decode(Document.self, from: data)
        } catch let error as DecodingError {
            throw CutError.file(path, DecodingProblem(error).description)
        } catch {
            throw CutError.file(path, "not JSON: \(error.localizedDescription)")
        }
        guard document.format == format else {
            throw CutError.file(path, "format: expected \"\(format)\", found \"\(document.format)\"")
        }
        guard document.version == version else {
            throw CutError.file(path, "version: expected \(version), found \(document.version)")
        }
        var cuts: [Cut] = []
        for (index, entry) in document.cuts.enumerated() {
            cuts.append(try cut(entry, field: "cuts[\(index)]", path: path, duration: duration))
        }
        let taken = cuts.enumerated().filter { $0.element.isCut }
        for (a, b) in zip(taken, taken.dropFirst()) where b.element.start < a.element.end {
            throw CutError.file(
                path, "cuts[\(b.offset)]: starts at \(b.element.start) s, inside cuts[\(a.offset)] (which ends at \(a.element.end) s): cut spans must be in order and must not overlap")
        }
        return CutPlan(cuts: cuts, duration: duration)
    }

    /// Reads the cut file at `path`.
    public static func read(path: String, duration: Double) throws -> CutPlan {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CutError.file(path, "cannot read the cut file")
        }
        return try read(data, path: path, duration: duration)
    }

    private static func cut(_ entry: Entry, field: String, path: String, duration: Double) throws -> Cut {
        guard entry.start.isFinite, entry.start >= 0 else {
            throw CutError.file(path, "\(field).start: expected seconds from 0, found \(entry.start)")
        }
        guard entry.end.isFinite, entry.end > entry.start else {
            throw CutError.file(path, "\(field).end: expected seconds after start (\(entry.start)), found \(entry.end)")
        }
        // A millisecond's slack: the file rounds to microseconds, the input's length may be longer than its last frame.
        guard entry.end <= duration + 0.001 else {
            throw CutError.file(
                path, "\(field).end: \(entry.end) s is past the input's end (\(String(format: "%.3f", duration)) s): is this the cut file of another input?")
        }
        guard let reason = CutReason(rawValue: entry.reason) else {
            let names = CutReason.allCases.map(\.rawValue).joined(separator: ", ")
            throw CutError.file(path, "\(field).reason: expected one of \(names), found \"\(entry.reason)\"")
        }
        let flag = try entry.flag.map { name in
            guard let flag = CutFlag(rawValue: name) else {
                throw CutError.file(path, "\(field).flag: expected reworded or long, found \"\(name)\"")
            }
            return flag
        }
        return Cut(
            start: entry.start, end: min(entry.end, duration), reason: reason, isCut: entry.cut ?? true, flag: flag,
            sentence: entry.sentence, text: entry.text)
    }

    /// A time as the file writes it: to the microsecond.
    private static func rounded(_ seconds: Double) -> Double { (seconds * 1_000_000).rounded() / 1_000_000 }
}
