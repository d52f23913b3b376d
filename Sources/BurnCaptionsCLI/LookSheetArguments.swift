import Captions
import Commands
import Pipeline

/// Parses `burn-captions looks --sheet SHEET.png [INPUT] [--captions FILE] [--language TAG]
/// [--preset NAME] [--look NAME]... [--at TIME] [--fonts-conf FILE]`.
enum LookSheetArguments {
    static func parse(_ arguments: ArraySlice<String>) throws -> Command {
        var list = ArgumentList(arguments)
        var sheet: String?
        var input: String?
        var captions: String?
        var language: String?
        var preset = "tiktok"
        var looks: [String] = []
        var at: Double?
        var fontsConf: String?
        var optionsEnded = false
        func take(input argument: String) throws {
            guard input == nil else { throw BurnError.usage("looks --sheet takes one input video, got \(argument) too") }
            input = argument
        }
        while let argument = list.next() {
            if optionsEnded {
                try take(input: argument)
                continue
            }
            switch CommandOption.named(argument, among: [.looks])?.id {
            case .endOfOptions: optionsEnded = true
            case .help: return .help
            case .sheet: sheet = try list.value(of: argument)
            case .captions: captions = try list.value(of: argument)
            case .language: language = try OptionCheck.languageTag(try list.value(of: argument), .commandLine(argument))
            case .preset: preset = try list.value(of: argument)
            case .look: looks.append(try list.value(of: argument))
            case .at: at = try OptionValues.at(try list.value(of: argument))
            case .fontsConf: fontsConf = try list.value(of: argument)
            default:
                if argument.hasPrefix("-") { throw BurnError.usage("looks: unknown option \(argument)") }
                try take(input: argument)
            }
        }
        guard let sheet else { throw BurnError.usage("looks lists the looks; looks --sheet FILE.png draws them (got \(arguments.joined(separator: " ")))") }
        guard sheet.lowercased().hasSuffix(".png") else { throw BurnError.usage("looks --sheet \(sheet): the sheet is a picture; name it .png") }
        var request = BurnRequest(
            input: input.map(VideoInput.file) ?? .referenceFrame,
            captions: CaptionInput(file: captions ?? LookSheet.sampleName, language: captions == nil ? "en" : language),
            preset: preset, output: .file(sheet), fontsConf: fontsConf, timingFix: captions != nil && input != nil)
        request.alignment = .off
        return .lookSheet(request, looks: looks, at: at)
    }
}
