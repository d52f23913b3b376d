import Captions
import Cuts
import Files
import Foundation
import Imaging
import Layout
import Media
import Speech
import Vision

/// What `burn-captions plan` prints: the frame, the safe area, and every caption with its
/// words and layout (font size, lines with widths and fonts, box with the outline). Pixels
/// are frame pixels, in hundredths; times are seconds, exactly as the render uses them. A
/// plan for a split render (`--segments N`) also holds the settings its parts are rendered
/// with and the segments' times; the parts read their captions from it (`SplitRender`).
public struct PlanDocument: Codable, Sendable, Equatable {
    struct Size: Codable, Equatable {
        var width: Int
        var height: Int
    }
    struct Box: Codable, Equatable {
        var x: Double
        var y: Double
        var width: Double
        var height: Double

        init(_ rect: Rect) {
            x = PlanDocument.rounded(rect.x)
            y = PlanDocument.rounded(rect.y)
            width = PlanDocument.rounded(rect.width)
            height = PlanDocument.rounded(rect.height)
        }
    }
    /// A word with its times and where it is drawn: its line and the box reserved for its
    /// largest state (room, box padding and outline included), which holds at every instant.
    /// A word broken across lines has a `box` per line in `pieces` after the first.
    struct Word: Codable, Equatable {
        var text: String
        var start: Double
        var end: Double
        var emphasis: Bool?
        var estimated: Bool?  // timed by length, not by a recognizer
        var label: Bool?  // the speaker's name before their words (`--speaker-labels`)
        var line: Int?
        var box: Box?
        var pieces: [Piece]?
    }
    struct Piece: Codable, Equatable {
        var line: Int
        var box: Box
    }
    struct Line: Codable, Equatable {
        var text: String
        var width: Double
        var fonts: [String]
    }
    struct Entry: Codable, Equatable {
        var start: Double
        var end: Double
        var text: String
        var language: String?
        var speaker: String?
        var fill: RGBAColor?  // the speaker's colour, when a palette gives one, or the second track's
        var track: Int?  // 2 for the second track; left out for the first
        var words: [Word]
        var fontSize: Double
        var lines: [Line]
        var box: Box
        var fit: String
        var missingGlyphs: String?  // characters drawn as boxes: no installed font has them
        var lane: Int  // captions of different lanes share the screen, stacked
        var position: String?  // top, middle or bottom, when the file placed it
        var findings: [Finding]?  // the reading rules it breaks (`lint`), when any
        var line: Int?  // the line of its cue in the caption file (SubRip, WebVTT), when known
        var field: String?  // or its segment (`segments[3]`)
        var place: Int?  // the preset's other place it moved to (1 for the first), when an obstacle moved it
        var avoided: String?  // the obstacle that moved it, or that it covers (`blocked`)
        var blocked: Bool?  // no place was free: it stayed at the anchor over `avoided`
    }
    struct Finding: Codable, Equatable {
        var rule: String
        var level: String
        var message: String
    }

    /// What a split render's parts are rendered with: the input planned and the settings that
    /// lay the captions out (the captions' own steps, timing fix and chunking, are done).
    public struct Render: Codable, Equatable, Sendable {
        public var input: String  // its absolute path when planned
        public var inputIdentity: InputIdentity  // its size, duration, streams and ends, to tell another file apart
        public var duration: Double  // seconds
        public var captions: String
        public var secondCaptions: String?
        public var preset: String
        public var look: String?
        public var language: String?
        public var secondLanguage: String?
        public var fontsConf: String?
    }
    /// One time range of a split render: frames from `start` (a keyframe) until `end`.
    public struct Segment: Codable, Equatable, Sendable {
        public var index: Int
        public var start: Double  // seconds from the timeline start
        public var end: Double?  // seconds; none for the last

        public init(index: Int, start: Double, end: Double?) {
            self.index = index
            self.start = start
            self.end = end
        }
    }

