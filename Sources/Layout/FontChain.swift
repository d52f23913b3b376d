/// The faces one caption style can use: fontconfig's fallbacks for a family, weight and
/// language (the first is the language's face), plus the colour emoji face. Faces are
/// opened the first time a caption needs them.
final class FontChain {
    let candidates: [FontCandidate]
    let emoji: Int?  // index of the colour emoji face
    private let library: FontLibrary
    private var opened: [Int: FontFace] = [:]

    init(candidates: [FontCandidate], emoji: FontCandidate?, library: FontLibrary) {
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
        self.library = library
    }

    var coverage: [CharacterCoverage] { candidates.map(\.coverage) }

    /// The face at `index`, opened on first use.
    func face(_ index: Int) throws -> FontFace {
        if let face = opened[index] { return face }
        let face = try FontFace(file: candidates[index].file, library: library)
        opened[index] = face
        return face
    }
}
