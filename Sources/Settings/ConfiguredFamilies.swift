import Foundation
import FoundationXML

/// The font families a fontconfig file names, read with Foundation's XML parser: the strings
/// of its `<edit name="family">` elements and the families inside `<prefer>`, in order, once.
final class ConfiguredFamilies: NSObject, XMLParserDelegate {
    private var families: [String] = []
    private var inFamilyEdit = false
    private var inPrefer = false
    private var text: String?

    static func read(_ file: URL) -> [String] {
        guard let parser = XMLParser(contentsOf: file) else { return [] }
        let reader = ConfiguredFamilies()
        parser.delegate = reader
        _ = parser.parse()
        return reader.families
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String]) {
        switch name {
        case "edit": inFamilyEdit = attributes["name"] == "family"
        case "prefer": inPrefer = true
        case "string" where inFamilyEdit, "family" where inPrefer: text = ""
        default: break
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { text? += string }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        switch name {
        case "edit": inFamilyEdit = false
        case "prefer": inPrefer = false
        case "string", "family":
            if let family = text?.trimmingCharacters(in: .whitespacesAndNewlines), !family.isEmpty, !families.contains(family) {
                families.append(family)
            }
            text = nil
        default: break
        }
    }
}

extension Resources {
    /// The font families a fontconfig file names in its `<family>` elements (`ConfiguredFamilies`).
    public static func configuredFamilies(in file: URL) -> [String] { ConfiguredFamilies.read(file) }
}
