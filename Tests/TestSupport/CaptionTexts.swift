import Foundation

/// The caption text of every caption case file of the test suite, as cues by file and
/// language: what the phrase-boundary count runs through the chunker and the layout.
public struct CaptionTexts: Sendable {
    /// One cue: seconds and text.
    public struct Cue: Sendable {
        public var start: Double
        public var end: Double
        public var text: String
    }

    /// The case file and the case's name or place in it.
    public var place: String
    /// BCP-47, or nil when the case names none.
    public var language: String?
    public var cues: [Cue]

    /// Every case's cues, file by file.
    public static func all() throws -> [CaptionTexts] {
        var result: [CaptionTexts] = []
        func json(_ name: String) throws -> Any {
            try JSONSerialization.jsonObject(with: Data(contentsOf: Repository.root.appendingPathComponent("Tests/Cases/" + name)))
        }
        func cases(_ name: String) throws -> [[String: Any]] {
            ((try json(name) as? [String: Any])?["cases"] as? [[String: Any]]) ?? []
        }
        func triples(_ value: Any?) -> [Cue] {
            ((value as? [[Any]]) ?? []).compactMap { cue in
                guard cue.count >= 3, let start = cue[0] as? Double, let end = cue[1] as? Double, let text = cue[2] as? String else { return nil }
                return Cue(start: start, end: end, text: text)
            }
        }
        func objects(_ value: Any?) -> [Cue] {
            ((value as? [[String: Any]]) ?? []).compactMap { cue in
                guard let start = cue["start"] as? Double, let end = cue["end"] as? Double, let text = cue["text"] as? String else { return nil }
                return Cue(start: start, end: end, text: text)
            }
        }
        // One caption each, a second per 12 characters.
        func single(_ text: String) -> [Cue] { [Cue(start: 0, end: max(1, Double(text.count) / 12), text: text)] }
        for item in try cases("captions.json") {
            result.append(CaptionTexts(place: "captions.json: \(item["name"] ?? "")", language: item["language"] as? String, cues: single(item["text"] as? String ?? "")))
        }
        for item in try cases("boundaries.json") {
            result.append(CaptionTexts(place: "boundaries.json: \(item["text"] ?? "")", language: item["language"] as? String, cues: single(item["text"] as? String ?? "")))
        }
        for item in try cases("breaks.json") {
            result.append(CaptionTexts(place: "breaks.json: \(item["name"] ?? "")", language: item["language"] as? String, cues: single(item["text"] as? String ?? "")))
        }
        for item in try cases("reading.json") {
            result.append(CaptionTexts(place: "reading.json: \(item["name"] ?? "")", language: item["language"] as? String, cues: objects(item["cues"])))
        }
        for item in try cases("lint.json") {
            if let start = item["start"] as? Double, let end = item["end"] as? Double, let text = item["text"] as? String {
                result.append(CaptionTexts(place: "lint.json: \(item["name"] ?? "")", language: item["language"] as? String, cues: [Cue(start: start, end: end, text: text)]))
            }
        }
        for item in try cases("alignment.json") {
            result.append(CaptionTexts(place: "alignment.json: \(item["name"] ?? "")", language: "en", cues: triples(item["cues"])))
        }
        for item in try cases("recognized-speech.json") {
            let language = (item["language"] as? [String: Any])?["language"] as? String
            result.append(CaptionTexts(place: "recognized-speech.json: \(item["name"] ?? "")", language: language, cues: objects(item["segments"])))
        }
        for pair in ((try json("bilingual.json") as? [String: Any])?["pairs"] as? [[String: Any]]) ?? [] {
            for side in ["first", "second"] {
                guard let track = pair[side] as? [String: Any] else { continue }
                result.append(CaptionTexts(place: "bilingual.json: \(pair["name"] ?? "") \(side)", language: track["language"] as? String, cues: triples(track["cues"])))
            }
        }
        for look in ((try json("looks.json") as? [String: Any])?["captions"] as? [[String: Any]]) ?? [] {
            let words = look["words"] as? [String] ?? []
            let text = words.joined(separator: look["separator"] as? String ?? " ")
            result.append(CaptionTexts(place: "looks.json: \(look["name"] ?? "")", language: look["language"] as? String, cues: single(text)))
        }
        for file in (try json("cue-files.json") as? [[String: Any]]) ?? [] {
            result.append(CaptionTexts(place: "cue-files.json: \(file["name"] ?? "")", language: file["language"] as? String, cues: objects(file["cues"])))
        }
        return result.filter { !$0.cues.isEmpty }
    }
}
