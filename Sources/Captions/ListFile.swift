import Foundation

/// A list a creator writes (`--emphasize`, `--emoji`): one entry a line, in UTF-8 or any
/// encoding `TextEncoding` tells; blank lines and lines starting with `#` are skipped.
enum ListFile {
    /// The text of the list at `path`; an error names the file and `what` it is.
    static func text(path: String, what: String) throws -> String {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw CaptionError([CaptionProblem(file: path, message: "cannot read the \(what)")])
        }
        return try TextEncoding.text(of: data, file: path).text
    }

    /// The entries of `text`, trimmed, each with its line number (from 1).
    static func entries(_ text: String) -> [(line: Int, entry: String)] {
        textLines(text).enumerated().compactMap { index, line in
            let entry = line.trimmingWhitespace()
            return entry.isEmpty || entry.hasPrefix("#") ? nil : (index + 1, String(entry))
        }
    }
}
