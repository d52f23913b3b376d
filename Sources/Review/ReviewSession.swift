import CaptionFiles
import Captions
import Cuts
import Files
import Foundation
import Pipeline
import Settings

/// One caption file under review: the page's state around a `CueDocument` (the cues as a
/// value, edited), the `CueStore` that opened it and saves it, the frames drawn with the edits
/// by the real renderer (`ReviewPlan`: the video probed and its audio measured once), and the
/// render. An edit changes the document, and the request the frames, lint and render are
/// planned from carries the document's captions as a value: nothing is written or read for it.
///
/// Thread-safe: the server's connection threads share it. `lock` guards the session's own
/// state (the document, the store, the request, the findings); a frame copies the request
/// under it and is drawn outside it, under the plan's lock; a lint (`state`) holds `lock` and
/// then takes the plan's. The plan never takes `lock`, so the two are always taken in that
/// order. The render has its own lock (`ReviewRender`).
public final class ReviewSession: @unchecked Sendable {
    /// A cue as the page shows it.
    public struct Cue: Codable, Sendable, Equatable {
        public var id: Int
        public var start: Double  // seconds
        public var end: Double  // seconds
        public var text: String
        public var edited: Bool
        public var line: Int?  // where the file holds it (SubRip, WebVTT)
        public var findings: [String]  // the reading rules the cue's captions break (`lint`)
        public var shown: [String]  // the captions the burn makes of it, when it makes more than one
        /// The words the recognizer was unsure of (probability below `Recognition.uncertainWord`).
        var unsure: [CueGroup.UnsureWord]
    }

    /// What the page gets: the cues, the frame rate for nudges, where a save goes, the preset
    /// and look drawn with and those there are, and the render under way.
    struct State: Codable {
        var cues: [Cue]
        var frameDuration: Double  // seconds
        var duration: Double?  // the input's, seconds, as probed (the cut's running time is told from it)
        var savesTo: String
        var revision: Int
        var preset: String
        var look: String?  // nil: the preset's
        var presets: [String]
        var looks: [String]
        var render: ReviewRender.State
        var suggestedOutput: String  // where Render writes unless told: INPUT.captioned.mp4
        var changedOnDisk: Bool  // the file changed since it was opened or saved: Save is refused until a reload
        var cuts: [CutStore.Span]?  // the cut file's spans (`--cuts-file`), nil without one
        var cutsFile: String?
        var cutsEdited: Bool  // a span toggled since the cut file was opened or saved
        var cutsPlanned: Bool  // the cut list is a plan made by this review, its file not written yet
    }

    private let lock = NSLock()
    /// The request the frames, lint and render are planned from; its captions are the
    /// document's, as a value (`CaptionOrigin.given`).
    private var request: BurnRequest
    /// Where Save writes: the file itself, `NAME.reviewed.json` beside a Whisper or live log,
    /// or the file `--save-as` names.
    public let savesTo: String
    private var store: CueStore
    /// The cut file given with `--cuts-file` (or the plan made for it with `--cuts`): listed
    /// among the cues, toggled, saved; never applied to the frames (the review is on the
    /// input's own timeline).
    private var cutStore: CutStore?
    /// The cut file given with `--cuts-file` (read, or written by Save when planned here), nil without one.
    public let cutsFile: String?
    /// The cues as edited.
    private var cues: CueDocument
    /// The video probed, its audio measured and its fonts loaded once, the last plan kept.
    private let plan: ReviewPlan
    private let frameDuration: Double
    private var changedOnDisk = false
    private var findings: [Int: [String]] = [:]  // by the page's cue id
    private var shown: [Int: [String]] = [:]  // by the page's cue id: the captions the burn makes of it
    private var revision = 0
    private var findingsStale = true
    private let backgrounds = StillBackgrounds()
    private let rendering = ReviewRender()

