/// The faces one caption style can use: fontconfig's fallbacks for a family, weight and
/// language (the first is the language's face), plus the colour emoji face. Faces are
/// opened from the engine's `FaceCache` at the size a caption needs.
final class FontChain {
    /// The style's faces, then (after `base`) last-resort faces added for characters none of
    /// them covers.
    private(set) var candidates: [FontCandidate]
    let base: Int  // how many faces the style itself has, the emoji face included
    let emoji: Int?  // index of the colour emoji face
    init(candidates: [FontCandidate], emoji: FontCandidate?) {
        var all = candidates
        if let emoji {
            if let index = all.firstIndex(where: { $0.file == emoji.file }) {
                self.emoji = index
            } else {
                all.append(emoji)
                self.emoji = all.count - 1
            }
        } else {
            self.emoji = nil
        }
        self.candidates = all
        base = all.count
    }

    /// The index of `candidate`, added after the style's faces if it is not among them yet.
    func index(of candidate: FontCandidate) -> Int {
        if let index = candidates.firstIndex(where: { $0.file == candidate.file }) { return index }
        candidates.append(candidate)
        return candidates.count - 1
    }

    /// The font file at `index`.
    func file(_ index: Int) -> FontFile { candidates[index].file }
}
