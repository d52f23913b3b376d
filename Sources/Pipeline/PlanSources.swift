import Captions
import Cuts
import Files
import Foundation
import Layout
import Media
import Settings
import Speech
import Vision

/// What planning takes from outside the caption files, for every plan of one input: the
/// probed input, the speech envelope the timing fix measures, the cuts scene detection finds,
/// the reading rules, the presets and looks, and a layout engine per fonts file. Each is made
/// the first time it is asked for and kept: a run's requests share one
/// (`BurnPlanner.prepare`), and so do all the plans of a `PlanSession` (the review's). Not
/// thread-safe: one thread at a time.
final class PlanSources {
    let input: MediaInput  // probed once; its demuxer goes to the first pass that reads packets
    let rules: ReadingRules
    private var envelope: EnergyEnvelope??  // nil: not measured yet; .some(nil): no audio
    private var audio: SpeechAudio??  // nil: not decoded yet; .some(nil): no audio
    /// By settings: every output of a run, and every plan of a review, recognizes once.
    private var recognitions: [RecognitionSettings: RecognizedSpeech] = [:]
    private var found: [Double]?  // the cuts, once scene detection ran
    /// The obstacles found in the picture, by what was looked for.
    private var detected: [ObstacleSearch: [Obstacle]] = [:]
    /// `--obstacles` files read, by path.
    private var obstacleFiles: [String: [Obstacle]] = [:]
    /// By fonts file (nil: the shipped one); a run makes one per file its requests name, a
    /// review one (its fonts file is fixed).
    private var engines: [String?: LayoutEngine] = [:]
    /// Presets and looks read, by file, with its signature when read: read again only once
    /// the file changed on disk (a review's plans read none after the first).
    private var presets = SignedReads<Preset>()
    private var looks = SignedReads<Look>()
    /// Cut plans made, by what they were made from (`CutStep`): a run's outputs cut alike.
    var cutPlans: [String: CutStep.Planned] = [:]
    private var fillers: FillerWords?

    /// Sources for plans of `input`, with the shipped reading rules.
    init(input: MediaInput) throws {
        self.input = input
        rules = try ReadingRules.shipped()
    }

    /// The preset `name` names (shipped, or a file), as its file is now.
    func preset(_ name: String) throws -> Preset {
        try presets.value(of: try Resources.preset(name), read: Preset.load)
    }

    /// The look `name` names (shipped, or a file), as its file is now.
    func look(_ name: String) throws -> Look {
        try looks.value(of: try Resources.look(name), read: Look.load)
    }

    /// The shipped filler words (`Presets/rules/fillers.json`), read the first time.
    func fillerWords() throws -> FillerWords {
        if let fillers { return fillers }
        let read = try FillerWords(file: try Resources.fillerWords())
        fillers = read
        return read
    }

    /// The input's speech envelope, nil when it has no audio; its audio is decoded the first
    /// time only.
    func speech() throws -> EnergyEnvelope? {
        if let envelope { return envelope }
        if let audio { return audio?.envelope }
        let measured = try SpeechEnvelope.read(input)
        envelope = .some(measured)
        return measured
    }

    /// The input's audio as the recognizer hears it (and its envelope, which `speech` then
    /// gives without decoding again); nil when it has no audio. Decoded the first time only.
    func speechAudio() throws -> SpeechAudio? {
        if let audio { return audio }
        let decoded = try SpeechAudio.read(input)
        audio = .some(decoded)
        return decoded
    }

