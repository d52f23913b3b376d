import Foundation

/// A list a creator writes (`--emphasize`, `--emoji`): one entry a line, in UTF-8 or any
/// encoding `TextEncoding` tells; blank lines and lines starting with `#` are skipped.
enum ListFile {
    /// The largest list read: tens of thousands of entries (CLDR's largest annotations file,
    /// every emoji of a language, is under 0.5 MiB). // bytes
    static let maximumSize = 1 << 20

    /// The text of the list at `path` (a regular file of at most `maximumSize`); an error
    /// names the file, `what` it is and why it cannot be read.
    static func text(path: String, what: String) throws -> String {
        let data: Data
        do {
            data = try CaptionBytes.contents(of: path, standardInput: false, limit: maximumSize)
        } catch let error as CaptionError {
            throw CaptionError(error.problems.map { CaptionProblem(file: $0.file, message: "cannot read the \(what): \($0.message)") })
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
