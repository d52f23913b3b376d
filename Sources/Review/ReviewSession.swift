import CaptionFiles
import Captions
import Files
import Foundation
import Pipeline
import Settings

/// One caption file under review: its cues as the file holds them, the edits made to them,
/// the frames drawn with those edits by the real renderer (`ReviewPlan`: the video probed and
/// its audio measured once), and the save back into the file's own format.
///
/// Thread-safe: the server's connection threads share it. `lock` guards the session's own
/// state (the cues, the request, the edited copy's bytes, the findings); a frame copies the
/// request and the bytes under it and is drawn outside it, under the plan's lock; a lint
/// (`state`) holds `lock` and then takes the plan's. The plan never takes `lock`, so the two
/// are always taken in that order. The render has its own lock (`ReviewRender`).
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
        var savesTo: String
        var revision: Int
        var preset: String
        var look: String?  // nil: the preset's
        var presets: [String]
        var looks: [String]
        var render: ReviewRender.State
        var suggestedOutput: String  // where Render writes unless told: INPUT.captioned.mp4
        var changedOnDisk: Bool  // the file changed since it was opened or saved: Save is refused until a reload
    }

    private let lock = NSLock()
    /// The request the frames are drawn with; its captions are the edited copy (`scratch`, `editedBytes`).
    private var request: BurnRequest
    private let file: String  // the caption file opened
    private let readFormat: CaptionFormat?  // the format the file is read as (nil: detected)
    private let readEncoding: String?  // its text encoding, as given (nil: detected)
    private let format: CaptionFormat  // the format edits are written in (whisper and live: native JSON)
    /// Where Save writes: the file itself, `NAME.reviewed.json` beside a Whisper or live log,
    /// or the file `--save-as` names.
    public let savesTo: String
    /// The format Save writes: `format`, or the one `--save-as` names by its extension.
    private let saveFormat: CaptionFormat
    /// The edited copy a render reads (0600, in a 0700 folder of its own).
    public let scratch: URL
    /// The edited copy's bytes, as last written to `scratch`: what frames and lint are planned from.
    private var editedBytes = Data()
    /// The video probed, its audio measured and its fonts loaded once, the last plan kept.
    private let plan: ReviewPlan
    private let frameDuration: Double
    private var text: String  // the file's text as opened or last saved (native JSON for whisper and live)
    private var signature: FileSignature
    private var changedOnDisk = false
    /// The file's cues as read, each with what the edits made of it.
    private var cues: EditedCues
    private var findings: [Int: [String]] = [:]  // by the page's cue id
    private var shown: [Int: [String]] = [:]  // by the page's cue id: the captions the burn makes of it
    private var revision = 0
    private var findingsStale = true
    private let backgrounds = StillBackgrounds()
    private let rendering = ReviewRender()

    /// Opens `request.captions.file` for review of `request.input`, Save writing to `saveAs`
    /// (.srt, .vtt or .json, in that format; nil: see `savesTo`). When it cannot, it leaves
    /// nothing behind (the scratch folder is made last, and removed on a failure).
    public init(_ request: BurnRequest, saveAs: String? = nil) throws {
        file = request.captions.file
        readFormat = request.captions.format
        readEncoding = request.captions.encoding
        plan = try ReviewPlan(input: request.input.name)
        frameDuration = plan.info.frameDuration
        let opened = try OpenedCaptions(file, format: request.captions.format, encoding: request.captions.encoding)
        (format, text, signature) = (opened.format, opened.text, opened.signature)
        savesTo = saveAs ?? opened.savesTo
        saveFormat = try saveAs.map(Self.saveFormat) ?? opened.format
        // Where Save writes is checked now, as an output is: a missing folder, or a folder in
        // the file's place, would otherwise fail every Save of the session and lose its edits.
        if let saveAs { try OutputFile.check(AtomicFile.resolve(saveAs), inputs: request.inputFiles) }
        cues = EditedCues(opened.segments)
        let folder = try Self.scratchFolder()
        scratch = folder.appendingPathComponent("captions." + (format == .json ? "json" : URL(fileURLWithPath: file).pathExtension))
        var drawing = request
        drawing.captions.file = scratch.path
        drawing.captions.format = format
        drawing.captions.encoding = nil
        self.request = drawing
        do {
            try writeScratch()
        } catch {
            close()
            throw error
        }
    }

    /// The format a `--save-as` file's extension names.
    private static func saveFormat(_ path: String) throws -> CaptionFormat {
        guard let format = CaptionWriter.format(forPath: path)?.captionFormat else {
            throw ReviewError("\(path): review saves .srt, .vtt or .json")
        }
        return format
    }

    /// A new folder of this session in TMPDIR, made exclusively and readable by its owner only.
    private static func scratchFolder() throws(ReviewError) -> URL {
        do throws(FileError) {
            return try TemporaryFolder.make(prefix: "burn-captions-review")
        } catch {
            throw ReviewError("\(error.path): cannot make the review's temporary folder: \(error.reason)")
        }
    }

    /// The signature of `file` now; a file that cannot be read is the review's conflict.
    static func signature(of file: String) throws(ReviewError) -> FileSignature {
        do throws(FileError) {
            return try FileSignature(file)
        } catch {
            throw ReviewError(error.description)
        }
    }

    deinit { close() }

    /// Removes the edited copy on disk (when the review ends; a process that
    /// exits runs no deinit).
    public func close() { try? FileManager.default.removeItem(at: scratch.deletingLastPathComponent()) }

    /// The cues with their findings (`lint` of the edits so far) and what the page needs
    /// with them, as JSON.
    func state() throws -> Data {
        try lock.withLock {
            if findingsStale { lintCues() }
            if !changedOnDisk { changedOnDisk = (try? FileSignature(file)) != signature }
            return try JSONEncoder().encode(currentState())
        }
    }

    private func currentState() -> State {
        State(
            cues: cues.page(findings: findings, shown: shown), frameDuration: frameDuration, savesTo: savesTo,
            revision: revision, preset: request.preset, look: request.look, presets: Resources.presetNames(),
            looks: Resources.lookNames(), render: rendering.state,
            suggestedOutput: URL(fileURLWithPath: request.input.name).deletingPathExtension().path + ".captioned.mp4",
            changedOnDisk: changedOnDisk)
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
    func startRender(to output: String) throws {
        try rendering.start(lock.withLock { request }, to: output)
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
    func edit(_ id: Int, text newText: String?, start: Double?, end: Double?) throws {
        // As the file will hold it: a blank line folded into one line break.
        try change { try cues.edit(id, text: try newText.map(cueText), start: start, end: end) }
    }

    /// Splits cue `id` at `offset` (UTF-16 units into its text, as a browser counts): the
    /// text before and after, its time divided in proportion to their lengths.
    func split(_ id: Int, at offset: Int) throws { try change { try cues.split(id, at: offset) } }

    /// Merges cue `id` with the next: one cue from the first's start to the later end, their
    /// texts joined by a space.
    func merge(_ id: Int) throws { try change { try cues.merge(id) } }

    /// Runs one change of the cues: a new revision, the edited copy written, findings stale.
    /// A change the file cannot hold is undone, and said why (409).
    private func change(_ body: () throws -> Void) throws {
        try lock.withLock {
            let before = cues
            try body()
            guard cues != before else { return }
            do {
                try writeScratch()
            } catch {
                cues = before
                let problems = (error as? CaptionError)?.problems.map(\.message).joined(separator: "; ")
                throw ReviewError(problems ?? BurnError.wrap(error).description)
            }
            revision += 1
            findingsStale = true
        }
    }

    /// `text` as one cue of the file holds it, or why it cannot.
    private func cueText(_ text: String) throws -> String {
        do {
            return try CueFileEditor.cueText(text, format: format, file: file)
        } catch let error as CaptionError {
            throw ReviewError(error.problems.map(\.message).joined(separator: "; "))
        }
    }

    /// The frame at `time` seconds with the captions as edited, as PNG (what `still` draws
    /// of the edited copy).
    func frame(at time: Double) throws -> [UInt8] {
        let (request, captions) = lock.withLock { (self.request, editedBytes) }
        return try plan.picture(request, captions: captions, at: time, backgrounds: backgrounds)
    }

    /// The final captions as edited, with their layout and findings (what `plan` prints of
    /// the edited copy).
    func document() throws -> PlanDocument {
        try lock.withLock { try plan.document(request, captions: editedBytes) }
    }

    /// Why a save is refused once the file changed on disk.
    private var changedMessage: String {
        "\(file) changed on disk since it was opened; not saved (reload it to review the new version)"
    }

    /// Writes the edits into `savesTo`, whole or not at all (`AtomicFile`: through a link to
    /// its target, keeping its mode and owner), the previous version kept as `FILE~` beside
    /// the file written (a copy with the file's mode; a link there is replaced, never
    /// followed). Refused once the file changed on disk since it was opened or last saved,
    /// until `reload`.
    func save() throws -> String {
        try lock.withLock {
            guard !changedOnDisk, try Self.signature(of: file) == signature else {
                changedOnDisk = true
                throw ReviewError(changedMessage)
            }
            let data = try saved()
            do throws(FileError) {
                let target = AtomicFile.resolve(savesTo)
                if let previous = FileManager.default.contents(atPath: target) {
                    try AtomicFile.write(previous, to: target + "~", permissions: .like(target), links: .replace)
                }
                try AtomicFile.write(data, to: target, permissions: .keepModeAndOwner(newFile: 0o644))
            } catch {
                throw ReviewError("not saved: \(error)")
            }
            if savesTo == file {
                text = String(decoding: data, as: UTF8.self)
                signature = try Self.signature(of: file)
                // Positions may have moved (a payload of another length, a split): read them again.
                cues = EditedCues(try CaptionReader.read(URL(fileURLWithPath: file), format: format).segments)
                revision += 1
                findingsStale = true
            }
            return savesTo
        }
    }

    /// Reads the file again as it is on disk now: its cues replace the edits (unsaved ones are
    /// dropped), the frames and findings follow, and Save works again.
    func reload() throws {
        try lock.withLock {
            let opened = try OpenedCaptions(file, format: readFormat, encoding: readEncoding)
            guard opened.format == format else { throw ReviewError("\(file) is no longer a \(format.rawValue) file") }
            (text, signature) = (opened.text, opened.signature)
            cues = EditedCues(opened.segments)
            changedOnDisk = false
            revision += 1
            findingsStale = true
            try writeScratch()
        }
    }

    /// The edits as Save writes them: the file's text with the edits, or, when `--save-as`
    /// names another format, the edited cues written anew in it (the file's markup and notes
    /// are not carried over).
    private func saved() throws -> Data {
        let data = try edited()
        guard saveFormat != format else { return data }
        let captions = OpenedCaptions.captions(try CaptionReader.read(data, path: file, format: format))
        return try CaptionWriter.data(captions, format: saveFormat)
    }

    /// The file's text with the edits, in its format.
    private func edited() throws -> Data {
        let edits = cues.edits
        return edits.isEmpty ? Data(text.utf8) : try CueFileEditor.apply(edits, to: text, format: format, file: file)
    }

    /// The edited copy, written whole for a render to read (a render started meanwhile reads
    /// the copy before or after, never half of one), and kept in memory for the frames.
    private func writeScratch() throws {
        let data = try edited()
        try AtomicFile.write(data, to: scratch.path, permissions: .exactly(0o600), links: .replace)
        editedBytes = data
    }

    /// Each cue's findings: `lint` of the edited copy, by the cue its captions came from.
    private func lintCues() {
        findingsStale = false
        let captions = (try? plan.document(request, captions: editedBytes))?.shown ?? []
        findings = [:]
        shown = [:]
        // The edited copy's cues, in order, are the page's cues: their places in it find
        // the captions the burn makes of each.
        let read = (try? CaptionReader.read(editedBytes, path: scratch.path, format: format))?.segments ?? []
        for (id, segment) in read.enumerated() {
            guard let source = segment.source else { continue }
            let mine = captions.filter { $0.source == source }
            findings[id] = mine.flatMap(\.findings)
            shown[id] = mine.map(\.text)
        }
    }
}
