import Captions
import Speech

/// What a cut plan is made from: the words as spoken, the speech envelope, the input's
/// length and frame duration, and the script the speaker read (when given).
public struct CutMaterial: Sendable {
    public var transcript: Transcript
    public var envelope: EnergyEnvelope?
    /// The input's length. // seconds
    public var duration: Double
    /// The input's frame duration: every cut edge is a frame boundary. // seconds
    public var frameDuration: Double
    /// The script's text, and its file's name for messages.
    public var script: (text: String, file: String)?
    /// BCP-47, for words that name none: which filler list applies.
    public var language: String?

    public init(
        transcript: Transcript, envelope: EnergyEnvelope?, duration: Double, frameDuration: Double,
        script: (text: String, file: String)? = nil, language: String? = nil
    ) {
        (self.transcript, self.envelope, self.duration, self.frameDuration) = (transcript, envelope, duration, frameDuration)
        (self.script, self.language) = (script, language)
    }
}

/// The cut plan stage: from the words and the audio, the spans of a raw take to cut (long
/// pauses, fillers, restarts, retakes) and to flag, each with its reason (docs/CUTS.md).
public enum CutPlanner {
    /// A plan and what a person should be told about it.
    public struct Outcome: Sendable {
        public var plan: CutPlan
        /// Why less was cut than asked for.
        public var notices: [Notice]
        /// The transcript with the words the recognizer timed on a filler moved onto their own
        /// sound (`MisplacedWords`): the captions are planned from it.
        public var transcript: Transcript
    }

    /// Why a plan cut less than it was asked to.
    public enum Notice: Sendable, Equatable {
        /// The captions have no word times: nothing is cut.
        case noWordTimes
        /// The script matches none of the speech: nothing is cut.
        case scriptMatchesNothing(file: String)
        /// Cuts left out where no frame boundary clears the words beside them.
        case cutsLeftOut(count: Int)

        /// The notice's words, placed at the input (`input`) or at the script it is about.
        public func wording(input: String) -> String {
            switch self {
            case .noWordTimes:
                "\(input): the captions have no word times: nothing cut (cuts need the words' times: --captions auto, or a file with them)"
            case .scriptMatchesNothing(let file):
                "\(file): the script matches none of the speech (is it this take's?): nothing cut"
            case .cutsLeftOut(let count):
                "\(input): \(count) cut(s) left out: no frame boundary clear of the words beside them"
            }
        }
    }

    /// The plan of `material` under `settings`. `moving` says for spans of the input whether
    /// the picture moves in each (a silence there is kept unless `pausesOverMotion`).
    public static func plan(
        _ material: CutMaterial, settings: CutSettings, fillers: FillerWords,
        moving: ([ClosedRange<Double>]) throws -> [Bool] = { $0.map { _ in false } }
    ) rethrows -> Outcome {
        let empty = CutPlan(cuts: [], duration: material.duration)
        guard !settings.kinds.isEmpty else { return Outcome(plan: empty, notices: [], transcript: material.transcript) }
        let said = SpokenWord.words(of: material.transcript)
        var words = material.envelope.map { WordExtents.widened(said, envelope: $0) } ?? said
        // Silence is measured on the audio: a word the recognizer dropped or timed elsewhere, or
        // a laugh, is sound a cut keeps.
        let levels = material.envelope.map { SoundBed(envelope: $0, words: words) }
        let sound = levels.map { SoundRuns(levels: $0) }
        var transcript = material.transcript
        let lists = material.fillers(fillers)
        var moved: MisplacedWords.Moved?
        // Whether a sound is held is measured on the envelope alone: one listener serves.
        let listener = levels.map { HeardFillers(levels: $0, words: words) }
        if let listener, let sound, !settings.kinds.isDisjoint(with: [.fillers, .lexical]) {
            let found = MisplacedWords.moved(words, sound: sound, listener: listener, misheard: lists.misheard)
            for (word, before) in zip(found.words, words) where word.saidStart != before.saidStart {
                transcript.segments[word.segment].words[word.position].start = word.start
                transcript.segments[word.segment].words[word.position].end = word.end
                if word.position == 0 { transcript.segments[word.segment].start = word.start }
                transcript.segments[word.segment].end = max(transcript.segments[word.segment].end, word.end)
            }
            (words, moved) = (found.words, found)
        }
        let timed = material.transcript.segments.flatMap(\.words).contains { !$0.estimated && !$0.isLabel }
        guard timed else {
            return Outcome(plan: empty, notices: [.noWordTimes], transcript: material.transcript)
        }
        let fillerWords = settings.kinds.isDisjoint(with: [.fillers, .lexical])
            ? [] : FillerCuts.find(
                words, envelope: material.envelope, sound: sound, listener: listener, moved: moved, settings: settings, lists: lists)
        var removed = fillerWords
        var flagged: [Cut] = []
        var notices: [Notice] = []
        if settings.kinds.contains(.retakes) {
            removed += RestartCuts.find(words, skipping: Set(removed.flatMap(\.words)), settings: settings, lists: lists)
            let script = material.script.map { ScriptSentences.split($0.text) }
            let retakes = RetakeCuts.find(words, skipping: Set(removed.flatMap(\.words)), script: script, settings: settings)
            if let file = material.script?.file, !retakes.matchedScript || script?.isEmpty == true {
                return Outcome(plan: empty, notices: [.scriptMatchesNothing(file: file)], transcript: material.transcript)
            }
            removed += retakes.removed
            flagged = retakes.flagged
        }
        var spans = CutSpans(words: words, settings: settings, duration: material.duration, sound: sound)
            .spans(removing: removed)
        if !settings.pausesOverMotion {
            let silences = spans.indices.filter { spans[$0].silenceOnly && spans[$0].cut.length >= settings.contentSilence }
            let moves = try moving(silences.map { spans[$0].cut.start...spans[$0].cut.end })
            let moving = Set(zip(silences, moves).filter(\.1).map(\.0))
            spans = spans.enumerated().filter { !moving.contains($0.offset) }.map(\.element)
        }
        let edges = CutEdges(envelope: material.envelope, frameDuration: material.frameDuration, duration: material.duration)
        let placed = spans.compactMap(edges.placed).map { cut in
            var cut = cut
            if cut.length > settings.longCut { (cut.isCut, cut.flag) = (false, .long) }
            return cut
        }
        if placed.count < spans.count {
            notices.append(.cutsLeftOut(count: spans.count - placed.count))
        }
        return Outcome(plan: CutPlan(cuts: placed + flagged, duration: material.duration), notices: notices, transcript: transcript)
    }
}

extension CutMaterial {
    /// The filler lists of the language spoken.
    fileprivate func fillers(_ table: FillerWords) -> FillerWords.Language {
        table.lists(for: transcript.segments.first { $0.language != nil }?.language ?? transcript.language ?? language)
    }
}
