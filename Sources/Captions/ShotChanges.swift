import Foundation

/// The shot changes (cuts) of a video: the time each new shot's first frame is shown, and
/// the frame duration the snapping rules count in (`ShotSnapper`).
public struct ShotChanges: Sendable, Equatable {
    public var times: [Double]  // seconds from the video's start, ascending
    public var frameDuration: Double  // seconds

    /// How near a cut a caption's start or end is moved onto it, and how far past it a
    /// caption that spans it reaches on each side (Netflix: 12 frames). // frames
    public static let window = 12
    /// How long before a cut a caption snapped to it ends (Netflix: 2 frames). // frames
    public static let endBefore = 2

    public init(times: [Double], frameDuration: Double) {
        self.times = Array(Set(times.filter { $0 > 0 && $0.isFinite })).sorted()
        self.frameDuration = frameDuration
    }

    /// The cut nearest `time` within `frames` frames of it (a tie goes to the earlier cut).
    public func nearest(to time: Double, within frames: Int) -> Double? {
        let reach = Double(frames) * frameDuration + frameDuration / 100
        return times.filter { abs($0 - time) <= reach }.min { abs($0 - time) < abs($1 - time) }
    }

    /// The cuts after `start` and before `end`. // seconds
    public func inside(_ start: Double, _ end: Double) -> [Double] {
        let slack = frameDuration / 100
        return times.filter { $0 > start + slack && $0 < end - slack }
    }

    /// The shot changes listed in `text`, as editors export them:
    /// - one time per line, in seconds (`12.48`), as a clock time (`00:00:12.480`,
    ///   `00:00:12,480`) or as SMPTE timecode in the video's frames (`00:00:12:12`, `;` before
    ///   the frames for drop-frame at 29.97 or 59.94 fps); anything after the time on the
    ///   line (a marker's name, CSV columns) is ignored, and so are blank lines, `#` comments
    ///   and a first line of column names;
    /// - or a CMX 3600 edit decision list: each event's record-in time is a cut, counted from
    ///   the first event's (a timeline that starts at 01:00:00:00 starts at 0).
    /// Problems name `file` and the line; a file without a single time is an error too.
    /// (CaptionFiles' `read` reads such a file.)
    public static func parse(_ text: String, file: String, frameDuration: Double) throws -> ShotChanges {
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        let isEDL = lines.contains { $0.hasPrefix("TITLE:") || $0.hasPrefix("FCM:") }
        var times: [Double] = []
        var problems: [CaptionProblem] = []
        for (index, raw) in lines.enumerated() {
            let line = raw.drop { $0 == "\u{FEFF}" }.trimmingWhitespace()
            if line.isEmpty || line.hasPrefix("#") { continue }
            if isEDL {
                let fields = line.split { $0 == " " || $0 == "\t" }
                // `001  AX  V  C  00:00:00:00 00:00:05:00 01:00:00:00 01:00:05:00`: record in is the 7th field.
                guard let number = fields.first, number.allSatisfy(\.isNumber), fields.count >= 8 else { continue }
                guard let recordIn = seconds(fields[fields.count - 2], frameDuration: frameDuration) else {
                    problems.append(CaptionProblem(file: file, line: index + 1, message: "malformed record-in timecode `\(fields[fields.count - 2])`"))
                    continue
                }
                times.append(recordIn)
                continue
            }
            let first = line.prefix { !($0 == " " || $0 == "\t" || $0 == ",") }
            guard let time = seconds(first, frameDuration: frameDuration) else {
                // A first line of column names (`Timecode,Name`) is not a time.
                if times.isEmpty && problems.isEmpty && first.contains(where: \.isLetter) { continue }
                problems.append(
                    CaptionProblem(
                        file: file, line: index + 1,
                        message: "expected a time (`12.48`, `00:00:12.480` or timecode `00:00:12:12`), found `\(first)`"))
                continue
            }
            times.append(time)
        }
        if !problems.isEmpty { throw CaptionError(problems) }
        if times.isEmpty {
            let expected = isEDL ? "no event with a record-in time" : "no time (`12.48`, `00:00:12.480` or timecode `00:00:12:12`)"
            throw CaptionError([CaptionProblem(file: file, message: "\(expected) in the shot changes")])
        }
        if isEDL, let origin = times.min() { times = times.map { $0 - origin } }
        return ShotChanges(times: times, frameDuration: frameDuration)
    }

    /// Seconds of `text`: `12.48`, `[hh:]mm:ss[.,]fff` or timecode `hh:mm:ss:ff` / `hh:mm:ss;ff`
    /// (drop-frame) in frames of `frameDuration`; nil when it is none of them.
    static func seconds(_ text: Substring, frameDuration: Double) -> Double? {
        let dropFrame = text.contains(";")
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).flatMap {
            $0.split(separator: ";", omittingEmptySubsequences: false)
        }
        func number(_ part: Substring) -> Double? {
            guard !part.isEmpty, part.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == ",") }) else { return nil }
            return Double(part.replacingOccurrences(of: ",", with: "."))
        }
        let values = parts.map(number)
        guard !values.contains(nil) else { return nil }
        let v = values.map { $0! }
        switch v.count {
        case 1: return v[0]
        case 2: return v[0] * 60 + v[1]
        case 3: return v[0] * 3600 + v[1] * 60 + v[2]
        case 4:
            // Timecode: whole numbers, frames below the rate.
            let rate = (1 / frameDuration).rounded()
            guard v.allSatisfy({ $0 == $0.rounded() }), v[3] < rate, v[2] < 60, v[1] < 60 else { return nil }
            var frames = ((v[0] * 60 + v[1]) * 60 + v[2]) * rate + v[3]
            if dropFrame {
                // Drop-frame numbering skips 2 (4 at 59.94) frame numbers each minute but every tenth.
                let dropped = (rate / 15).rounded()
                let minutes = v[0] * 60 + v[1]
                frames -= dropped * (minutes - (minutes / 10).rounded(.down))
            }
            return frames * frameDuration
        default: return nil
        }
    }
}
