import Foundation
import Pipeline

/// `burn-captions presets`: one line per preset found, `NAME  WIDTHxHEIGHT  DESCRIPTION`.
enum PresetListing {
    /// Prints the presets on standard output and the ones that do not load on standard error;
    /// returns the exit code (0, or 1 when a preset is broken or none is found).
    static func print() -> Int32 {
        let names = Resources.presetNames()
        guard !names.isEmpty else {
            Terminal.error("no presets found (set BURN_CAPTIONS_HOME to the folder that holds Presets/)")
            return 1
        }
        let width = names.map(\.count).max() ?? 0
        var status: Int32 = 0
        for name in names {
            do {
                let preset = try Preset.load(try Resources.preset(name))
                let size = "\(Int(preset.frame.width))x\(Int(preset.frame.height))"
                let padded = name.padding(toLength: width, withPad: " ", startingAt: 0)
                let line = "\(padded)  \(size.padding(toLength: 9, withPad: " ", startingAt: 0))  \(preset.description ?? "")"
                StandardStreams.output(line.trimmingCharacters(in: .whitespaces) + "\n")
            } catch {
                Terminal.error(BurnError.wrap(error).description)
                status = 1
            }
        }
        return status
    }
}
