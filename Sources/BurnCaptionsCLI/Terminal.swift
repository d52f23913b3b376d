import CaptionFiles
import Captions
import Foundation
import Media
import Pipeline

/// Writes progress and messages to standard error.
final class Terminal {
    private let quiet: Bool
    private let interactive: Bool
    private let started = Date()
    private var lastDraw = Date.distantPast
    private var drewProgress = false
    private var recognitionStarted: Date?  // the first recognition progress
    private var recognitionDrawn: Date?  // the last: where the render's own clock starts

    init(quiet: Bool) {
        self.quiet = quiet
        interactive = isatty(STDERR_FILENO) == 1
    }

    /// `burn-captions: message` as one line: control characters in it (a newline in a file
    /// name, an escape sequence in caption text) are shown escaped (`\\n`, `\\x1B`).
    static func error(_ message: String) {
        StandardStreams.error("burn-captions: \(ControlCharacters.escaped(message))\n")
    }

    /// Every message of `error`, each as one line (`error`).
    static func report(_ error: BurnError) {
        error.messages.forEach(Terminal.error)
    }

    func handle(_ event: BurnEvent) {
        switch event {
        case .warning(let message): line("warning: \(message)")
        case .notice(let message): line(message)
        case .progress(let progress): draw(progress)
        case .recognition(let seconds, let total): drawRecognition(seconds, of: total)
        }
    }

    /// The one summary line at the end.
    func summary(_ result: BurnResult) {
        let seconds = Date().timeIntervalSince(started)
        let fps = seconds > 0 ? Double(result.frames) / seconds : 0
        line(
            "\(result.output.map { "wrote \($0)" } ?? "rendered and discarded (--null)") (\(result.width)x\(result.height), "
                + "\(result.frames) frames, \(result.captions) captions, \(String(format: "%.1f", seconds)) s, "
                + "\(String(format: "%.1f", fps)) fps)")
    }

    /// `--stats`: seconds per stage (demux+decode on the decoding thread, the rest on the
    /// render thread), and the process's CPU time.
    static func stats(_ result: BurnResult) {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let cpu = { (t: timeval) in Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        let total = result.stages.total
        var text = "stage                     seconds   share\n"
        // Speech recognition is listed when the captions were recognized.
        for stage in Stage.allCases where stage != .recognition || result.stages[stage] > 0 {
            let seconds = result.stages[stage]
            text += pad(stage.label) + String(format: "%8.3f  %5.1f%%", seconds, total > 0 ? 100 * seconds / total : 0)
            if stage == .captions { text += "  \(result.rasterized) caption bitmaps rasterized" }
            if stage == .composite {
                text += "  \(result.captionedFrames) frames captioned, \(result.copiedFrames) of them copied first"
            }
            text += "\n"
        }
        text += pad("total") + String(
            format: "%8.3f  (busy time of both threads; all threads: %.3f s CPU, %.0f MiB peak RSS)\n", total,
            cpu(usage.ru_utime) + cpu(usage.ru_stime), Double(usage.ru_maxrss) / 1024)
        StandardStreams.error(text)
    }

    private static func pad(_ label: String) -> String {
        label.padding(toLength: 24, withPad: " ", startingAt: 0)
    }

    private func line(_ message: String) {
        guard !quiet else { return }
        clearProgress()
        Terminal.error(message)
    }

    /// `  42%  123 frames  31.0 fps  ETA 0:12`, redrawn at most five times a second, only on a terminal.
    private func draw(_ progress: TranscodeProgress) {
        guard !quiet, interactive, Date().timeIntervalSince(lastDraw) >= 0.2 else { return }
        lastDraw = Date()
        let elapsed = lastDraw.timeIntervalSince(recognitionDrawn ?? started)
        let fps = elapsed > 0 ? Double(progress.frames) / elapsed : 0
        var text = ""
        if let duration = progress.duration, duration > 0 {
            let fraction = min(1, max(0, progress.time / duration))
            text += String(format: "%3.0f%%  ", fraction * 100)
            if fraction > 0.01 {
                let remaining = Int(elapsed / fraction - elapsed)
                text += "ETA \(remaining / 60):\(String(format: "%02d", remaining % 60))  "
            }
        }
        text += "\(progress.frames) frames  \(String(format: "%.1f", fps)) fps"
        StandardStreams.error("\r\u{1B}[K\(text)")
        drewProgress = true
    }

    /// `recognizing speech  42%  ETA 0:12`, as `draw` does for the render.
    private func drawRecognition(_ seconds: Double, of total: Double) {
        let now = Date()
        if recognitionStarted == nil { recognitionStarted = now }
        recognitionDrawn = now
        guard !quiet, interactive, now.timeIntervalSince(lastDraw) >= 0.2 else { return }
        lastDraw = now
        let elapsed = now.timeIntervalSince(recognitionStarted ?? now)
        var text = "recognizing speech"
        if total > 0 {
            let fraction = min(1, max(0, seconds / total))
            text += String(format: "  %3.0f%%", fraction * 100)
            if fraction > 0.01 {
                let remaining = Int(elapsed / fraction - elapsed)
                text += "  ETA \(remaining / 60):\(String(format: "%02d", remaining % 60))"
            }
        }
        StandardStreams.error("\r\u{1B}[K\(text)")
        drewProgress = true
    }

    private func clearProgress() {
        if drewProgress {
            StandardStreams.error("\r\u{1B}[K")
            drewProgress = false
        }
    }
}
