/// The sentences of the script a speaker read, as comparison keys: a line is at least one
/// sentence, and a full stop, question or exclamation mark followed by a space ends one.
enum ScriptSentences {
    static func split(_ script: String) -> [[String]] {
        var sentences: [[String]] = []
        for line in script.split(whereSeparator: \.isNewline) {
            var current = ""
            var previous: Character?
            for c in line {
                if let previous, ".!?…。！？".contains(previous), c == " " {
                    sentences.append(keys(current))
                    current = ""
                }
                current.append(c)
                previous = c
            }
            sentences.append(keys(current))
        }
        return sentences.filter { !$0.isEmpty }
    }

    private static func keys(_ text: String) -> [String] {
        text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map { SpokenWord.key(String($0)) }.filter { !$0.isEmpty }
    }
}
