import Files
import Foundation
import Media
import Pipeline

/// What a live run did.
public struct LiveOutcome: Sendable {
    /// Frames sent. // frames
    public var frames: Int
    /// Seconds of the input streamed. // seconds
    public var seconds: Double
    /// Whether a signal ended it (a normal end for a live stream).
    public var stopped: Bool
}

/// One `burn-captions live` run: opens the input (waiting for the sender), opens the output,
/// streams every frame through until the input ends or the run is stopped, then completes the
/// output (a file is moved into place, playable to its last frame; an HLS playlist is ended).
public enum LiveSession {
    /// Runs `request` until the input ends or `stopped()`; `events` hears the lines to show.
    public static func run(
        _ request: LiveRequest, stopped: @escaping @Sendable () -> Bool, events: @escaping @Sendable (String) -> Void
    ) throws -> LiveOutcome {
        if let problem = request.usageProblem { throw BurnError.usage(problem) }
        // A slate that cannot be read says so before anybody waits for a sender.
        if let slate = request.slatePath { _ = try MediaInput(path: slate) }
        let claim = try claimOutput(request)
        let recording = try request.recordPath.map {
            try OutputFile(output: $0, inputs: request.input.kind == .file ? [request.input.url] : [])
        }
        let stats = try request.statsPath.map(LiveStats.init(path:))
        let input: MediaInput
        do {
            input = try openInput(request, stopped: stopped, events: events)
        } catch MediaError.cancelled {
            // Stopped while waiting for the sender: nothing was sent, nothing is left.
            return LiveOutcome(frames: 0, seconds: 0, stopped: true)
        }
        let transcoder = try LiveTranscoder(input: input)
        let target = outputTarget(request, frameRate: transcoder.frameRate, claim: claim)
        let recordTarget = recording.map { outputTarget(request, frameRate: transcoder.frameRate, claim: $0) }
        let captions =
            request.feed != nil || request.recognition != nil || request.secondFeed != nil
            ? try LiveCaptions(
                request, width: input.info.width, height: input.info.height, frameRate: input.info.frameRate, stats: stats, warn: events)
            : nil
        defer { captions?.speech?.stop() }
        events(
            "streaming \(input.info.width)x\(input.info.height) at \(Self.rate(input.info.frameRate)) fps to \(request.output)"
                + (request.recordPath.map { ", recording to \($0)" } ?? ""))
        var sent = (frames: 0, seconds: 0.0)
        let reconnect = request.input.mayComeBack && request.reconnectSeconds > 0
            ? LiveReconnect(limit: request.reconnectSeconds, slate: request.slatePath) {
                try MediaInput(live: request.input, watch: InterruptWatch(stopped: stopped))
            }
            : nil
        // The stream and its recording: the same frames and captions, each encoded on its own,
        // so that the recording goes on while the stream is connected again.
        let outputs = ([target] + (recordTarget.map { [$0] } ?? [])).map { target in
            RenderOutput(
                target: target, overlay: { time in try captions?.overlay(at: time) },
                closedCaptions: request.closedCaptions ? { time in captions?.closedCaptionData(at: time) ?? [] } : nil)
        }
        let results = try transcoder.run(
            outputs: outputs, pace: request.pace, delaySeconds: request.delaySeconds,
            reconnect: reconnect, stopped: stopped,
            progress: { progress in
                sent = (progress.frames, progress.time)
                stats?.write("frame", ["n": progress.frames, "t": progress.time])
            },
            inputEvent: { event in
                stats?.write("input", Self.fields(event))
                // A file's end is the stream's end, not news.
                if request.input.isLive {
                    events(Self.wording(event, input: request.input, waiting: reconnect?.limit, slate: request.slatePath != nil))
                }
            },
            outputEvent: { event in
                switch event {
                case .lost(_, let reason, let retry):
                    stats?.write("output", ["state": "lost", "reason": reason, "retry": retry])
                    events("\(request.output): \(reason); trying again in \(Int(retry)) s")
                case .back:
                    stats?.write("output", ["state": "back"])
                    events("\(request.output): connected")
                }
            },
            hear: captions?.speech.map { speech in { samples, start in speech.hear(samples, start: start) } },
            notice: { events($0.wording) })
        // The recording is kept whatever became of the stream (a server that never answered),
        // and one that failed (a full disk) ended only itself: the run fails once the stream
        // is complete.
        var recordingFailure: Error?
        if let recording {
            if case .failure(let error) = results[1] {
                recording.removeTemporary()
                recordingFailure = error
            } else {
                try recording.commit()
            }
        }
        if case .failure(let error) = results[0] {
            claim?.removeTemporary()
            throw error
        }
        try claim?.commit()
        var end: [String: Any] = ["frames": sent.frames, "t": sent.seconds]
        if let captions {
            end["committedWords"] = captions.first.overlays.committedWords
            end["erasureRate"] = captions.first.overlays.erasureRate
            end["contradictions"] = captions.first.overlays.contradictions
            if let speech = captions.speech {
                end["droppedSeconds"] = speech.droppedSeconds
                end["skippedSeconds"] = speech.skippedSeconds
            }
        }
        stats?.write("end", end)
        if let recordingFailure { throw recordingFailure }
        return LiveOutcome(frames: sent.frames, seconds: sent.seconds, stopped: stopped())
    }

