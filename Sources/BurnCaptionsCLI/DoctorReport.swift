import Commands
import Foundation
import Pipeline
import Settings

/// `burn-captions doctor`: the findings by area, one line each, then a summary; exit 1 when
/// something the defaults need is missing.
enum DoctorReport {
    static func print() -> Int32 {
        let fontsConf: URL
        do {
            fontsConf = try Resources.fontsConf()
        } catch {
            Terminal.report(BurnError.wrap(error))
            return 1
        }
        let findings = Doctor.check(fontsConf: fontsConf, environment: ProcessInfo.processInfo.environment)
        var lines: [String] = []
        var area = ""
        for finding in findings {
            if finding.area != area {
                area = finding.area
                lines.append(area)
            }
            let mark = ["ok": "ok     ", "missing": "MISSING", "unavailable": "no     "][finding.status.rawValue] ?? ""
            lines.append("  \(mark) \(finding.subject): \(finding.detail)")
        }
        let missing = findings.filter { $0.status == .missing }
        lines.append(
            missing.isEmpty
                ? "doctor: everything the defaults need is here"
                : "doctor: \(missing.count) thing\(missing.count == 1 ? "" : "s") the defaults need \(missing.count == 1 ? "is" : "are") missing: "
                    + missing.map(\.subject).joined(separator: ", "))
        StandardStreams.output(lines.joined(separator: "\n") + "\n")
        return missing.isEmpty ? 0 : 1
    }
}
