import Captions
import Foundation
import Speech

/// The recognizer's output and the transcript cache's entries on any bytes, as
/// `Recognition` takes them: what it does not refuse must come out as a transcript whose
/// times lie inside the audio and run forward, with probabilities 0–1.
enum RecognizerTargets {
    /// The audio every input is recognized from: 3 s of a tone that starts and stops.
    static let audio: SpeechAudio = {
        let rate = Double(SpeechAudio.sampleRate)
        let samples = (0..<Int(3 * rate)).map { index -> Float in
            let time = Double(index) / rate
            return time.truncatingRemainder(dividingBy: 1) < 0.6 ? Float(0.3 * sin(2 * .pi * 220 * time)) : 0
        }
        return SpeechAudio(samples: samples, start: 0)
    }()

    /// The longest line the engine target takes: small, so that inputs of a few KiB pass it. // bytes
    static let longestLine = 512

    /// An engine's standard output: the first byte picks the size of the pieces it arrives
    /// in; lines are cut by `OutputLines` and each is read and checked as a message.
    static func engine(_ data: Data) {
        guard let first = data.first else { return }
        let piece = Int(first % 64) + 1
        var lines = OutputLines(longest: longestLine)
        var messages: [RecognizerMessage] = []
        let body = data.dropFirst()
        func take(_ line: Data) {
            require(line.count <= longestLine, "a line of \(line.count) bytes passed the limit")
            if let message = try? RecognizerMessage(line: line).checked(within: audio.duration) { messages.append(message) }
        }
        do {
            var start = body.startIndex
            while start < body.endIndex {
                let end = min(body.endIndex, start + piece)
                try body[start..<end].withUnsafeBytes { try lines.append($0, line: take) }
                start = end
            }
            try lines.finish(line: take)
        } catch {
            require(error is OutputLines.TooLong, "OutputLines threw \(error)")
        }
        collect(messages)
    }

    /// A transcript cache entry's bytes: whole, or refused.
    static func cache(_ data: Data) {
        let lines = data.split(separator: 0x0A, omittingEmptySubsequences: true).map { Data($0) }
        guard let messages = try? Recognition.wholeTranscript(lines, within: audio.duration) else { return }
        collect(messages)
    }

    /// The transcript `messages` make, checked: every time inside the audio (give or take the
    /// tolerance), words in order within their segment, probabilities 0–1.
    private static func collect(_ messages: [RecognizerMessage]) {
        let settings = RecognitionSettings(model: "fuzz", language: "en")
        guard let speech = try? Recognition.collect(messages, audio: audio, file: "fuzz", settings: settings) else { return }
        let latest = audio.duration + RecognizerMessage.timeTolerance
        for segment in speech.transcript.segments {
            require(segment.start.isFinite && segment.end.isFinite, "a segment's times are not finite")
            require(segment.start >= 0 && segment.end <= latest && segment.start <= segment.end, "segment \(segment.start)-\(segment.end)")
            for word in segment.words {
                require(word.start >= 0 && word.end <= latest && word.start <= word.end, "word \(word.start)-\(word.end)")
                if let confidence = word.confidence { require((0...1).contains(confidence), "word probability \(confidence)") }
            }
        }
    }
}
