import Farm
import Live
import Pipeline

/// What the command line asked for.
enum Command {
    case burn([BurnRequest], outputsPerPass: Int, quiet: Bool, stats: Bool)
    case plan(BurnRequest, output: String?, segments: Int?)
    case part(BurnRequest, plan: String, segment: Int, of: Int, quiet: Bool, stats: Bool)
    case join(input: String, parts: [String], output: String, quiet: Bool)
    case review(BurnRequest, port: UInt16, saveAs: String?, planCutsTo: String?)
    case lint(BurnRequest, json: Bool, frameRate: Double?)
    case still(BurnRequest, at: Double, guides: StillGuides)
    case preview(BurnRequest, guides: StillGuides)
    case transcribe(BurnRequest, quiet: Bool)
    case cuts(BurnRequest, quiet: Bool)
    case live(LiveRequest, quiet: Bool)
    case presets
    case looks
    case lookSheet(BurnRequest, looks: [String], at: Double?)
    case batch(manifest: String, BatchOptions, quiet: Bool)
    case completion(shell: String)
    case manual
    case doctor
    case help
    case version
}

/// Parses `burn-captions INPUT --captions FILE --preset NAME -o OUTPUT [options]`, `plan ...`
/// and the other commands (`Usage.swift` holds `--help`).
enum Arguments {
    static func parse(_ arguments: [String]) throws -> Command {
        var rest = arguments[...]
        if rest.first == "batch" { return try BatchArguments.parse(rest.dropFirst()) }
        if rest.first == "join" { return try JoinArguments.parse(rest.dropFirst()) }
        if rest.first == "live" { return try LiveArguments.parse(rest.dropFirst()) }
        if rest.first == "looks", rest.count > 1, !["-h", "--help"].contains(rest[rest.startIndex + 1]) {
            return try LookSheetArguments.parse(rest.dropFirst())
        }
        if rest.first == "completion" {
            let shells = Completion.shells.joined(separator: " or ")
            guard let shell = rest.dropFirst().first else { throw BurnError.usage("completion needs a shell: \(shells)") }
            guard Completion.script(for: shell) != nil, rest.count == 2 else {
                throw BurnError.usage("completion takes one shell, \(shells); got \(rest.dropFirst().joined(separator: " "))")
            }
            return .completion(shell: shell)
        }
        if let name = rest.first, let command = ["doctor": Command.doctor, "manual": .manual][name] {
            if let extra = rest.dropFirst().first { throw BurnError.usage("\(name) takes no arguments, got \(extra)") }
            return command
        }
        if let listing = rest.first, listing == "presets" || listing == "looks" {
            if let extra = rest.dropFirst().first {
                if extra == "-h" || extra == "--help" { return .help }
                throw BurnError.usage("\(listing) takes no arguments, got \(extra)")
            }
            return listing == "presets" ? .presets : .looks
        }
        let mode = rest.first.flatMap(Mode.init(rawValue:))
        if mode != nil { rest.removeFirst() }
        var list = ArgumentList(rest)
        var options = CommandLineOptions()
        if let command = try options.read(&list) { return command }
        return try options.command(mode, arguments: arguments)
    }
}
