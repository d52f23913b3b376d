import Captions
import Foundation
import Media
import Pipeline

/// One caption file under review: its cues as the file holds them, the edits made to them,
/// the frames drawn with those edits by the real renderer, and the save back into the file's
/// own format. Thread-safe: the server's connection threads share it.
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
        var render: RenderState
        var suggestedOutput: String  // where Render writes unless told: INPUT.captioned.mp4
    }

    /// A render started from the page: where it writes, how far it is, how it ended.
    struct RenderState: Codable {
        var output: String?
        var running = false
        var done: Double = 0  // 0...1
        var finished: String?  // the file written
        var error: String?
    }

    private let lock = NSLock()
    /// The request the frames are drawn with; its captions are the edited copy in `scratch`.
    private var request: BurnRequest
    private let file: String  // the caption file opened
    private let format: CaptionFormat  // the format edits are written in (whisper and live: native JSON)
    /// Where Save writes: the file itself, or `NAME.reviewed.json` beside a Whisper or live log.
    public let savesTo: String
    private let scratch: URL
    private let frameDuration: Double
    private var text: String  // the file's text as opened or last saved (native JSON for whisper and live)
    private var signature: FileSignature
    private var cues: [Cue]
    private var sources: [SourceLocation]
    private var revision = 0
    private var findingsStale = true
    private let backgrounds = StillBackgrounds()
    private var rendering = RenderState()
    private var cancellation = Cancellation()

    /// Opens `request.captions` for review of `request.input`.
    public init(_ request: BurnRequest) throws {
        file = request.captions
        let url = URL(fileURLWithPath: file)
        signature = try FileSignature(file)
        let read = try CaptionReader.read(url, format: request.captionsFormat, encoding: request.captionsEncoding)
        let data = try Data(contentsOf: url)
        let detected = request.captionsFormat ?? CaptionFormat.detect(data, path: file) ?? .srt
        var opened = String(decoding: data, as: UTF8.self)
        var segments = read.segments
        if detected == .whisper || detected == .live {
            // Saved as native JSON beside it; the file itself is never written.
            format = .json
            savesTo = url.deletingPathExtension().path + ".reviewed.json"
            let captions = segments.map {
                Caption(
                    text: $0.text, start: $0.start, end: $0.end, language: $0.language ?? read.language, speaker: $0.speaker,
                    words: $0.words)
            }
            opened = String(decoding: try CaptionWriter.nativeJSON(captions), as: UTF8.self)
            segments = segments.enumerated().map { index, segment in
                var copy = segment
                copy.source = SourceLocation(field: "segments[\(index)]")
                return copy
            }
        } else {
            format = detected
            savesTo = file
        }
        guard !opened.contains("\u{FFFD}") || format == .json else {
            throw ReviewError("\(file): not UTF-8; review edits UTF-8 caption files only")
        }
        text = opened
        sources = segments.map { $0.source ?? SourceLocation() }
        cues = segments.enumerated().map { index, segment in
            Cue(id: index, start: segment.start, end: segment.end, text: segment.text, edited: false, line: segment.source?.line, findings: [])
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("burn-captions-review-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        scratch = folder.appendingPathComponent("captions." + (format == .json ? "json" : url.pathExtension))
        var drawn = request
        drawn.captions = scratch.path
        drawn.captionsFormat = format
        drawn.captionsEncoding = nil
        self.request = drawn
        frameDuration = try MediaInput(path: request.input).info.frameDuration
        try writeScratch()
    }

    deinit { try? FileManager.default.removeItem(at: scratch.deletingLastPathComponent()) }

    /// The cues with their findings (`lint` of the edits so far) and what the page needs
    /// with them, as JSON.
    func state() throws -> Data {
        try lock.withLock {
            if findingsStale { lintCues() }
            return try JSONEncoder().encode(currentState())
        }
    }

    private func currentState() -> State {
        State(
            cues: cues, frameDuration: frameDuration, savesTo: savesTo, revision: revision, preset: request.preset,
            look: request.look, presets: Resources.presetNames(), looks: Resources.lookNames(), render: rendering,
            suggestedOutput: URL(fileURLWithPath: request.input).deletingPathExtension().path + ".captioned.mp4")
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
        try lock.withLock {
            guard !rendering.running else { throw ReviewError("a render is under way: cancel it first") }
            var burn = request
            burn.output = .file(output)
            let job = burn
            rendering = RenderState(output: output, running: true)
            cancellation = Cancellation()
            let cancellation = self.cancellation
            Thread.detachNewThread { [self] in
                let ended: RenderState
                do {
                    let result = try Burner.run(job, cancellation: cancellation) { event in
                        guard case .progress(let step) = event, let duration = step.duration, duration > 0 else { return }
                        self.lock.withLock { self.rendering.done = min(1, step.time / duration) }
                    }
                    ended = RenderState(output: output, running: false, done: 1, finished: result.output)
                } catch {
                    ended = RenderState(output: output, running: false, done: 0, error: BurnError.wrap(error).description)
                }
                self.lock.withLock { self.rendering = ended }
            }
        }
    }

    /// Stops the render under way, if any.
    func cancelRender() { lock.withLock { cancellation.cancel() } }

    /// Stops the render under way and waits until it has removed its temporary file (when
    /// the review ends: SIGINT or SIGTERM).
    public func finishRendering() {
        cancelRender()
        while lock.withLock({ rendering.running }) { usleep(20_000) }
    }

    /// The cues as edited, as JSON, without checking the reading rules again (an edit's
    /// answer: the page asks for `state` once the new frame is shown).
    func cuesNow() throws -> Data {
        try lock.withLock { try JSONEncoder().encode(currentState()) }
    }

    /// Changes cue `id`: its text, start or end (seconds); the frames and findings follow.
    func edit(_ id: Int, text newText: String?, start: Double?, end: Double?) throws {
        try lock.withLock {
            guard cues.indices.contains(id) else { throw ReviewError("no cue \(id)") }
            var cue = cues[id]
            if let newText { cue.text = newText.replacingOccurrences(of: "\r\n", with: "\n") }
            if let start { cue.start = max(0, start) }
            if let end { cue.end = end }
            guard cue.end > cue.start else { throw ReviewError("a cue must end after it starts") }
            cue.edited = cue.edited || cue != cues[id]
            cues[id] = cue
            revision += 1
            findingsStale = true
            try writeScratch()
        }
    }

    /// The frame at `time` seconds with the captions as edited, as PNG.
    func frame(at time: Double) throws -> [UInt8] {
        let request = lock.withLock { self.request }
        return try Burner.stillPicture(request, at: time, backgrounds: backgrounds)
    }

    /// Writes the edits into `savesTo` (the file's previous version kept as `FILE~`), whole or
    /// not at all; fails when the file changed on disk since it was opened or last saved.
    func save() throws -> String {
        try lock.withLock {
            guard try FileSignature(file) == signature else {
                throw ReviewError("\(file) changed on disk since it was opened; not saved (reload the page to review the new version)")
            }
            let data = try edited()
            let target = URL(fileURLWithPath: savesTo)
            if FileManager.default.fileExists(atPath: savesTo) {
                let backup = target.path + "~"
                try? FileManager.default.removeItem(atPath: backup)
                try FileManager.default.copyItem(atPath: savesTo, toPath: backup)
            }
            let temporary = target.deletingLastPathComponent().appendingPathComponent(".\(target.lastPathComponent).partial-\(getpid())")
            do {
                try data.write(to: temporary)
                guard rename(temporary.path, target.path) == 0 else { throw ReviewError("\(savesTo): cannot rename into place") }
            } catch {
                unlink(temporary.path)
                throw error
            }
            if savesTo == file {
                text = String(decoding: data, as: UTF8.self)
                signature = try FileSignature(file)
                for index in cues.indices { cues[index].edited = false }
                // Positions may have moved (a payload of another length): read them again.
                let read = try CaptionReader.read(target, format: format)
                sources = read.segments.map { $0.source ?? SourceLocation() }
            }
            return savesTo
        }
    }

    /// The file's text with the edits, in its format.
    private func edited() throws -> Data {
        let edits = cues.filter(\.edited).map { cue in
            CueEdit(source: sources[cue.id], start: cue.start, end: cue.end, text: cue.text)
        }
        return edits.isEmpty ? Data(text.utf8) : try CueFileEditor.apply(edits, to: text, format: format, file: file)
    }

    /// The edited copy the frames are drawn from.
    private func writeScratch() throws {
        try edited().write(to: scratch)
    }

    /// Each cue's findings: `lint` of the edited copy, by the cue its captions came from.
    private func lintCues() {
        findingsStale = false
        let findings = (try? Burner.lint(request)) ?? []
        for index in cues.indices {
            let source = sources[index]
            cues[index].findings = findings.filter {
                (source.line != nil && $0.line == source.line) || (source.field != nil && $0.field == source.field)
            }.map { "\($0.rule) (\($0.level.rawValue)): \($0.message)" }
        }
    }
}

/// What tells a file changed on disk: its size, modification time and inode.
struct FileSignature: Equatable {
    var size: Int64
    var modified: Double
    var inode: UInt64

    init(_ path: String) throws {
        var info = stat()
        guard stat(path, &info) == 0 else { throw ReviewError("\(path): cannot read it") }
        size = Int64(info.st_size)
        modified = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
        inode = UInt64(info.st_ino)
    }
}