    /// What recognition said of the speech the captions were recognized from (`--captions auto`).
    struct Speech: Codable, Equatable {
        var model: String
        var engine: String?  // the engine and its version
        var language: String?  // the captions' language (BCP-47)
        var detected: LanguageGuess?  // what the engine detected, with its candidates; none when --language said
        var dropped: [String]?  // segments taken out as invented, each with its time and why
        var uncertainWords: Int  // words below `Recognition.uncertainWord` probability
    }

    /// Something in the picture captions keep off (`--avoid`, `--obstacles`).
    struct ObstacleEntry: Codable, Equatable {
        var kind: String  // face, text or other
        var origin: String  // detected or file
        var box: Box
        var start: Double  // seconds
        var end: Double  // seconds
    }

    /// A span of the input cut out or flagged (`--cuts`, `--cuts-file`): times on the input's
    /// clock, where every other time of the plan is on the cut timeline.
    struct CutEntry: Codable, Equatable {
        var start: Double  // seconds of the input
        var end: Double  // seconds of the input
        var reason: String
        var cut: Bool
        var flag: String?
        var sentence: Int?
        var text: String?
    }

    /// A range of the input a split cut render keeps, exactly as the render keeps it (on
    /// frame boundaries, not rounded): its parts render these frames and the join splices
    /// the audio over them.
    public struct KeptEntry: Codable, Equatable, Sendable {
        public var start: Double  // seconds of the input
        public var end: Double  // seconds of the input
    }

    var frame: Size
    var safeArea: Box
    var speech: Speech?
    var obstacles: [ObstacleEntry]?
    var cuts: [CutEntry]?
    /// The cut render's length (with `cuts`). // seconds
    var keptDuration: Double?
    var captions: [Entry]
    public var render: Render?
    public var segments: [Segment]?
    /// A split cut render's kept ranges (with `cuts` and `segments`), in time order: the
    /// input's instants its parts play, end to end. // seconds of the input, exact
    public var kept: [KeptEntry]?
    /// The SHA-256 of everything else in the plan (`contentHash`): a part is rendered only
    /// from a plan that still matches it, every part carries it, and the join takes parts of
    /// one plan only.
    public var plan: String?

    /// `findings`: the reading rules each caption breaks, one list per caption (or none).
    /// `speech`: what the captions were recognized from, when they were.
    init(
        _ planned: [PlannedCaption], width: Int, height: Int, safeArea: Rect, findings: [[LintFinding]] = [],
        speech: RecognizedSpeech? = nil, settings: RecognitionSettings = RecognitionSettings(), obstacles: [Obstacle] = [],
        cuts: CutPlan? = nil
    ) {
        frame = Size(width: width, height: height)
        self.cuts = cuts.map { plan in
            plan.cuts.map {
                CutEntry(
                    start: Self.microseconds($0.start), end: Self.microseconds($0.end), reason: $0.reason.rawValue, cut: $0.isCut,
                    flag: $0.flag?.rawValue, sentence: $0.sentence, text: $0.text)
            }
        }
        keptDuration = cuts.map { Self.microseconds($0.keptDuration) }
        self.obstacles =
            obstacles.isEmpty
            ? nil
            : obstacles.map {
                ObstacleEntry(
                    kind: $0.kind.rawValue, origin: $0.origin.rawValue, box: Box($0.box), start: Self.rounded($0.start),
                    end: Self.rounded($0.end))
            }
        self.speech = speech.map { speech in
            Speech(
                model: settings.model, engine: speech.engine.map { "\($0.engine)" + ($0.version.map { " \($0)" } ?? "") },
                language: speech.language, detected: speech.detected,
                dropped: speech.dropped.isEmpty ? nil : speech.dropped.map(\.description),
                uncertainWords: speech.uncertainWords(below: Recognition.uncertainWord))
        }
        self.safeArea = Box(safeArea)
        captions = planned.enumerated().map { index, item in
            let broken = index < findings.count ? findings[index] : []
            let caption = item.caption
            return Entry(
                start: caption.start, end: caption.end, text: caption.text, language: caption.language,
                speaker: caption.speaker, fill: item.fill, track: item.track == 1 ? nil : item.track,
                words: Self.words(caption, layout: item.layout), fontSize: Self.rounded(item.layout.fontSize),
                lines: item.layout.lines.map { Line(text: $0.text, width: Self.rounded($0.width), fonts: $0.fonts) },
                box: Box(item.layout.box), fit: item.layout.fit.rawValue,
                missingGlyphs: item.layout.missingCharacters.isEmpty ? nil : item.layout.missingCharacters,
                lane: item.caption.lane, position: item.caption.position?.rawValue,
                findings: broken.isEmpty
                    ? nil : broken.map { Finding(rule: $0.rule, level: $0.level.rawValue, message: $0.message) },
                line: caption.source?.line, field: caption.source?.field,
                place: item.placement.flatMap { $0.place > 0 ? $0.place : nil }, avoided: item.placement?.obstacle?.summary,
                blocked: item.placement?.blocked == true ? true : nil)
        }
    }

