import CaptionFiles
import Captions
import Foundation

/// The cues under review, as a value: the caption file's text (as opened or last saved) and
/// its cues as read, each with what the edits made of it (`CueGroup`). Edits, splits and
/// merges change the value; it takes no lock and does no I/O (`CueStore` opens and saves it).
/// The page numbers every piece of every group in order: a cue's id is its place in that
/// list, and the captions it gives carry that id (`SourceLocation.cue`).
struct CueDocument: Equatable, Sendable {
    /// The file the cues were read from, for messages.
    let file: String
    /// The format the text is in and edits are written in (native JSON for Whisper and live).
    let format: CaptionFormat
    /// The file's text as opened or last saved, in `format`.
    let text: String
    private(set) var groups: [CueGroup]

    /// The cues of `segments`, unedited, read from `text`.
    init(file: String, format: CaptionFormat, text: String, segments: [Segment]) {
        (self.file, self.format, self.text) = (file, format, text)
        groups = CueGroup.groups(segments)
    }

    /// The edits as the file's editor takes them: each changed cue and its pieces.
    var edits: [CueEdit] {
        groups.filter(\.changed).map { group in
            CueEdit(
                source: group.source,
                pieces: group.pieces.map { CueEdit.Piece(start: $0.start, end: $0.end, text: $0.textChanged ? $0.text : nil) })
        }
    }

    /// Changes cue `id`: its text (as the file will hold it: a blank line folded into one
    /// line break), start or end (seconds).
    mutating func edit(_ id: Int, text newText: String?, start: Double?, end: Double?) throws {
        let (group, index) = try place(of: id)
        var piece = groups[group].pieces[index]
        if let newText = try newText.map(cueText), newText != piece.text {
            piece.text = newText
            piece.textChanged = true
            piece = piece.keeping(piece.unsure)
        }
        if let start { piece.start = max(0, start) }
        if let end { piece.end = end }
        if let problem = CueFileEditor.timingProblem(start: piece.start, end: piece.end) {
            throw ReviewError("cue \(id + 1): \(problem)")
        }
        guard piece != groups[group].pieces[index] else { return }
        groups[group].pieces[index] = piece
        groups[group].changed = true
    }

    /// Splits cue `id` at `offset` (UTF-16 units into its text, as a browser counts): the
    /// text before and after, its time divided in proportion to their lengths.
    mutating func split(_ id: Int, at offset: Int) throws {
        let (group, index) = try place(of: id)
        let piece = groups[group].pieces[index]
        let utf16 = piece.text.utf16
        guard (1..<utf16.count).contains(offset), let cut = utf16.index(utf16.startIndex, offsetBy: offset, limitedBy: utf16.endIndex),
            let middle = cut.samePosition(in: piece.text)
        else { throw ReviewError("put the cursor inside the text where the cue splits") }
        let first = piece.text[..<middle].trimmingCharacters(in: .whitespacesAndNewlines)
        let second = piece.text[middle...].trimmingCharacters(in: .whitespacesAndNewlines)
        guard !first.isEmpty, !second.isEmpty else { throw ReviewError("put the cursor between words where the cue splits") }
        let share = LengthShare.spans([first.count, second.count], start: piece.start, end: piece.end)[0]
        let time = (share.end * 1000).rounded() / 1000
        groups[group].pieces.replaceSubrange(
            index...index,
            with: [
                CueGroup.Piece(start: piece.start, end: time, text: first, textChanged: true).keeping(piece.unsure),
                CueGroup.Piece(start: time, end: piece.end, text: second, textChanged: true).keeping(piece.unsure),
            ])
        groups[group].changed = true
    }

    /// Merges cue `id` with the next: one cue from the first's start to the later end, their
    /// texts joined by a space.
    mutating func merge(_ id: Int) throws {
        let (group, index) = try place(of: id)
        guard let (nextGroup, nextIndex) = try? place(of: id + 1) else { throw ReviewError("the last cue has no next to merge with") }
        let next = groups[nextGroup].pieces[nextIndex]
        var piece = groups[group].pieces[index]
        piece.text += " " + next.text
        piece.textChanged = true
        piece.unsure += next.unsure
        piece.end = max(piece.end, next.end)
        groups[nextGroup].pieces.remove(at: nextIndex)
        groups[nextGroup].changed = true
        groups[group].pieces[index] = piece
        groups[group].changed = true
    }

    /// The page's cues, numbered in order, with each one's findings and the captions the burn
    /// makes of it (by id; shown only when it makes more than one).
    func page(findings: [Int: [String]], shown: [Int: [String]]) -> [ReviewSession.Cue] {
        var cues: [ReviewSession.Cue] = []
        for group in groups {
            for piece in group.pieces {
                let id = cues.count
                cues.append(
                    ReviewSession.Cue(
                        id: id, start: piece.start, end: piece.end, text: piece.text, edited: group.changed,
                        line: group.source.line, findings: findings[id] ?? [],
                        shown: (shown[id] ?? []).count > 1 ? shown[id]! : [], unsure: piece.unsure))
            }
        }
        return cues
    }

    /// The file's text with the edits, in its format: what Save writes.
    func edited() throws -> Data {
        let edits = edits
        return edits.isEmpty ? Data(text.utf8) : try CueFileEditor.apply(edits, to: text, format: format, file: file)
    }

    /// The cues as edited, as captions to plan: the edited text as the file's reader reads it
    /// (`strict`: as `--strict` does), in memory, each cue carrying its id. A change the file
    /// cannot hold is said why.
    func captions(strict: Bool) throws -> Transcript {
        do {
            var read = try CaptionReader.read(try edited(), path: file, format: format, strict: strict)
            for index in read.segments.indices {
                var source = read.segments[index].source ?? SourceLocation()
                source.cue = index
                read.segments[index].source = source
            }
            return read
        } catch let error as CaptionError {
            throw ReviewError(error.problems.map(\.message).joined(separator: "; "))
        }
    }

    /// `text` as one cue of the file holds it, or why it cannot.
    private func cueText(_ text: String) throws -> String {
        do {
            return try CueFileEditor.cueText(text, format: format, file: file)
        } catch let error as CaptionError {
            throw ReviewError(error.problems.map(\.message).joined(separator: "; "))
        }
    }

    /// The group and the piece in it of the page's cue `id`.
    private func place(of id: Int) throws -> (Int, Int) {
        guard id >= 0 else { throw ReviewError("no cue \(id + 1)") }
        var count = 0
        for (group, item) in groups.enumerated() {
            if id < count + item.pieces.count { return (group, id - count) }
            count += item.pieces.count
        }
        throw ReviewError("no cue \(id + 1)")
    }
}
