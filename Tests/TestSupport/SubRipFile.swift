import Foundation

/// A SubRip file written from cues, for tests that make their own caption files.
public enum SubRipFile {
    /// Writes `cues` (seconds and text) as `NAME.srt` in `folder`; returns its path.
    public static func write(_ cues: [(start: Double, end: Double, text: String)], named name: String, in folder: URL) throws
        -> String
    {
        let clock = { (seconds: Double) -> String in
            let milliseconds = Int((seconds * 1000).rounded())
            return String(
                format: "%02d:%02d:%02d,%03d", milliseconds / 3_600_000, milliseconds / 60_000 % 60, milliseconds / 1000 % 60,
                milliseconds % 1000)
        }
        let text = cues.enumerated().map { "\($0.offset + 1)\n\(clock($0.element.start)) --> \(clock($0.element.end))\n\($0.element.text)\n" }
        let url = folder.appendingPathComponent("\(name).srt")
        try text.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }
}
