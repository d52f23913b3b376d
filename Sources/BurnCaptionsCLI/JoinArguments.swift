import Commands
import Pipeline

/// Parses `burn-captions join --input INPUT -o OUTPUT PART... [-q]`.
enum JoinArguments {
    static func parse(_ arguments: ArraySlice<String>) throws -> Command {
        var list = ArgumentList(arguments)
        var input: String?
        var output: String?
        var parts: [String] = []
        var quiet = false
        var optionsEnded = false
        while let argument = list.next() {
            if optionsEnded {
                parts.append(argument)
                continue
            }
            switch CommandOption.named(argument, among: [.join])?.id {
            case .endOfOptions: optionsEnded = true
            case .help: return .help
            case .input: input = try list.value(of: argument)
            case .output: output = try list.value(of: argument)
            case .quiet: quiet = true
            default:
                if argument.hasPrefix("-") { throw BurnError.usage("join: unknown option \(argument)") }
                parts.append(argument)
            }
        }
        guard let input else { throw BurnError.usage("join needs --input INPUT: the video the parts were rendered from (its audio)") }
        guard let output else { throw BurnError.usage("join needs -o OUTPUT") }
        guard !parts.isEmpty else { throw BurnError.usage("join needs the parts (PART.mp4 ...)") }
        return .join(input: input, parts: parts, output: output, quiet: quiet)
    }
}
