import Cuts
import Files
import Foundation
import Pipeline

/// The cut file a review was started with (`review --cuts-file CUTS.json`): its spans as the
/// page shows them, each kept or cut by a person, and Save writing them back. The review stays
/// on the input's own timeline: the spans are listed among the cues, never applied to the
/// frames. Save writes the file whole or not at all (`AtomicFile`, as `CueStore` does, the
/// previous version kept as `FILE~`), every span's fields kept, its `kept`, `keptDuration`
/// and `summary` made again from the spans (`CutFile.data`). A review that plans its cuts
/// (`review --cuts LIST --cuts-file NEW.json`) starts from the plan `cuts` would write, unsaved:
/// Save writes it as a new file.
struct CutStore: Sendable {
    /// A span as the page shows it.
    struct Span: Codable, Equatable, Sendable {
        var index: Int  // in the file's `cuts`
        var start: Double  // seconds of the input
        var end: Double  // seconds of the input
        var label: String  // `pause`, `filler "um"`, `retake of sentence 4`
        var text: String?  // the words the span holds
        var cut: Bool  // false: kept (a flagged span, or one a person kept)
        var flag: String?  // why `cuts` only flagged it: reworded, long
    }

    /// The cut file.
    let file: String
    /// The spans as toggled.
    private(set) var plan: CutPlan
    /// The input the file says it was made for, written back as it was.
    private let input: String
    /// Whether a span was toggled since the file was opened or last saved (a plan made here
    /// is unsaved until its first Save).
    private(set) var edited = false
    /// The file as opened or last saved; nil while a plan made here is not saved yet.
    private var signature: FileSignature?

    /// Opens the cut file at `file`, made for an input `duration` seconds long, named
    /// `input` (written back when the file names none). Every span is checked (`CutFile.read`:
    /// a span past the input's end is the cut file of another input); errors name the file
    /// and the field.
    init(_ file: String, duration: Double, input: String) throws {
        self.file = file
        signature = try CueStore.signature(of: file)
        guard let data = FileManager.default.contents(atPath: file) else {
            throw CutError.file(file, "cannot read the cut file")
        }
        plan = try CutFile.read(data, path: file, duration: duration)
        let named = (try? JSONSerialization.jsonObject(with: data) as? [String: Any])?["input"] as? String
        self.input = named ?? URL(fileURLWithPath: input).lastPathComponent
    }

    /// The cut plan made for this review (`plan`, as `burn-captions cuts` makes it), to be
    /// saved as the new file `file` (see `checkNew`), for an input named `input`.
    init(planned plan: CutPlan, file: String, input: String) {
        self.file = file
        self.plan = plan
        self.input = URL(fileURLWithPath: input).lastPathComponent
        signature = nil
        edited = true
    }

    /// Whether `file` may take a plan made here: checked as an output is against `inputs` (a
    /// missing folder would fail every Save), and not there yet (an existing cut file is
    /// reviewed with `--cuts-file` alone, never planned over).
    static func checkNew(_ file: String, inputs: [String]) throws {
        do throws(FileError) {
            try OutputFile.check(AtomicFile.resolve(file), inputs: inputs)
        } catch {
            throw BurnError.wrap(error)
        }
        if Self.exists(file) {
            throw BurnError.usage("\(file) exists: the review plans cuts into a new file only (without --cuts it lists that file's spans)")
        }
    }

    /// Whether anything is at `path`, a link to nothing included.
    private static func exists(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0
    }

    /// Whether the list is a plan made by this review, not saved yet (its file not written).
    var isNew: Bool { signature == nil }

    /// The spans in time order, as the page shows them.
    var spans: [Span] {
        plan.cuts.enumerated().map { index, cut in
            Span(
                index: index, start: cut.start, end: cut.end, label: cut.label, text: cut.text, cut: cut.isCut,
                flag: cut.flag?.rawValue)
        }
    }

    /// Cuts span `index` (`cut` true) or keeps it. A span cut must not overlap another span
    /// cut (the file could not be read back): that is refused, and said which.
    mutating func set(_ index: Int, cut: Bool) throws {
        guard plan.cuts.indices.contains(index) else {
            throw ReviewError("no cut \(index) (the cut file has \(plan.cuts.count))")
        }
        guard plan.cuts[index].isCut != cut else { return }
        if cut {
            let span = plan.cuts[index]
            if let other = plan.cuts.indices.first(where: {
                $0 != index && plan.cuts[$0].isCut && plan.cuts[$0].start < span.end && span.start < plan.cuts[$0].end
            }) {
                let at = { (cut: Cut) in String(format: "%.3f s", cut.start) }
                throw ReviewError(
                    "the \(span.label) at \(at(span)) overlaps the \(plan.cuts[other].label) at \(at(plan.cuts[other])), which is cut: keep that one first")
            }
        }
        plan.cuts[index].isCut = cut
        edited = true
    }

    /// Writes the spans as toggled into the file, whole or not at all (through a link to its
    /// target, keeping its mode and owner), the previous version kept as `FILE~`. Nothing is
    /// written when no span was toggled. Refused when the file changed on disk since it was
    /// opened or last saved.
    mutating func save() throws {
        guard edited else { return }
        if let signature {
            guard try CueStore.signature(of: file) == signature else {
                throw ReviewError("\(file) changed on disk since it was opened; the cut list was not saved")
            }
        } else if Self.exists(file) {
            throw ReviewError("\(file) was made on disk since the review planned the cuts; the cut list was not saved")
        }
        let data = try CutFile.data(plan, input: input)
        do throws(FileError) {
            try CueStore.write(data, over: file)
        } catch {
            throw ReviewError("cut list not saved: \(error)")
        }
        signature = try CueStore.signature(of: file)
        edited = false
    }
}
