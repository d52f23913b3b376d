import Captions

/// A cue of the caption file as read, and what the review's edits made of it: itself, the
/// pieces of a split, or nothing once merged into the cue before.
struct CueGroup: Equatable {
    var source: SourceLocation  // where the file holds it
    var pieces: [Piece]
    var changed = false

    /// A cue as the page shows it, edited or not.
    struct Piece: Equatable {
        var start: Double  // seconds
        var end: Double  // seconds
        var text: String
        var textChanged = false  // else the file's text stays, with its markup
    }

    /// One group per cue of `segments`, unedited.
    static func groups(_ segments: [Segment]) -> [CueGroup] {
        segments.map { CueGroup(source: $0.source ?? SourceLocation(), pieces: [Piece(start: $0.start, end: $0.end, text: $0.text)]) }
    }
}
