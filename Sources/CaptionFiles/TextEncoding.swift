import Captions
import Foundation
import UnicodeText

/// How the bytes of a caption file become text. UTF-8 (with or without a BOM) and UTF-16 or
/// UTF-32 with a BOM are read as they are; any other encoding is named by the user
/// (`--captions-encoding windows-1252`) and converted by ICU. A file that is no valid UTF-8
/// and has no BOM fails at the line of the first bad byte, naming the encoding ICU's detector
/// guesses and the option that reads it.
public enum TextEncoding {
    /// Whether ICU has a converter for `name` (a name or alias: `windows-1252`, `latin1`, `Shift_JIS`).
    public static func isKnown(_ name: String) -> Bool { Charset.isKnown(name) }

    /// The byte order marks that name their encoding, longest first (UTF-32 LE starts like UTF-16 LE).
    static let byteOrderMarks: [(bytes: [UInt8], encoding: String)] = [
        ([0xFF, 0xFE, 0x00, 0x00], "UTF-32LE"), ([0x00, 0x00, 0xFE, 0xFF], "UTF-32BE"),
        ([0xFF, 0xFE], "UTF-16LE"), ([0xFE, 0xFF], "UTF-16BE"),
    ]

    /// The text of `data` (a UTF-8 BOM stays, for the readers to skip) and the same text as
    /// UTF-8 bytes (`data` itself when it was UTF-8); `encoding` forces one. Errors name `file`.
    static func text(of data: Data, file: String, encoding: String? = nil) throws -> (text: String, utf8: Data) {
        func converted(_ bytes: Data, _ encoding: String) throws -> (String, Data) {
            let text = try convert(bytes, from: encoding, file: file)
            return (text, Data(text.utf8))
        }
        if let encoding { return try converted(data, encoding) }
        if let mark = byteOrderMarks.first(where: { data.starts(with: $0.bytes) }) {
            return try converted(data.dropFirst(mark.bytes.count), mark.encoding)
        }
        // Validated as it is: a BOM stays (Foundation's decoder would drop one, and a second
        // one must still fail a WebVTT signature).
        if let text = String(validating: data, as: UTF8.self) { return (text, data) }
        throw CaptionError([CaptionProblem(file: file, line: firstBadLine(data), message: "invalid UTF-8" + guess(data))])
    }

    /// `data` in `encoding`, as text, through ICU.
    private static func convert(_ data: Data, from encoding: String, file: String) throws -> String {
        do {
            return try Charset.decode([UInt8](data), from: encoding)
        } catch {
            let unknown = Charset.isKnown(encoding) ? "" : " (ICU knows no such encoding)"
            throw CaptionError([CaptionProblem(file: file, message: "cannot read the file as \(encoding)\(unknown)")])
        }
    }

    /// The line (1-based) of the first byte that is no valid UTF-8.
    private static func firstBadLine(_ data: Data) -> Int {
        var line = 1
        var iterator = data.makeIterator()
        var decoder = UTF8()
        while case .scalarValue(let scalar) = decoder.decode(&iterator) {
            if scalar == "\n" { line += 1 }
        }
        return line
    }

    /// The least confidence (0...100) of a guess worth naming: ICU gives 10 to anything it
    /// cannot rule out (UTF-16 for a few stray bytes), 50 to Windows-1252 with curly quotes.
    static let guessConfidence = 20

    /// `; it looks like NAME: try --captions-encoding NAME` when ICU's detector has a guess.
    private static func guess(_ data: Data) -> String {
        guard let (guessed, confidence) = try? Charset.detect([UInt8](data.prefix(1 << 20))),
            confidence >= guessConfidence, !guessed.isEmpty, guessed.uppercased() != "UTF-8"
        else { return "" }
        return "; it looks like \(guessed): try --captions-encoding \(guessed)"
    }
}