    /// The caption's words with their lines and reserved boxes.
    private static func words(_ caption: Caption, layout: LaidOutCaption) -> [Word] {
        caption.words.enumerated().map { index, word in
            let pieces = layout.words.filter { $0.index == index }.map { laidOut in
                Piece(line: laidOut.line, box: Box(layout.reservedBox(of: laidOut)))
            }
            return Word(
                text: word.text, start: word.start, end: word.end, emphasis: word.emphasis ? true : nil,
                estimated: word.estimated ? true : nil, label: word.isLabel ? true : nil, line: pieces.first?.line,
                box: pieces.first?.box, pieces: pieces.count > 1 ? Array(pieces.dropFirst()) : nil)
        }
    }

    /// The captions of each track (the first, then the second when there is one), as the
    /// render shows them: what a split render's parts draw instead of reading the caption files.
    var tracks: [[Caption]] {
        let all = captions.map { entry in
            (
                entry.track ?? 1,
                Caption(
                    text: entry.text, start: entry.start, end: entry.end, language: entry.language, speaker: entry.speaker,
                    words: entry.words.map {
                        Captions.Word(
                            text: $0.text, start: $0.start, end: $0.end, estimated: $0.estimated ?? false,
                            emphasis: $0.emphasis ?? false, isLabel: $0.label ?? false)
                    }, source: entry.line != nil || entry.field != nil ? SourceLocation(line: entry.line, field: entry.field) : nil,
                    position: entry.position.flatMap(CaptionPosition.init(rawValue:)), lane: entry.lane)
            )
        }
        let second = all.filter { $0.0 == 2 }.map(\.1)
        return [all.filter { $0.0 != 2 }.map(\.1)] + (second.isEmpty && render?.secondCaptions == nil ? [] : [second])
    }

    /// The hash that names this plan: the SHA-256 of its JSON without the `plan` field, so that
    /// it names the content whatever the file's spacing.
    public func contentHash() throws -> String {
        var content = self
        content.plan = nil
        return ContentHash.sha256(try content.json())
    }

    /// Reads a plan `burn-captions plan` wrote, failing naming the file and the field: a
    /// segment that does not end after it starts, and a split render's plan edited since it
    /// was made (its content no longer matches its hash), are refused together.
    public static func read(_ path: String) throws -> PlanDocument {
        let document = try decode(path)
        var problems: [BurnError] = []
        for (number, segment) in (document.segments ?? []).enumerated() {
            if let end = segment.end, !(end > segment.start) {
                problems.append(.input("\(path): segments[\(number)].end: \(end) is not after its start \(segment.start)"))
            }
            if segment.index != number {
                problems.append(.input("\(path): segments[\(number)].index: \(segment.index), expected \(number)"))
            }
        }
        problems += keptProblems(document, path: path)
        if let hash = document.plan, hash != (try document.contentHash()) {
            problems.append(
                .input("\(path): edited since it was made (its content no longer matches its hash): make it again with plan --segments N"))
        }
        if problems.count == 1 { throw problems[0] }
        if !problems.isEmpty { throw BurnError.several(problems) }
        return document
    }

