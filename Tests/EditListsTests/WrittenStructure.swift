import Foundation
import XCTest

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// A written edit list read as the cases check it: an XML file's elements in document order
/// (name, attributes, text), or OTIO's JSON (`Tree`) by dotted path. Keys: `element`, `element[2]`,
/// `element@attribute`, `element[2]@attribute` (the first, or the index-th, element of that
/// name); `tracks.children.0.kind` in JSON.
enum WrittenStructure {
    struct Element {
        var name: String
        var attributes: [String: String]
        var text: String
    }

    /// The elements of an XML document in document order; fails the test when it does not parse.
    static func elements(_ xml: String, file: StaticString = #filePath, line: UInt = #line) -> [Element] {
        let collector = Collector()
        let parser = XMLParser(data: Data(xml.utf8))
        parser.delegate = collector
        XCTAssertTrue(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "") in\n\(xml)", file: file, line: line)
        return collector.elements
    }

    /// The value an XML key names, nil when there is no such element or attribute.
    static func value(_ key: String, in elements: [Element]) -> String? {
        let parts = key.split(separator: "@", maxSplits: 1).map(String.init)
        var name = parts[0]
        var index = 0
        if let open = name.firstIndex(of: "["), name.hasSuffix("]") {
            index = Int(name[name.index(after: open)..<name.index(before: name.endIndex)]) ?? -1
            name = String(name[..<open])
        }
        let named = elements.filter { $0.name == name }
        guard index >= 0, index < named.count else { return nil }
        return parts.count == 2 ? named[index].attributes[parts[1]] : named[index].text
    }

    /// A JSON document, read with `JSONDecoder` (whose numbers are exact, unlike
    /// `JSONSerialization`'s on Linux).
    indirect enum Tree: Decodable {
        case object([String: Tree])
        case array([Tree])
        case string(String)
        case number(Double)
        case bool(Bool)
        case null

        init(from decoder: Decoder) throws {
            let value = try decoder.singleValueContainer()
            if value.decodeNil() {
                self = .null
            } else if let bool = try? value.decode(Bool.self) {
                self = .bool(bool)
            } else if let number = try? value.decode(Double.self) {
                self = .number(number)
            } else if let string = try? value.decode(String.self) {
                self = .string(string)
            } else if let array = try? value.decode([Tree].self) {
                self = .array(array)
            } else {
                self = .object(try value.decode([String: Tree].self))
            }
        }

        /// The document a text holds.
        static func read(_ text: String) throws -> Tree { try JSONDecoder().decode(Tree.self, from: Data(text.utf8)) }

        /// The value at a dotted path (`tracks.children.0.kind`), nil when there is none.
        func at(_ path: String) -> Tree? {
            var value = self
            for part in path.split(separator: ".") {
                switch value {
                case .object(let members):
                    guard let member = members[String(part)] else { return nil }
                    value = member
                case .array(let items):
                    guard let index = Int(part), items.indices.contains(index) else { return nil }
                    value = items[index]
                default: return nil
                }
            }
            return value
        }

        /// A leaf as the cases write it: a string as it is, a number as Swift writes a Double
        /// (`107892.0`); nil for the rest.
        var text: String? {
            switch self {
            case .string(let string): return string
            case .number(let number): return "\(number)"
            default: return nil
            }
        }

        /// An array's length, nil for the rest.
        var count: Int? {
            if case .array(let items) = self { return items.count }
            return nil
        }
    }

    private final class Collector: NSObject, XMLParserDelegate {
        var elements: [Element] = []
        var open: [Int] = []

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            open.append(elements.count)
            elements.append(Element(name: name, attributes: attributes, text: ""))
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if let last = open.last { elements[last].text += string }
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if let last = open.popLast() {
                elements[last].text = elements[last].text.trimmingCharacters(in: .whitespacesAndNewlines)
            }
        }
    }
}
