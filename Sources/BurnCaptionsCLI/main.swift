import CaptionFiles
import Captions
import Commands
import CProcess
import Farm
import Foundation
import Live
import Media
import Pipeline
import Review

// The CLI: parse, validate, call the library, map errors to exit codes.

// x264's 2 MiB pages would each be resident in full: 12 MiB more at 1080x1920, no faster
// (docs/PERFORMANCE.md). A kernel without the setting just keeps its default.
_ = burn_disable_transparent_huge_pages()
// Past a file-size limit (ulimit -f) a write fails with an error we report, instead of the
// signal killing the process with its temporary file left behind.
signal(SIGXFSZ, SIG_IGN)
// A reader that goes away (`| head -1`) must not kill a render half done.
StandardStreams.ignoreBrokenPipes()

let command: Command
do {
    command = try Arguments.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    // Usage errors exit 2; a caption file read to name {lang} may fail as a file does (1).
    let failure = BurnError.wrap(error)
    Terminal.report(failure)
    if failure.exitCode == 2 { Terminal.error("try 'burn-captions --help'") }
    exit(failure.exitCode)
}

switch command {
case .help:
    StandardStreams.output(Arguments.usage + "\n")
case .version:
    StandardStreams.output(Versions.text + "\n")
case .completion(let shell):
    StandardStreams.output(Completion.script(for: shell) ?? "")
case .manual:
    StandardStreams.output(ManualPage.text)
case .doctor:
    MediaLog.silent()
    exit(DoctorReport.print())
case .presets:
    exit(PresetListing.print())
case .looks:
    exit(PresetListing.printLooks())
case .batch(let manifest, let options, let quiet):
    MediaLog.silent()
    let cancellation = Cancellation()
    let signals = Signals.forward(to: cancellation)
    do {
        let outcomes = try BatchRunner.run(
            manifest: manifest, options: options, cancellation: cancellation,
            log: { line in if !quiet { Terminal.error(line) } })
        signals.forEach { $0.cancel() }
        if cancellation.signal != 0 { exit(128 + cancellation.signal) }
        let count = { (status: BatchOutcome.Status) in outcomes.filter { $0.status == status }.count }
        if !quiet {
            Terminal.error(
                "batch \(manifest) shard \(options.shard): \(count(.done)) done, \(count(.skipped)) skipped, \(count(.failed)) failed")
        }
        exit(count(.failed) > 0 ? 1 : 0)
    } catch {
        fail(error)
    }
case .plan(let request, let output, let segments):
    MediaLog.silent()
    do {
        let events = Terminal(quiet: false).handle
        let plan =
            try segments.map { try SplitRender.plan(request, segments: $0, events: events) } ?? Burner.plan(request, events: events)
        if let output {
            try plan.write(to: output, inputs: [request.input.name, request.captions.file])
        } else {
            StandardStreams.output(try plan.json() + Data("\n".utf8))
        }
    } catch {
        fail(error)
    }
case .lint(let request, let json, let frameRate):
    MediaLog.silent()
    do {
        let findings = try Burner.lint(request, frameRate: frameRate, events: Terminal(quiet: false).handle)
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            StandardStreams.output(try encoder.encode(findings) + Data("\n".utf8))
        } else {
            StandardStreams.output(Data(findings.map { ControlCharacters.escaped($0.description) + "\n" }.joined().utf8))
        }
        exit(findings.contains { $0.level == .error } ? 1 : 0)
    } catch {
        fail(error)
    }
case .review(var request, let port, let saveAs, let planCutsTo):
    MediaLog.silent()
    let cancellation = Cancellation()
    let signals = Signals.forward(to: cancellation)
    do {
        if request.captions.origin == .recognized {
            request = try Transcription.forReview(request, cancellation: cancellation, events: Terminal(quiet: false).handle)
        }
        let server = try ReviewServer(
            request, port: port, saveAs: saveAs, planCutsTo: planCutsTo, cancellation: cancellation,
            events: Terminal(quiet: false).handle)
        StandardStreams.output("burn-captions review: \(server.url)\n")
        let cuts = server.session.cutsFile.map { ", and the cut list to \($0)\(planCutsTo != nil ? ", a new file" : "")" } ?? ""
        Terminal.error("reviewing \(request.captions.file) (saves to \(server.session.savesTo)\(cuts)); Ctrl-C stops")
        // The server's threads do the work; this one waits for SIGINT or SIGTERM.
        while !cancellation.isCancelled { usleep(100_000) }
        server.stop()
        // A render the page started leaves no temporary file behind.
        server.session.finishRendering()
        // Stopped by a signal, as a render is: 130 for SIGINT, 143 for SIGTERM.
        signals.forEach { $0.cancel() }
        exit(128 + cancellation.signal)
    } catch {
        fail(error)
    }