    /// A file output claimed (written beside its name, moved into place at the end); nil for a stream.
    private static func claimOutput(_ request: LiveRequest) throws -> OutputFile? {
        guard request.output.kind == .file else { return nil }
        let inputs = request.input.kind == .file ? [request.input.url] : []
        return try OutputFile(output: request.output.url, inputs: inputs)
    }

    /// The input opened and probed: a network input once its sender has come.
    private static func openInput(_ request: LiveRequest, stopped: @escaping @Sendable () -> Bool, events: (String) -> Void) throws -> MediaInput {
        guard request.input.isLive else { return try MediaInput(path: request.input.url) }
        events(request.input.isNetwork ? "waiting for \(request.input)" : "opening \(request.input)")
        return try MediaInput(live: request.input, watch: InterruptWatch(stopped: stopped))
    }

    /// Where the frames go, encoded with the live settings for `frameRate`.
    private static func outputTarget(_ request: LiveRequest, frameRate: Double, claim: OutputFile?) -> RenderTarget {
        var settings = request.encoder
        settings.live = LiveEncoding(
            keyframeInterval: Int((request.keyframeSeconds * frameRate).rounded()), maximumKilobitsPerSecond: request.maximumKilobitsPerSecond)
        if let claim {
            return .file(path: claim.temporaryURL.path, finalPath: claim.finalURL.path, settings: settings)
        }
        // The output's calls give up on their own deadlines only: a stop still lets the trailer out.
        return .stream(address: request.output, settings: settings, watch: InterruptWatch(stopped: { false }))
    }

    /// What became of the input, as a stats line's fields.
    private static func fields(_ event: LiveInputEvent) -> [String: Any] {
        switch event {
        case .lost(let reason, let frames): return ["state": "lost", "reason": reason, "frames": frames]
        case .back(let seconds): return ["state": "back", "seconds": seconds]
        case .gaveUp(let seconds): return ["state": "gaveUp", "seconds": seconds]
        }
    }

    /// What became of the input, in one line.
    private static func wording(_ event: LiveInputEvent, input: StreamAddress, waiting: Double?, slate: Bool) -> String {
        switch event {
        case .lost(let reason, let frames):
            let shown = slate ? "showing the slate" : "repeating the last frame"
            let wait = waiting.map { "; \(shown) for up to \(Int($0)) s while it is waited for" } ?? ""
            return "\(input): the input ended (\(reason)) after \(frames) frames\(wait)"
        case .back(let seconds): return "\(input): the input is back after \(String(format: "%.1f", seconds)) s"
        case .gaveUp(let seconds): return "\(input): nothing came back in \(Int(seconds.rounded())) s; the stream ends"
        }
    }

    private static func rate(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.2f", value)
    }
}
