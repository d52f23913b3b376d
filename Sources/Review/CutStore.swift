import Cuts
import Files
import Foundation

/// The cut file a review was started with (`review --cuts-file CUTS.json`): its spans as the
/// page shows them, each kept or cut by a person, and Save writing them back. The review stays
/// on the input's own timeline: the spans are listed among the cues, never applied to the
/// frames. Save writes the file whole or not at all (`AtomicFile`, as `CueStore` does, the
/// previous version kept as `FILE~`), every span's fields kept, its `kept`, `keptDuration`
/// and `summary` made again from the spans (`CutFile.data`).
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
    /// Whether a span was toggled since the file was opened or last saved.
    private(set) var edited = false
    private var signature: FileSignature

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
        guard try CueStore.signature(of: file) == signature else {
            throw ReviewError("\(file) changed on disk since it was opened; the cut list was not saved")
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
