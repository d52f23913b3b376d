import Pipeline

/// Parses `burn-captions join --input INPUT -o OUTPUT PART... [-q]`.
enum JoinArguments {
    static func parse(_ arguments: ArraySlice<String>) throws -> Command {
        var rest = arguments
        var input: String?
        var output: String?
        var parts: [String] = []
        var quiet = false
        var optionsEnded = false
        func value(_ option: String) throws -> String {
            guard let next = rest.popFirst(), !next.isEmpty else { throw BurnError.usage("\(option) needs a value") }
            return next
        }
        while let argument = rest.popFirst() {
            if optionsEnded || argument == "--" {
                if optionsEnded { parts.append(argument) }
                optionsEnded = true
                continue
            }
            switch argument {
            case "-h", "--help": return .help
            case "--input", "-i": input = try value(argument)
            case "-o", "--output": output = try value(argument)
            case "-q", "--quiet": quiet = true
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
