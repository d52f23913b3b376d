import Caching
import Captions
import Foundation
import FoundationXML
import Synchronization

/// The Unicode CLDR emoji annotations Debian installs (`unicode-cldr-core`): one XML file a
/// language, `<annotation cp="🍕">pizza | slice</annotation>` and its `type="tts"` name.
/// Read with Foundation's XML parser; each language's table is made once and held.
public enum EmojiAnnotations {
    /// Where the annotation files are (`BURN_CAPTIONS_CLDR` names another folder, for tests).
    static var folder: URL {
        URL(fileURLWithPath: ProcessInfo.processInfo.environment["BURN_CAPTIONS_CLDR"] ?? "/usr/share/unicode/cldr/common/annotations")
    }

    /// What is missing when the annotations are not installed, as a message; nil when they are.
    public static var missing: String? {
        FileManager.default.fileExists(atPath: folder.appendingPathComponent("en.xml").path)
            ? nil : "the Unicode CLDR emoji annotations are not installed (\(folder.path): Debian package unicode-cldr-core)"
    }

    /// The tables made so far, by file path (a language's files, most general first): a
    /// handful of languages a run.
    private static let made = Mutex(BoundedCache<[String], EmojiKeywords>(limit: 32))

    /// The CLDR table of `language` (BCP-47): its language's file, with its script's or
    /// region's file over it (`zh_Hant`, `es_MX`); empty when CLDR has none. `table` names the
    /// words that are never keywords.
    public static func keywords(for language: String, table: PhraseTable?) throws -> EmojiKeywords {
        let files = files(for: language)
        if let held = made.withLock({ $0.value(for: files) }) { return held }
        var annotations: [String: EmojiKeywords.Annotation] = [:]
        var order: [String] = []
        for file in files {
            for annotation in try read(folder.appendingPathComponent(file)) {
                if annotations[annotation.emoji] == nil { order.append(annotation.emoji) }
                var merged = annotations[annotation.emoji] ?? annotation
                if let name = annotation.name { merged.name = name }
                if !annotation.keywords.isEmpty { merged.keywords = annotation.keywords }
                annotations[annotation.emoji] = merged
            }
        }
        let name = files.last.map { String($0.dropLast(4)) } ?? language
        let table = EmojiKeywords.cldr(order.compactMap { annotations[$0] }, source: "CLDR \(name)", table: table)
        made.withLock { $0.insert(table, for: files) }
        return table
    }

    /// The files of `language` that exist, most general first: `es.xml` then `es_MX.xml`;
    /// Chinese of Taiwan, Hong Kong or Macau (or written `Hant`) `zh.xml` then `zh_Hant.xml`.
    static func files(for language: String) -> [String] {
        let parts = language.split(separator: "-").map(String.init)
        guard let primary = parts.first?.lowercased(), !primary.isEmpty else { return [] }
        var names = [primary]
        for part in parts.dropFirst() {
            if part.count == 4 { names.append("\(primary)_\(part.prefix(1).uppercased())\(part.dropFirst().lowercased())") }
            if part.count == 2 { names.append("\(primary)_\(part.uppercased())") }
        }
        if primary == "zh", parts.dropFirst().contains(where: { ["TW", "HK", "MO"].contains($0.uppercased()) }) {
            names.insert("zh_Hant", at: 1)
        }
        return names.map { "\($0).xml" }.filter { FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path) }
    }

    /// The annotations of one file; an error names the file and the line where its XML breaks.
    static func read(_ file: URL) throws -> [EmojiKeywords.Annotation] {
        guard let data = FileManager.default.contents(atPath: file.path) else {
            throw SettingsError.input("\(file.path): cannot read the emoji annotations")
        }
        let parser = XMLParser(data: data)
        let reader = AnnotationReader()
        parser.delegate = reader
        guard parser.parse() else {
            throw SettingsError.input("\(file.path):\(parser.lineNumber): not CLDR annotations XML (\(parser.parserError?.localizedDescription ?? "unreadable"))")
        }
        return reader.order.compactMap { reader.found[$0] }
    }

    /// Collects `<annotation>` elements: keywords split at `|`, the `tts` one as the name.
    private final class AnnotationReader: NSObject, XMLParserDelegate {
        var found: [String: EmojiKeywords.Annotation] = [:]
        var order: [String] = []
        private var current: (emoji: String, isName: Bool)?
        private var text = ""

        func parser(
            _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            guard element == "annotation", let emoji = attributes["cp"] else { return }
            current = (emoji, attributes["type"] == "tts")
            text = ""
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if current != nil { text += string }
        }

        func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
            guard element == "annotation", let (emoji, isName) = current else { return }
            current = nil
            if found[emoji] == nil {
                found[emoji] = EmojiKeywords.Annotation(emoji: emoji, name: nil, keywords: [])
                order.append(emoji)
            }
            let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
            if isName {
                found[emoji]?.name = value
            } else {
                found[emoji]?.keywords = value.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            }
        }
    }
}
