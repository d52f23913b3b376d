import Captions
import Speech

/// A cue of the caption file as read, and what the review's edits made of it: itself, the
/// pieces of a split, or nothing once merged into the cue before.
struct CueGroup: Equatable, Sendable {
    var source: SourceLocation  // where the file holds it
    var pieces: [Piece]
    var changed = false

    /// A cue as the page shows it, edited or not.
    struct Piece: Equatable, Sendable {
        var start: Double  // seconds
        var end: Double  // seconds
        var text: String
        var textChanged = false  // else the file's text stays, with its markup
        /// The words the recognizer was unsure of, while the text still holds them.
        var unsure: [UnsureWord] = []

        /// The piece with those of `words` its text holds as its unsure words (an edit that
        /// rewrites a word clears its mark).
        func keeping(_ words: [UnsureWord]) -> Piece {
            var piece = self
            piece.unsure = words.filter { text.contains($0.text) }
            return piece
        }
    }

    /// A word heard with a probability below `Recognition.uncertainWord`: the page marks it
    /// for a person to check.
    struct UnsureWord: Codable, Sendable, Equatable {
        var text: String
        var probability: Double  // 0...1, two decimals
    }

    /// One group per cue of `segments`, unedited.
    static func groups(_ segments: [Segment]) -> [CueGroup] {
        segments.map {
            CueGroup(
                source: $0.source ?? SourceLocation(),
                pieces: [Piece(start: $0.start, end: $0.end, text: $0.text, unsure: unsure($0.words))])
        }
    }

    /// The words heard with a probability below `Recognition.uncertainWord`.
    static func unsure(_ words: [Word]) -> [UnsureWord] {
        words.compactMap { word in
            let text = word.text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !word.isLabel, !text.isEmpty, let confidence = word.confidence, confidence < Recognition.uncertainWord else { return nil }
            return UnsureWord(text: text, probability: (confidence * 100).rounded() / 100)
        }
    }
}