    /// The input's speech recognized under `settings`: the first time for those settings
    /// only (and from the transcript cache when it has it), with progress as events and a
    /// notice of what was recognized. Stops when `cancellation` is raised.
    func recognized(_ settings: RecognitionSettings, cancellation: Cancellation, events: (BurnEvent) -> Void) throws
        -> RecognizedSpeech
    {
        if let speech = recognitions[settings] { return speech }
        guard let audio = try speechAudio() else { throw RecognitionError.noAudio(file: input.info.path) }
        let environment = ProcessInfo.processInfo.environment
        let engine = try RecognizerEngine.find(roots: Resources.searchRoots(), environment: environment)
        let speech: RecognizedSpeech
        do {
            speech = try Recognition.recognize(
                audio, file: input.info.path, settings: settings, engine: engine,
                cache: TranscriptCache.root(environment: environment), cancelled: { cancellation.isCancelled },
                progress: { done, total in events(.recognition(seconds: done, total: total)) })
        } catch RecognitionError.cancelled {
            throw BurnError.cancelled(signal: cancellation.signal)
        }
        for warning in speech.warnings { events(.warning(warning)) }
        events(.notice(RecognitionSummary.line(speech, file: input.info.path, settings: settings)))
        recognitions[settings] = speech
        return speech
    }

    /// The input's shot changes found by scene detection (a decoding pass of its own, the
    /// first time only, with a notice of how many and how long), in seconds. The pass stops
    /// when `cancellation` is raised.
    func cuts(cancellation: Cancellation, events: (BurnEvent) -> Void) throws -> [Double] {
        if let found { return found }
        let clock = ContinuousClock.now
        let times = try ShotDetector.cuts(in: input, going: { !cancellation.isCancelled })
        if cancellation.isCancelled { throw BurnError.cancelled(signal: cancellation.signal) }
        events(.notice(
            "\(input.info.path): \(times.count) shot change(s) found by scene detection in "
                + String(format: "%.1f s", (ContinuousClock.now - clock).seconds)))
        found = times
        return times
    }

    /// The faces and text lines `search` asks for, found on a frame sampled each second (the
    /// first time only, with a notice of how many and how long). When
    /// `findingCuts` and scene detection has not run yet, the same decoding pass finds the
    /// cuts (`cuts` then gives them without decoding again), and the obstacles end at them.
    func obstacles(_ search: ObstacleSearch, findingCuts: Bool, cancellation: Cancellation, events: (BurnEvent) -> Void)
        throws -> [Obstacle]
    {
        if search.isOff { return [] }
        if let known = detected[search] { return known }
        let detector = try ObstacleDetector(search, roots: Resources.searchRoots())
        let clock = ContinuousClock.now
        let scanCuts = findingCuts && found == nil
        let times = try PictureScan.scan(
            input, findingCuts: scanCuts, sampling: ObstacleDetector.sampling, going: { !cancellation.isCancelled },
            sample: { try detector.add($0) })
        if cancellation.isCancelled { throw BurnError.cancelled(signal: cancellation.signal) }
        if scanCuts {
            found = times
            events(.notice("\(input.info.path): \(times.count) shot change(s) found by scene detection"))
        }
        let obstacles = detector.obstacles(cuts: found ?? [], end: input.info.duration)
        let counts = Obstacle.Kind.allCases.compactMap { kind -> String? in
            let count = obstacles.filter { $0.kind == kind }.count
            let noun = kind == .face ? "face" : "\(kind.rawValue) box"
            return count > 0 ? "\(count) \(noun)\(count == 1 ? "" : kind == .face ? "s" : "es")" : nil
        }
        events(.notice(
            "\(input.info.path): \(counts.isEmpty ? "nothing" : counts.joined(separator: ", ")) to avoid found in "
                + "\(detector.searched.count) sampled frames in " + String(format: "%.1f s", (ContinuousClock.now - clock).seconds)))
        detected[search] = obstacles
        return obstacles
    }

    /// The boxes of the `--obstacles` file at `path`, read the first time only.
    func obstacles(file path: String) throws -> [Obstacle] {
        if let known = obstacleFiles[path] { return known }
        let obstacles = try ObstacleFile.read(path: path)
        obstacleFiles[path] = obstacles
        return obstacles
    }

    /// The layout engine of `fontsConf` (nil: the shipped `Fonts.conf`), its fonts loaded the
    /// first time.
    func engine(fontsConf: String?) throws -> LayoutEngine {
        if let engine = engines[fontsConf] { return engine }
        let engine = try LayoutEngine(fontsConf: try Resources.fontsConf(override: fontsConf), phrases: rules.phrases)
        engines[fontsConf] = engine
        return engine
    }
}
