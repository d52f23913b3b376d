import Captions
import Foundation

/// The files a creator hands over besides the captions, read from disk: the lists of
/// `--emphasize` and `--emoji` (one entry a line, in UTF-8 or any encoding `TextEncoding`
/// tells; blank lines and lines starting with `#` skipped) and the shot changes of
/// `--shot-changes FILE`. Their bytes and lines are read here, bounded as caption files are;
/// what the entries or the times mean, by the model's own `parse`.
enum CreatorFiles {
    /// The largest list read: tens of thousands of entries (CLDR's largest annotations file,
    /// every emoji of a language, is under 0.5 MiB). // bytes
    static let maximumListSize = 1 << 20

    /// The text of the list at `path` (a regular file of at most `maximumListSize`); an error
    /// names the file, `what` it is and why it cannot be read.
    static func listText(path: String, what: String) throws -> String {
        let data: Data
        do {
            data = try CaptionBytes.contents(of: path, standardInput: false, limit: maximumListSize)
        } catch let error as CaptionError {
            throw CaptionError(error.problems.map { CaptionProblem(file: $0.file, message: "cannot read the \(what): \($0.message)") })
        }
        return try TextEncoding.text(of: data, file: path).text
    }

    /// The entries of the list `text`, trimmed, each with its line number (from 1).
    static func listEntries(_ text: String) -> [(line: Int, entry: String)] {
        textLines(text).enumerated().compactMap { index, line in
            let entry = line.trimmingWhitespace()
            return entry.isEmpty || entry.hasPrefix("#") ? nil : (index + 1, String(entry))
        }
    }

    /// The entries of the list at `path` (see `listText`).
    static func listEntries(path: String, what: String) throws -> [(line: Int, entry: String)] {
        listEntries(try listText(path: path, what: what))
    }
}

extension EmphasisList {
    /// Reads the list at `path`. Throws `CaptionError` naming the file when it cannot be read
    /// or is no UTF-8 text, and naming each line that holds no word (only punctuation).
    public static func load(path: String) throws -> EmphasisList {
        try parse(CreatorFiles.listEntries(path: path, what: "emphasis list"), file: path)
    }
}

extension EmojiKeywords {
    /// Reads a creator's file (`--emoji FILE`, see `parse`). Problems name the file and the
    /// line. With `words` (the captions' `wordKeys`), only the entries that may name them are kept.
    public static func load(path: String, words: Set<String>? = nil) throws -> EmojiKeywords {
        try parse(CreatorFiles.listEntries(path: path, what: "emoji list"), file: path, words: words)
    }
}

extension ShotChanges {
    /// The shot changes listed in `url` (see `parse`): a regular file, bounded as caption
    /// files are, in UTF-8. Problems name the file and the line.
    public static func read(_ url: URL, frameDuration: Double) throws -> ShotChanges {
        let data = try CaptionBytes.contents(of: url.path, standardInput: false)
        guard let text = String(data: data, encoding: .utf8) else {
            throw CaptionError([CaptionProblem(file: url.path, message: "the shot changes are not UTF-8 text")])
        }
        return try parse(text, file: url.path, frameDuration: frameDuration)
    }
}
