import Dispatch
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
case .burn(let request, let quiet):
    // Our own messages name the file and the problem; FFmpeg's chatter would bury them.
    MediaLog.silent()
    let cancellation = Cancellation()
    // Signals only raise a flag; the render stops at the next frame and removes its temp file.
    let sources = [SIGINT, SIGTERM].map { number -> DispatchSourceSignal in
        signal(number, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
        source.setEventHandler { cancellation.cancel(signal: number) }
        source.resume()
        return source
    }
    let terminal = Terminal(quiet: quiet)
    do {
        let result = try Burner.run(request, cancellation: cancellation, events: terminal.handle)
        terminal.summary(result)
    } catch let error as BurnError {
        Terminal.error(error.description)
        exit(error.exitCode)
    }
    sources.forEach { $0.cancel() }
}
