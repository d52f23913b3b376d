/// Fields a JSON object may have: an unknown one is reported with the known name it most
/// likely misspells, so that `"colour"` is an error that says `color`, not a silent default.
public enum FieldNames {
    /// `path.field: unknown field (did you mean "x"?)` for each of `keys` not in `known`, sorted.
    public static func unknown(_ keys: some Sequence<String>, known: [String], path: String = "") -> [String] {
        keys.filter { !known.contains($0) }.sorted().map { key in
            let name = path.isEmpty ? key : "\(path).\(key)"
            return "\(name): unknown field" + (suggestion(for: key, among: known).map { " (did you mean \"\($0)\"?)" } ?? "")
        }
    }

    /// The known name closest to `key`: the same but for case, or at most two edits away.
    static func suggestion(for key: String, among known: [String]) -> String? {
        if let same = known.first(where: { $0.lowercased() == key.lowercased() }) { return same }
        let scored = known.map { ($0, distance(Array(key.lowercased()), Array($0.lowercased()))) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= min(2, max(1, key.count / 3)) else { return nil }
        return best.0
    }

    /// Levenshtein distance: insertions, deletions and substitutions.
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