case .still(let request, let at, let guides):
    MediaLog.silent()
    run { try Burner.still(request, at: at, guides: guides, events: $0) }
case .preview(let request, let guides):
    MediaLog.silent()
    run { try Burner.preview(request, guides: guides, events: $0) }
case .lookSheet(let request, let looks, let at):
    MediaLog.silent()
    run { try Burner.lookSheet(request, looks: looks, at: at, events: $0) }
case .transcribe(let request, let quiet):
    MediaLog.silent()
    cancellable { cancellation in
        let terminal = Terminal(quiet: quiet)
        let started = ContinuousClock.now
        let result = try Transcription.run(request, cancellation: cancellation, events: terminal.handle)
        if !quiet {
            Terminal.error(
                "wrote \(result.output) (\(result.segments) segments, \(result.words) words, "
                    + "\(result.language ?? "language not said"), \(String(format: "%.1f", (ContinuousClock.now - started).seconds)) s)")
        }
    }
case .cuts(let request, let quiet):
    MediaLog.silent()
    cancellable { cancellation in
        let terminal = Terminal(quiet: quiet)
        let result = try CutList.run(request, cancellation: cancellation, events: terminal.handle)
        if !quiet { Terminal.error("wrote \(result.output) (\(result.summary))") }
    }
case .part(let request, let plan, let index, let count, let quiet, let stats):
    MediaLog.silent()
    cancellable { cancellation in
        let terminal = Terminal(quiet: quiet)
        let result = try SplitRender.renderPart(
            input: request.input.name, plan: plan, segment: index, of: count, output: request.output.path!, encoder: request.encoder,
            cancellation: cancellation, events: terminal.handle)
        terminal.summary(result)
        if stats { Terminal.stats(result) }
    }
case .live(let request, let quiet):
    MediaLog.silent()
    // A signal ends a live stream as its normal end: the output is completed, exit 0.
    let cancellation = Cancellation()
    let signals = Signals.forward(to: cancellation)
    do {
        // Warnings always show; -q keeps the notices back.
        let outcome = try LiveSession.run(
            request, stopped: { cancellation.isCancelled },
            events: { message in if !quiet || message.hasPrefix("warning:") { Terminal.error(message) } })
        signals.forEach { $0.cancel() }
        if !quiet {
            Terminal.error(
                "sent \(outcome.frames) frames (\(String(format: "%.1f", outcome.seconds)) s) to \(request.output)"
                    + (outcome.stopped ? ", stopped by signal \(cancellation.signal)" : ""))
        }
    } catch {
        fail(error)
    }
case .join(let input, let parts, let output, let quiet):
    MediaLog.silent()
    cancellable { cancellation in
        let started = ContinuousClock.now
        let result = try SplitRender.join(
            input: input, parts: parts, output: output, cancellation: cancellation, events: Terminal(quiet: quiet).handle)
        if !quiet {
            Terminal.error(
                "wrote \(result.output) (\(result.parts) parts, \(result.frames) frames, \(result.copiedAudioStreams) audio "
                    + "stream(s) from \(input), \(String(format: "%.1f", (ContinuousClock.now - started).seconds)) s)")
        }
    }
case .burn(let requests, let outputsPerPass, let quiet, let stats):
    // Our own messages name the file and the problem; FFmpeg's chatter would bury them.
    MediaLog.silent()
    cancellable { cancellation in
        let terminal = Terminal(quiet: quiet)
        let outcomes = try Burner.run(
            requests, outputsPerPass: outputsPerPass, cancellation: cancellation, events: terminal.handle)
        var failed = 0
        for outcome in outcomes {
            switch outcome.result {
            case .success(let result):
                terminal.summary(result)
                if stats { Terminal.stats(result) }
            case .failure(let error):
                failed += 1
                Terminal.report(BurnError.wrap(error))
            }
        }
        if outcomes.count > 1 && failed > 0 { Terminal.error("\(failed) of \(outcomes.count) outputs failed") }
        if failed > 0 { exit(1) }
    }
}

/// Runs a picture command; errors become one line and an exit code.
func run(_ body: ((BurnEvent) -> Void) throws -> Void) {
    let terminal = Terminal(quiet: false)
    do {
        try body(terminal.handle)
    } catch {
        fail(error)
    }
}

/// Runs `body` with SIGINT and SIGTERM raising its cancellation, then stops forwarding them;
/// an error becomes one line and an exit code.
func cancellable(_ body: (Cancellation) throws -> Void) {
    let cancellation = Cancellation()
    let signals = Signals.forward(to: cancellation)
    do {
        try body(cancellation)
    } catch {
        fail(error)
    }
    signals.forEach { $0.cancel() }
}

/// Reports `error` as one line and exits with its code (2 for a usage error).
func fail(_ error: Error) -> Never {
    let failure = BurnError.wrap(error)
    Terminal.report(failure)
    exit(failure.exitCode)
}
