import Foundation
import Media
import Pipeline

// The CLI: parse, validate, call the library, map errors to exit codes.

let command: Command
do {
    command = try Arguments.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    Terminal.error("\(error)")
    Terminal.error("try 'burn-captions --help'")
    exit(2)
}

switch command {
case .help:
    print(Arguments.usage)
case .version:
    print(Versions.text)
case .presets:
    exit(PresetListing.print())
case .plan(let request):
    MediaLog.silent()
    do {
        let plan = try Burner.plan(request, events: Terminal(quiet: false).handle)
        FileHandle.standardOutput.write(try plan.json() + Data("\n".utf8))
    } catch {
        let failure = BurnError.wrap(error)
        Terminal.error(failure.description)
        exit(failure.exitCode)
    }
case .burn(let request, let quiet):
    // Our own messages name the file and the problem; FFmpeg's chatter would bury them.
    MediaLog.silent()
    let cancellation = Cancellation()
    let signals = Signals.forward(to: cancellation)
    let terminal = Terminal(quiet: quiet)
    do {
        let result = try Burner.run(request, cancellation: cancellation, events: terminal.handle)
        terminal.summary(result)
    } catch {
        let failure = BurnError.wrap(error)
        Terminal.error(failure.description)
        exit(failure.exitCode)
    }
    signals.forEach { $0.cancel() }
}