    /// What is wrong with the plan's kept ranges, each named by its field: an empty range,
    /// one not after the one before, or one past the input's end.
    private static func keptProblems(_ document: PlanDocument, path: String) -> [BurnError] {
        var problems: [BurnError] = []
        var previousEnd = 0.0  // seconds
        for (number, range) in (document.kept ?? []).enumerated() {
            if !(range.start >= previousEnd) {
                problems.append(.input("\(path): kept[\(number)].start: \(range.start) is before the end of the range before (\(previousEnd))"))
            }
            if !(range.end > range.start) {
                problems.append(.input("\(path): kept[\(number)].end: \(range.end) is not after its start \(range.start)"))
            }
            if let duration = document.render?.duration, range.end > duration + 0.001 {
                problems.append(.input("\(path): kept[\(number)].end: \(range.end) is past the input's end (\(duration))"))
            }
            previousEnd = max(previousEnd, range.end)
        }
        if document.kept?.isEmpty == true { problems.append(.input("\(path): kept: no range kept")) }
        return problems
    }

    /// The kept ranges of a split cut render (nil: not cut), as its parts and the join use them.
    public func keptRanges() throws -> KeptRanges? {
        try kept.map { try KeptRanges($0.map { $0.start...$0.end }) }
    }

    /// The plan in the file at `path`, as JSON decodes it.
    private static func decode(_ path: String) throws -> PlanDocument {
        guard let data = FileManager.default.contents(atPath: path) else { throw BurnError.input("\(path): cannot read the plan") }
        do {
            return try JSONDecoder().decode(PlanDocument.self, from: data)
        } catch let error as DecodingError {
            throw BurnError.input("\(path): not a plan: \(DecodingProblem(error))")
        }
    }

    /// Writes the JSON to `path` whole or not at all (a temporary file renamed into place);
    /// `inputs` are the files the plan was made from, which it may not overwrite.
    public func write(to path: String, inputs: [String]) throws {
        try OutputFile(output: path, inputs: inputs).write(try json() + Data("\n".utf8))
    }

    /// Pretty-printed JSON with sorted keys.
    public func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }

    /// Hundredths of a pixel are enough, and keep the JSON readable.
    static func rounded(_ value: Double) -> Double { (value * 100).rounded() / 100 }

    /// A time to the microsecond, as the cut file writes it. // seconds
    static func microseconds(_ value: Double) -> Double { (value * 1_000_000).rounded() / 1_000_000 }
}

extension PlanDocument.Render {
    /// The settings of `request` as its parts render them, from the input of `inputIdentity`,
    /// `duration` seconds long: every file by its absolute path, as every machine of a shared
    /// file system names it.
    init(_ request: BurnRequest, inputIdentity: InputIdentity, duration: Double) {
        self.init(
            input: Self.absolute(request.input.name), inputIdentity: inputIdentity, duration: duration,
            captions: request.captions.path.map(Self.absolute) ?? request.captions.file, secondCaptions: request.secondCaptions.map(Self.absolute),
            preset: Self.settingsPath(request.preset), look: request.look.map(Self.settingsPath), language: request.captions.language,
            secondLanguage: request.secondLanguage, fontsConf: request.fontsConf.map(Self.absolute))
    }

    /// `path` from the root, as every machine of a shared file system names it.
    private static func absolute(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.path }

    /// A preset or look as planned: a name stays a name; a file becomes its absolute path.
    private static func settingsPath(_ nameOrPath: String) -> String {
        nameOrPath.hasSuffix(".json") || nameOrPath.contains("/") ? absolute(nameOrPath) : nameOrPath
    }
}
