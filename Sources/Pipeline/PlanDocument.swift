import Captions
import Foundation
import Imaging
import Layout

/// What `burn-captions plan` prints: the frame, the safe area, and every caption with its
/// words and layout (font size, lines with widths and fonts, box with the outline). Pixels
/// are frame pixels; times are seconds.
public struct PlanDocument: Encodable {
    struct Size: Encodable {
        var width: Int
        var height: Int
    }
    struct Box: Encodable {
        var x: Double
        var y: Double
        var width: Double
        var height: Double

        init(_ rect: Rect) {
            x = PlanDocument.rounded(rect.x)
            y = PlanDocument.rounded(rect.y)
            width = PlanDocument.rounded(rect.width)
            height = PlanDocument.rounded(rect.height)
        }
    }
    /// A word with its times and where it is drawn: its line and the box reserved for its
    /// largest state (room, box padding and outline included), which holds at every instant.
    /// A word broken across lines has a `box` per line in `pieces` after the first.
    struct Word: Encodable {
        var text: String
        var start: Double
        var end: Double
        var emphasis: Bool?
        var line: Int?
        var box: Box?
        var pieces: [Piece]?
    }
    struct Piece: Encodable {
        var line: Int
        var box: Box
    }
    struct Line: Encodable {
        var text: String
        var width: Double
        var fonts: [String]
    }
    struct Entry: Encodable {
        var start: Double
        var end: Double
        var text: String
        var language: String?
        var speaker: String?
        var fill: RGBAColor?  // the speaker's colour, when a palette gives one, or the second track's
        var track: Int?  // 2 for the second track; left out for the first
        var words: [Word]
        var fontSize: Double
        var lines: [Line]
        var box: Box
        var fit: String
        var missingGlyphs: String?  // characters drawn as boxes: no installed font has them
        var lane: Int  // captions of different lanes share the screen, stacked
        var position: String?  // top, middle or bottom, when the file placed it
        var findings: [Finding]?  // the reading rules it breaks (`lint`), when any
    }
    struct Finding: Encodable {
        var rule: String
        var level: String
        var message: String
    }

    var frame: Size
    var safeArea: Box
    var captions: [Entry]

    /// `findings`: the reading rules each caption breaks, one list per caption (or none).
    init(_ planned: [PlannedCaption], width: Int, height: Int, safeArea: Rect, findings: [[LintFinding]] = []) {
        frame = Size(width: width, height: height)
        self.safeArea = Box(safeArea)
        captions = planned.enumerated().map { index, item in
            let broken = index < findings.count ? findings[index] : []
            let record = CaptionRecord(item.caption)
            return Entry(
                start: record.start, end: record.end, text: record.text, language: record.language,
                speaker: record.speaker, fill: item.fill, track: item.track == 1 ? nil : item.track, words: Self.words(record, layout: item.layout), fontSize: Self.rounded(item.layout.fontSize),
                lines: item.layout.lines.map { Line(text: $0.text, width: Self.rounded($0.width), fonts: $0.fonts) },
                box: Box(item.layout.box), fit: item.layout.fit.rawValue,
                missingGlyphs: item.layout.missingCharacters.isEmpty ? nil : item.layout.missingCharacters,
                lane: item.caption.lane, position: item.caption.position?.rawValue,
                findings: broken.isEmpty
                    ? nil : broken.map { Finding(rule: $0.rule, level: $0.level.rawValue, message: $0.message) })
        }
    }

    /// The caption's words with their lines and reserved boxes.
    private static func words(_ record: CaptionRecord, layout: LaidOutCaption) -> [Word] {
        record.words.enumerated().map { index, word in
            let pieces = layout.words.filter { $0.index == index }.map { laidOut in
                Piece(line: laidOut.line, box: Box(layout.reservedBox(of: laidOut)))
            }
            return Word(
                text: word.text, start: word.start, end: word.end, emphasis: word.emphasis, line: pieces.first?.line,
                box: pieces.first?.box, pieces: pieces.count > 1 ? Array(pieces.dropFirst()) : nil)
        }
    }

    /// Pretty-printed JSON with sorted keys.
    public func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }

    /// Hundredths of a pixel are enough, and keep the JSON readable.
    static func rounded(_ value: Double) -> Double { (value * 100).rounded() / 100 }
}
