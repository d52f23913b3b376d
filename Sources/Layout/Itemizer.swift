import UnicodeText

/// Splits caption text into runs by face, script and bidi level. Each grapheme cluster
/// takes the first face in fontconfig's order that covers it (emoji prefer the emoji face),
/// so text mixed across scripts (`iPhone 15` in Chinese, emoji) never shows `.notdef` while
/// any configured face has the character. Bidi levels come from ICU's ubidi.
public enum Itemizer {
    /// The runs of `text` in logical order; `coverage[i]` says what face `i` covers and
    /// `emoji` is the index of the colour emoji face, if any. `rightToLeft`: the paragraph is
    /// right to left (the language is), even when it starts with Latin letters or digits.
    public static func runs(_ text: String, coverage: [CharacterCoverage], emoji: Int?, rightToLeft: Bool = false)
        -> [TextRun]
    {
        guard !text.isEmpty, !coverage.isEmpty else { return [] }
        let utf16 = UTF16Text(text)
        let levels = (try? Bidi.levels(of: utf16, rightToLeft: rightToLeft)) ?? [UInt8](repeating: 0, count: utf16.count)
        var runs: [TextRun] = []
        var byte = 0
        var unit = 0
        var previousFont: Int?  // the face of the last cluster that was not an emoji
        var previousScript: String?
        var pendingScript: [Int] = []  // runs whose script waits for the next real one
        for cluster in text {
            let length = cluster.utf8.count
            let script = Self.script(of: cluster)
            let font = face(for: cluster, coverage: coverage, emoji: emoji, previous: script == nil ? previousFont : nil)
            let resolvedScript = script ?? previousScript
            let level = levels[min(unit, levels.count - 1)]
            if var last = runs.last, last.font == font, last.level == level,
                last.script == resolvedScript || resolvedScript == nil || last.script == "Zyyy"
            {
                if last.script == "Zyyy", let resolvedScript { last.script = resolvedScript }
                last.range = last.range.lowerBound..<(byte + length)
                runs[runs.count - 1] = last
            } else {
                runs.append(TextRun(range: byte..<(byte + length), font: font, script: resolvedScript ?? "Zyyy", level: level))
                if resolvedScript == nil { pendingScript.append(runs.count - 1) }
            }
            if let script {
                // Runs of only common characters (digits, spaces) at the start take the first real script.
                for index in pendingScript where runs[index].script == "Zyyy" { runs[index].script = script }
                pendingScript.removeAll()
                previousScript = script
            }
            if font != emoji || !isEmoji(cluster) { previousFont = font }
            byte += length
            unit += cluster.utf16.count
        }
        return runs
    }

    /// The face for one cluster: `previous` when given and it covers the cluster (common
    /// characters such as spaces and digits stay in the face around them), else the first
    /// that covers it.
    static func face(for cluster: Character, coverage: [CharacterCoverage], emoji: Int?, previous: Int?) -> Int {
        let needed = cluster.unicodeScalars.filter { !needsNoGlyph($0) }
        guard !needed.isEmpty else { return previous ?? 0 }
        func covers(_ face: Int) -> Bool { needed.allSatisfy(coverage[face].covers) }
        if isEmoji(cluster), let emoji, covers(emoji) { return emoji }
        if let previous, previous != emoji, covers(previous) { return previous }
        if let face = coverage.indices.first(where: covers) { return face }
        // No face has every scalar: the one that has the base character.
        return coverage.indices.first { coverage[$0].covers(needed[needed.startIndex]) } ?? 0
    }

    /// The ISO 15924 script of a cluster, nil when it is common or inherited (spaces, digits, punctuation).
    static func script(of cluster: Character) -> String? {
        cluster.unicodeScalars.lazy.map(UnicodeScript.init(of:)).first(where: \.isSpecific)?.code
    }

    /// Emoji shown as pictures: emoji presentation, or text-default emoji followed by U+FE0F.
    static func isEmoji(_ cluster: Character) -> Bool {
        let scalars = Array(cluster.unicodeScalars)
        guard let first = scalars.first else { return false }
        if first.properties.isEmojiPresentation { return true }
        return first.properties.isEmoji && scalars.contains { $0.value == 0xFE0F || $0.value == 0x20E3 }
    }

    /// Scalars no face needs its own glyph for: the default ignorable ones (joiners,
    /// variation selectors, emoji tags, zero-width space, bidi controls), which HarfBuzz hides.
    static func needsNoGlyph(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isDefaultIgnorableCodePoint
    }
}

/// Visual order of a line's runs: bidi rule L2, reversing every maximal sequence of runs at
/// or above each odd level, from the highest level down.
enum VisualOrder {
    static func reorder<T>(_ items: [T], levels: [UInt8]) -> [T] {
        guard let highest = levels.max(), let lowestOdd = levels.filter({ $0 % 2 == 1 }).min() else { return items }
        var order = Array(items.indices)
        var level = highest
        while level >= lowestOdd {
            var i = 0
            while i < order.count {
                if levels[order[i]] >= level {
                    var j = i
                    while j < order.count && levels[order[j]] >= level { j += 1 }
                    order[i..<j].reverse()
                    i = j
                } else {
                    i += 1
                }
            }
            if level == 0 { break }
            level -= 1
        }
        return order.map { items[$0] }
    }
}
