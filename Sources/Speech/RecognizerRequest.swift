import Foundation

/// The first line a recognizer reads (protocol 1): the model and how to run it; the audio's
/// samples follow it on standard input.
struct RecognizerRequest: Encodable, Equatable {
    var protocolVersion = 1
    var model: String  // a model folder, or a hub name when `download`
    var download: Bool
    var computeType: String
    var device = "auto"
    var threads: Int
    var language: String?
    var languages: [String]?
    var languageThreshold: Double
    var detectSegments: Int
    var vad: Bool
    var beamSize = 5
    var batched = false
    var sampleRate = Int(SpeechAudio.sampleRate)
    var samples: Int

    enum CodingKeys: String, CodingKey {
        case protocolVersion = "protocol", model, download, computeType = "compute_type", device, threads, language, languages
        case languageThreshold = "language_threshold", detectSegments = "detect_segments", vad
        case beamSize = "beam_size", batched, sampleRate = "sample_rate", samples
    }

    /// The least audio the batched pipeline is used for. // seconds
    static let batchedFrom = 60.0

    init(model: SpeechModel, settings: RecognitionSettings, samples: Int) {
        self.model = model.location
        download = model.isHubName
        computeType = settings.computeType
        threads = settings.threads ?? ProcessInfo.processInfo.activeProcessorCount
        // Whisper's own codes: the language part of a BCP-47 tag.
        language = settings.language.map { WhisperLanguages.code(forTag: $0) ?? String($0.split(separator: "-")[0]).lowercased() }
        languages = settings.language == nil ? settings.languages : nil
        languageThreshold = settings.languageThreshold
        detectSegments = settings.detectionWindows
        vad = settings.voiceActivityDetection
        // faster-whisper's batched pipeline takes about a tenth less CPU from a minute of
        // audio on, and the same below it (docs/RECOGNIZER.md); it needs voice activity detection.
        batched = vad && Double(samples) / Double(SpeechAudio.sampleRate) >= Self.batchedFrom
        self.samples = samples
    }

    /// The request as one line of JSON, with its newline; `null` for a detected language.
    func line() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        var data = (try? encoder.encode(self)) ?? Data()
        data.append(0x0A)
        return data
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(protocolVersion, forKey: .protocolVersion)
        try container.encode(model, forKey: .model)
        try container.encode(download, forKey: .download)
        try container.encode(computeType, forKey: .computeType)
        try container.encode(device, forKey: .device)
        try container.encode(threads, forKey: .threads)
        try container.encode(language, forKey: .language)  // null: detect
        try container.encode(languages, forKey: .languages)  // null: any language
        try container.encode(languageThreshold, forKey: .languageThreshold)
        try container.encode(detectSegments, forKey: .detectSegments)
        try container.encode(vad, forKey: .vad)
        try container.encode(beamSize, forKey: .beamSize)
        try container.encode(batched, forKey: .batched)
        try container.encode(sampleRate, forKey: .sampleRate)
        try container.encode(samples, forKey: .samples)
    }
}
