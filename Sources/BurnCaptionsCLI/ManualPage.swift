import Commands
import Pipeline
import Speech

/// `burn-captions manual`: the manual page (roff, section 1), made from the synopsis and the
/// options table that `--help` prints, with the exit codes, environment, files and examples.
enum ManualPage {
    static var text: String {
        var page: [String] = [
            #".\" burn-captions(1): made by `burn-captions manual` from its options table; edit the table, not this."#,
            ".TH BURN-CAPTIONS 1 \(quoted(Versions.releaseDate)) \(quoted("burn-captions " + Versions.burnCaptions)) \(quoted("User Commands"))",
            ".SH NAME",
            #"burn-captions \- burn captions into video, laid out per language inside each platform's safe area"#,
            ".SH SYNOPSIS",
        ]
        for command in synopsis.commands {
            page += [".SY " + quoted(escaped(command.name))] + (command.arguments.isEmpty ? [] : [escaped(command.arguments)]) + [".YS"]
        }
        page += [".SH DESCRIPTION"] + paragraph(synopsis.description)
        page += [".SH OPTIONS"]
        for option in CommandOption.all where !option.help.isEmpty {
            let names = option.names.map { "\\fB\(escaped($0))\\fR" }.joined(separator: ", ")
            page += [".TP", names + (option.value.map { " \\fI\(escaped($0))\\fR" } ?? "")]
            page += paragraph(option.help.joined(separator: " "))
        }
        page += [".SH EXIT STATUS"]
        for (code, meaning) in exitStatus { page += [".TP", ".B \(code)"] + paragraph(meaning) }
        page += [".SH ENVIRONMENT"]
        for (name, meaning) in environment { page += [".TP", ".B \(name)"] + paragraph(meaning) }
        page += [".SH FILES"]
        for (name, meaning) in files { page += [".TP", ".I \(escaped(name))"] + paragraph(meaning) }
        page += [".SH EXAMPLES"]
        for (what, command) in examples { page += [".PP"] + paragraph(what) + [".PP", ".RS 4", ".nf", escaped(command), ".fi", ".RE"] }
        page += [".SH SEE ALSO", #".BR ffmpeg (1),"#, #".BR fc\-list (1),"#, ".BR fonts.conf (5)"]
        return page.joined(separator: "\n") + "\n"
    }

    /// The commands of the synopsis (each with its arguments on one line), and the text after it.
    private static var synopsis: (commands: [(name: String, arguments: String)], description: String) {
        let parts = Arguments.synopsis.components(separatedBy: "\n\n")
        var commands: [(name: String, arguments: String)] = []
        for line in parts[0].split(separator: "\n") {
            let text = line.trimmingPrefix("usage:").trimmingPrefix(while: { $0 == " " })
            if text.hasPrefix("burn-captions") {
                // The command's name: `burn-captions` and a subcommand, when the next word is one.
                let words = text.split(separator: " ", omittingEmptySubsequences: true)
                let sub = words.count > 1 && words[1].allSatisfy { $0.isLowercase } ? 2 : 1
                commands.append((words.prefix(sub).joined(separator: " "), words.dropFirst(sub).joined(separator: " ")))
            } else if !commands.isEmpty {
                commands[commands.count - 1].arguments += " " + text
            }
        }
        let description = parts.dropFirst().joined(separator: " ").split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return (commands, description)
    }

    private static let exitStatus: [(String, String)] = [
        ("0", "done"),
        ("1", "failed; one line on standard error names the file and, where there is one, its line or field"),
        ("2", "usage error"),
        ("130, 143", "interrupted by SIGINT or SIGTERM: the temporary output and any child process are removed; nothing is left at the output path"),
    ]

    private static let environment: [(String, String)] = [
        ("BURN_CAPTIONS_HOME", "the folder searched first for Fonts.conf, Presets/ and Web/ (then the source tree a .build binary was built from, PREFIX/share/burn-captions of an installed binary, and the working folder)"),
        ("BURN_CAPTIONS_FONTS_CONF", "the fontconfig file when no --fonts-conf is given"),
        ("BURN_CAPTIONS_FACE_MODEL", "the face detector's model file (YuNet's face_detection_yunet_2023mar.onnx) for --avoid faces, instead of PREFIX/share/burn-captions/models/"),
        (RecognizerEngine.variable, "a program that speaks the recognizer's JSON-lines protocol, run instead of the shipped faster-whisper engine for --captions auto and transcribe"),
    ]

    private static let files: [(String, String)] = [
        ("PREFIX/share/burn-captions/Presets/", "the platform presets (tiktok, reels, shorts, ...): placement, size, font and colours"),
        ("PREFIX/share/burn-captions/Presets/looks/", "the word-by-word looks"),
        ("PREFIX/share/burn-captions/Presets/rules/", "the reading rules lint checks and the phrase tables of each language"),
        ("PREFIX/share/burn-captions/Fonts.conf", "the fontconfig file: which face sets each language"),
        ("PREFIX/share/burn-captions/Web/", "the review page"),
        ("PREFIX/share/burn-captions/models/", "the face detector's model (--avoid faces), checked by SHA-256 when it is loaded"),
    ]

    private static let examples: [(String, String)] = [
        ("Burn a SubRip file for TikTok:", "burn-captions talk.mov --captions talk.srt --preset tiktok -o out.mp4"),
        ("Recognize the speech, then burn it a few words at a time in a creator look:", "burn-captions talk.mov --captions auto --look bold -o out.mp4"),
        ("Every language from one decode:", "burn-captions talk.mov -c talk.en.srt -c talk.de.srt -c talk.ja.srt -o 'out.{lang}.mp4'"),
        ("Check the captions against the reading rules:", "burn-captions lint talk.mov --captions talk.srt"),
    ]

    /// `text` as one filled paragraph.
    private static func paragraph(_ text: String) -> [String] { [escaped(text)] }

    /// `text` safe in roff: backslashes and hyphen-minus escaped, a leading dot or quote guarded.
    private static func escaped(_ text: String) -> String {
        let safe = text.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
        return safe.hasPrefix(".") || safe.hasPrefix("'") ? "\\&" + safe : safe
    }

    private static func quoted(_ text: String) -> String { "\"" + text + "\"" }
}