    /// Opens `request.captions.file` for review of `request.input`, Save writing to `saveAs`
    /// (.srt, .vtt or .json, in that format; nil: see `savesTo`). With `request.cuts` a cut
    /// file, its spans are listed; with `planCutsTo`, the cut plan `request.cuts` asks for is
    /// made here, as `burn-captions cuts` makes it (its notices and warnings to `events`,
    /// stopped by `cancellation`), and Save writes it to that new file.
    public init(
        _ request: BurnRequest, saveAs: String? = nil, planCutsTo: String? = nil, cancellation: Cancellation = Cancellation(),
        events: (BurnEvent) -> Void = { _ in }
    ) throws {
        plan = try ReviewPlan(input: request.input.name)
        frameDuration = plan.info.frameDuration
        (store, cues) = try CueStore.open(
            request.captions.file, format: request.captions.format, encoding: request.captions.encoding, saveAs: saveAs,
            inputs: request.inputFiles)
        savesTo = store.savesTo
        cutStore = try Self.cutStore(request, planTo: planCutsTo, plan: plan, cancellation: cancellation, events: events)
        cutsFile = cutStore?.file
        self.request = request
        // Frames and lint on the input's own timeline; only a render cuts (`startRender`).
        self.request.cuts = .off
        self.request.captions = CaptionInput(
            try cues.captions(strict: request.captions.strict), name: request.captions.file, strict: request.captions.strict,
            language: request.captions.language, script: request.captions.script)
    }

    /// The cut list of a review of `request`: the cut file it names, read and checked; or,
    /// with `planTo`, the plan its `cuts` ask for, made on the review's `plan` (nothing is
    /// planned when `planTo` cannot take it); nil without either.
    private static func cutStore(
        _ request: BurnRequest, planTo: String?, plan: ReviewPlan, cancellation: Cancellation, events: (BurnEvent) -> Void
    ) throws -> CutStore? {
        if let planTo {
            guard case .planned = request.cuts else { throw BurnError.usage("\(planTo): the review plans cuts only with --cuts LIST") }
            try CutStore.checkNew(planTo, inputs: request.inputFiles)
            let planned = try plan.cutPlan(request, cancellation: cancellation, events: events)
            return CutStore(planned: planned, file: planTo, input: request.input.name)
        }
        guard let cutsFile = request.cuts.file else { return nil }
        guard let duration = plan.info.duration, duration > 0 else {
            throw BurnError.input("\(request.input.name): its length is unknown, so it cannot be cut")
        }
        return try CutStore(cutsFile, duration: duration, input: request.input.name)
    }

    /// The cues with their findings (`lint` of the edits so far) and what the page needs
    /// with them, as JSON.
    func state() throws -> Data {
        try lock.withLock {
            if findingsStale { lintCues() }
            if !changedOnDisk { changedOnDisk = store.changedOnDisk }
            return try JSONEncoder().encode(currentState())
        }
    }

    private func currentState() -> State {
        State(
            cues: cues.page(findings: findings, shown: shown), frameDuration: frameDuration, duration: plan.info.duration,
            savesTo: savesTo,
            revision: revision, preset: request.preset, look: request.look, presets: Resources.presetNames(),
            looks: Resources.lookNames(), render: rendering.state,
            suggestedOutput: URL(fileURLWithPath: request.input.name).deletingPathExtension().path + ".captioned.mp4",
            changedOnDisk: changedOnDisk, cuts: cutStore?.spans, cutsFile: cutStore?.file, cutsEdited: cutStore?.edited ?? false,
            cutsPlanned: cutStore?.isNew ?? false)
    }

    /// The cut file's spans, as JSON; refused (409) when the review has no cut file.
    func cutList() throws -> Data {
        try lock.withLock { try JSONEncoder().encode(try cutsGiven().spans) }
    }

    /// Cuts span `index` of the cut file (`cut` true) or keeps it; Save writes it. A span
    /// overlapping another one cut cannot be cut (409).
    func setCut(_ index: Int, cut: Bool) throws {
        try lock.withLock {
            var cuts = try cutsGiven()
            try cuts.set(index, cut: cut)
            cutStore = cuts
        }
    }

    /// The cut file; a review without one refuses what needs it. Under `lock`.
    private func cutsGiven() throws -> CutStore {
        guard let cutStore else { throw ReviewError("no cut file: start the review with --cuts-file CUTS.json") }
        return cutStore
    }

    /// Draws the captions with another preset or look (nil leaves each as it is; a look of ""
    /// is the preset's): the frames and findings follow; the file is not changed.
    func choose(preset: String?, look: String?) throws {
        try lock.withLock {
            if let preset {
                _ = try Preset.load(try Resources.preset(preset))
                request.preset = preset
                request.look = nil
            }
            if let look, look.isEmpty {
                request.look = nil
            } else if let look {
                _ = try Look.load(try Resources.look(look))
                request.look = look
            }
            revision += 1
            findingsStale = true
        }
    }

