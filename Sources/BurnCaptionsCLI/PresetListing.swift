import Foundation
import Pipeline
import Settings

/// `burn-captions presets` and `looks`: one line per preset found, `NAME  WIDTHxHEIGHT  DESCRIPTION`,
/// or per look, `NAME  DESCRIPTION`.
enum PresetListing {
    /// Prints the presets on standard output and the ones that do not load on standard error;
    /// returns the exit code (0, or 1 when a preset is broken or none is found).
    static func print() -> Int32 {
        list(Resources.presetNames(), missing: "no presets found (set BURN_CAPTIONS_HOME to the folder that holds Presets/)") {
            let preset = try Preset.load(try Resources.preset($0))
            let size = "\(Int(preset.frame.width))x\(Int(preset.frame.height))"
            return "\(size.padding(toLength: 9, withPad: " ", startingAt: 0))  \(preset.description ?? "")"
        }
    }

    /// Prints the looks the same way, `NAME  DESCRIPTION`.
    static func printLooks() -> Int32 {
        list(Resources.lookNames(), missing: "no looks found (set BURN_CAPTIONS_HOME to the folder that holds Presets/looks/)") {
            try Look.load(try Resources.look($0)).description ?? ""
        }
    }

    /// One line per name, `NAME  DETAILS`; a name whose file does not load goes to standard error.
    private static func list(_ names: [String], missing: String, details: (String) throws -> String) -> Int32 {
        guard !names.isEmpty else {
            Terminal.error(missing)
            return 1
        }
        let width = names.map(\.count).max() ?? 0
        var status: Int32 = 0
        for name in names {
            do {
                let line = "\(name.padding(toLength: width, withPad: " ", startingAt: 0))  \(try details(name))"
                StandardStreams.output(line.trimmingCharacters(in: .whitespaces) + "\n")
            } catch {
                Terminal.report(BurnError.wrap(error))
                status = 1
            }
        }
        return status
    }
}
