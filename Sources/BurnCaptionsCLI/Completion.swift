import Commands
import Pipeline

/// `burn-captions completion bash|zsh`: the shell's completion of subcommands, of each
/// command's options (from the options table), of preset and look names (asked of
/// `burn-captions presets` and `looks` as the user types, so their own files count too), of
/// the choices an option's value names (`auto|FILE`), and of file names.
enum Completion {
    /// The shells there is a completion for.
    static let shells = ["bash", "zsh"]

    /// The script for `shell`, or nil for a shell there is none for.
    static func script(for shell: String) -> String? {
        switch shell {
        case "bash": return bash
        case "zsh": return zsh
        default: return nil
        }
    }

    /// The words that start a subcommand; any other first word is a render's input.
    private static let subcommands = [
        "plan", "transcribe", "cuts", "lint", "review", "still", "preview", "presets", "looks", "batch", "join", "live", "doctor", "completion",
        "manual",
    ]

    /// Each command's options, as a shell `case` over `$command` (a render is `render`).
    private static func optionCases(indent: String) -> String {
        let commands: [(name: String, takes: Set<OptionCommand>)] =
            [("render", [.render, .part])] + OptionCommand.allCases.filter { $0 != .render && $0 != .part }.map { ($0.rawValue, [$0]) }
        return commands.map { command in
            let names = CommandOption.all.filter { !$0.commands.isDisjoint(with: command.takes) }.flatMap(\.names)
                .filter { $0.hasPrefix("-") && $0 != "--" }
            return "\(indent)\(command.name)) options=\"\(names.joined(separator: " "))\" ;;"
        }.joined(separator: "\n")
    }

    /// A shell `case` over the option before the word: what its value may be. `names` for a
    /// preset or look, the lower-case choices its value names (with file names when it also
    /// names a file), file names for a path, nothing to offer for a number or a free value.
    private static func valueCases(indent: String, names: (String) -> String, choices: (String, Bool) -> String, files: String)
        -> String
    {
        var cases: [String] = []
        for option in CommandOption.all {
            guard let value = option.value else { continue }
            let spellings = option.names.joined(separator: "|")
            let alternatives = value.split(separator: "|").map(String.init)
            let lower = alternatives.filter { $0.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" } }
            let pathLike = alternatives.contains { $0.contains("FILE") || ["DIR", "OUTPUT", "INPUT"].contains($0) || $0.hasSuffix(".json") }
            if option.id == .preset {
                cases.append("\(indent)\(spellings)) \(names("presets")) return ;;")
            } else if option.id == .look {
                cases.append("\(indent)\(spellings)) \(names("looks")) return ;;")
            } else if !lower.isEmpty {
                cases.append("\(indent)\(spellings)) \(choices(lower.joined(separator: " "), pathLike)) return ;;")
            } else if pathLike {
                cases.append("\(indent)\(spellings)) \(files) return ;;")
            } else {
                cases.append("\(indent)\(spellings)) return ;;")
            }
        }
        return cases.joined(separator: "\n")
    }

    private static var bash: String {
        """
        # bash completion for burn-captions: made by `burn-captions completion bash` from its
        # options table. Install it as /usr/share/bash-completion/completions/burn-captions.
        _burn_captions() {
            local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}"
            local program="${COMP_WORDS[0]}" command=render options="" i
            # The first word that is not an option names the command: a subcommand or the input.
            for ((i = 1; i < COMP_CWORD; i++)); do
                case "${COMP_WORDS[i]}" in
                    -*) ;;
                    \(subcommands.joined(separator: "|"))) command="${COMP_WORDS[i]}"; break ;;
                    *) break ;;
                esac
            done
            if ((COMP_CWORD > 1)); then
                case "$prev" in
        \(valueCases(
            indent: "                ",
            names: { "COMPREPLY=($(compgen -W \"$(\"$program\" \($0) 2>/dev/null | cut -d' ' -f1)\" -- \"$cur\"));" },
            choices: { "COMPREPLY=($(compgen -W \"\($0)\" -- \"$cur\")\($1 ? " $(compgen -f -- \"$cur\")" : ""));" },
            files: "COMPREPLY=($(compgen -f -- \"$cur\"));"))
                esac
            fi
            case "$command" in
        \(optionCases(indent: "        "))
            esac
            if [[ "$cur" == -* ]]; then
                COMPREPLY=($(compgen -W "$options" -- "$cur"))
            elif ((COMP_CWORD == 1)); then
                COMPREPLY=($(compgen -W "\(subcommands.joined(separator: " "))" -- "$cur") $(compgen -f -- "$cur"))
            elif [[ "$command" == completion ]]; then
                COMPREPLY=($(compgen -W "\(shells.joined(separator: " "))" -- "$cur"))
            else
                COMPREPLY=($(compgen -f -- "$cur"))
            fi
        }
        complete -o filenames -F _burn_captions burn-captions

        """
    }

    private static var zsh: String {
        """
        #compdef burn-captions
        # zsh completion for burn-captions: made by `burn-captions completion zsh` from its
        # options table. Install it as _burn-captions in a folder of $fpath.
        local cur="${words[CURRENT]}" prev="${words[CURRENT-1]}" program="${words[1]}" command=render options="" i
        for ((i = 2; i < CURRENT; i++)); do
            case "${words[i]}" in
                -*) ;;
                \(subcommands.joined(separator: "|"))) command="${words[i]}"; break ;;
                *) break ;;
            esac
        done
        if ((CURRENT > 2)); then
            case "$prev" in
        \(valueCases(
            indent: "            ",
            names: { "compadd -- ${(f)\"$(\"$program\" \($0) 2>/dev/null | cut -d' ' -f1)\"};" },
            choices: { "compadd -- \($0);\($1 ? " _files;" : "")" },
            files: "_files;"))
            esac
        fi
        case "$command" in
        \(optionCases(indent: "    "))
        esac
        if [[ "$cur" == -* ]]; then
            compadd -- ${=options}
        elif ((CURRENT == 2)); then
            compadd -- \(subcommands.joined(separator: " "))
            _files
        elif [[ "$command" == completion ]]; then
            compadd -- \(shells.joined(separator: " "))
        else
            _files
        fi

        """
    }
}
