import CaptionFiles
import Captions
import Foundation

/// The caption file's cues as read, each with what the review's edits made of it (`CueGroup`).
/// The page numbers every piece of every group in order: a cue's id is its place in that list.
struct EditedCues: Equatable {
    private(set) var groups: [CueGroup]

    /// The cues of `segments`, unedited.
    init(_ segments: [Segment]) { groups = CueGroup.groups(segments) }

    /// The edits as the file's editor takes them: each changed cue and its pieces.
    var edits: [CueEdit] {
        groups.filter(\.changed).map { group in
            CueEdit(
                source: group.source,
                pieces: group.pieces.map { CueEdit.Piece(start: $0.start, end: $0.end, text: $0.textChanged ? $0.text : nil) })
        }
    }

    /// Changes cue `id`: its text (as the file will hold it), start or end (seconds).
    mutating func edit(_ id: Int, text newText: String?, start: Double?, end: Double?) throws {
        let (group, index) = try place(of: id)
        var piece = groups[group].pieces[index]
        if let newText, newText != piece.text {
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
        let share = Double(first.count) / Double(first.count + second.count)
        let time = ((piece.start + (piece.end - piece.start) * share) * 1000).rounded() / 1000
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