    /// Burns the captions as edited, with the preset and look chosen, into `output` on a
    /// thread of its own (one render at a time), as the command line does: a temporary file
    /// renamed when complete, nothing left when it fails or is cancelled.
    /// With a cut file, the render cuts by it as saved: it is refused while a span's toggle
    /// is unsaved.
    func startRender(to output: String) throws {
        let job = try lock.withLock {
            var job = request
            if let cutStore {
                guard !cutStore.edited else {
                    throw ReviewError("the cut list has unsaved changes: Save first (the render cuts by \(cutStore.file) as saved)")
                }
                job.cuts = .file(cutStore.file)
            }
            return job
        }
        try rendering.start(job, to: output)
    }

    /// Stops the render under way, if any.
    func cancelRender() { rendering.cancel() }

    /// Stops the render under way and waits until it has removed its temporary file (when
    /// the review ends: SIGINT or SIGTERM).
    public func finishRendering() { rendering.finish() }

    /// The cues as edited, as JSON, without checking the reading rules again (an edit's
    /// answer: the page asks for `state` once the new frame is shown).
    func cuesNow() throws -> Data {
        try lock.withLock { try JSONEncoder().encode(currentState()) }
    }

    /// Changes cue `id`: its text, start or end (seconds); the frames and findings follow.
    func edit(_ id: Int, text: String?, start: Double?, end: Double?) throws {
        try change { try $0.edit(id, text: text, start: start, end: end) }
    }

    /// Splits cue `id` at `offset` (UTF-16 units into its text, as a browser counts): the
    /// text before and after, its time divided in proportion to their lengths.
    func split(_ id: Int, at offset: Int) throws { try change { try $0.split(id, at: offset) } }

    /// Merges cue `id` with the next: one cue from the first's start to the later end, their
    /// texts joined by a space.
    func merge(_ id: Int) throws { try change { try $0.merge(id) } }

    /// Runs one change of the document: a new revision, the request's captions the edited
    /// ones, findings stale. A change the file cannot hold is not made, and said why (409).
    private func change(_ body: (inout CueDocument) throws -> Void) throws {
        try lock.withLock {
            var changed = cues
            try body(&changed)
            guard changed != cues else { return }
            try use(changed)
        }
    }

    /// Makes `changed` the document the frames, lint and render are planned from. Under `lock`.
    private func use(_ changed: CueDocument) throws {
        let captions: Transcript
        do {
            captions = try changed.captions(strict: request.captions.strict)
        } catch let error as ReviewError {
            throw error
        } catch {
            throw ReviewError(BurnError.wrap(error).description)
        }
        cues = changed
        request.captions.origin = .given(name: store.file, captions)
        revision += 1
        findingsStale = true
    }

    /// The frame at `time` seconds with the captions as edited, as PNG (what `still` draws
    /// of the file as Save would write it).
    func frame(at time: Double) throws -> [UInt8] {
        try plan.picture(lock.withLock { request }, at: time, backgrounds: backgrounds)
    }

    /// The final captions as edited, with their layout and findings (what `plan` prints of
    /// the file as Save would write it).
    func document() throws -> PlanDocument {
        try lock.withLock { try plan.document(request) }
    }

    /// The file's text with the edits, in its format (what Save writes when it saves in it).
    public func editedText() throws -> Data {
        try lock.withLock { try cues.edited() }
    }

    /// How many plans the session has made: one per change of what is drawn, none for a
    /// frame or a lint after it.
    var plansMade: Int { plan.plansMade }

    /// Writes the edits into `savesTo` (`CueStore.save`: whole or not at all, the previous
    /// version kept as `FILE~`), and the cut file's toggles into it when a span was toggled
    /// (`CutStore.save`, likewise). Refused once the file changed on disk since it was opened
    /// or last saved, until `reload`.
    func save() throws -> String {
        try lock.withLock {
            guard !changedOnDisk, try store.unchangedOnDisk() else {
                changedOnDisk = true
                throw ReviewError(store.changedMessage)
            }
            if let saved = try store.save(cues) { try use(saved) }
            try cutStore?.save()
            return savesTo
        }
    }

    /// Reads the file again as it is on disk now: its cues replace the edits (unsaved ones are
    /// dropped), the frames and findings follow, and Save works again.
    func reload() throws {
        try lock.withLock {
            let reloaded = try store.reload(as: cues.format)
            changedOnDisk = false
            try use(reloaded)
        }
    }

    /// Each cue's findings: the lint of the captions as edited, by the id of the cue each
    /// caption came from.
    private func lintCues() {
        findingsStale = false
        let captions = (try? plan.shown(request)) ?? []
        findings = [:]
        shown = [:]
        for caption in captions {
            guard let cue = caption.source?.cue else { continue }
            findings[cue, default: []] += caption.findings
            shown[cue, default: []].append(caption.text)
        }
    }
}
