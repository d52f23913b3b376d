import Foundation

/// The first line a streaming recognizer reads (protocol 2, `"mode": "stream"`): the model
/// and how to run it, and the policy that trades latency for CPU. Audio messages follow.
struct StreamingRequest: Equatable {
    var protocolVersion = 2
    var mode = "stream"
    var model: String
    var download: Bool
    var computeType: String
    var device = "cpu"
    var threads: Int
    var language: String?
    var vad = true
    var beamSize = 1
    var sampleRate = Int(SpeechAudio.sampleRate)
    /// The least new audio between two decodes. // seconds
    var minChunkSeconds = 1.0
    /// The most audio decoded at once. // seconds
    var maxBufferSeconds = 15.0
    /// Audio older than this behind the newest is skipped, never queued. // seconds
    var maxLagSeconds = 4.0
    /// Silence after speech that ends an utterance. // seconds
    var endOfSpeechSeconds = 0.6
    var promptCharacters = 200

    init(model: SpeechModel, settings: RecognitionSettings) {
        self.model = model.location
        download = model.isHubName
        computeType = settings.computeType
        // Every core, as for a file: the decodes come sooner (tiny.en on 2 cores shows a word
        // 0.98 s after it ends at p50, 1.23 s on one: docs/RECOGNIZER.md), and x264 at 720p
        // keeps up beside it (docs/LIVE.md).
        threads = settings.threads ?? ProcessInfo.processInfo.activeProcessorCount
        language = settings.language.map { WhisperLanguages.code(forTag: $0) ?? String($0.split(separator: "-")[0]).lowercased() }
    }

    /// The request as one line of JSON, with its newline; `null` for a language to detect.
    func line() -> Data {
        let fields: [String: Any] = [
            "protocol": protocolVersion, "mode": mode, "model": model, "download": download, "compute_type": computeType,
            "device": device, "threads": threads, "language": language ?? NSNull(), "vad": vad, "beam_size": beamSize,
            "sample_rate": sampleRate, "min_chunk_seconds": minChunkSeconds, "max_buffer_seconds": maxBufferSeconds,
            "max_lag_seconds": maxLagSeconds, "end_of_speech_seconds": endOfSpeechSeconds, "prompt_characters": promptCharacters,
        ]
        var data = (try? JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])) ?? Data()
        data.append(0x0A)
        return data
    }
}
