/// An XML element as the writers build it: a name, attributes in the order given, and either
/// text or child elements. Written with two-space indents, every attribute and text escaped.
struct MarkupElement: Sendable, Equatable {
    var name: String
    var attributes: [(String, String)]
    var text: String?
    var children: [MarkupElement]

    /// An element with children (none: an empty element `<name/>`).
    init(_ name: String, _ attributes: [(String, String)] = [], _ children: [MarkupElement] = []) {
        self.name = name
        self.attributes = attributes
        self.text = nil
        self.children = children
    }

    /// An element holding only `text`.
    init(_ name: String, _ attributes: [(String, String)] = [], text: String) {
        self.name = name
        self.attributes = attributes
        self.text = text
        self.children = []
    }

    static func == (a: MarkupElement, b: MarkupElement) -> Bool {
        a.name == b.name && a.attributes.map { [$0.0, $0.1] } == b.attributes.map { [$0.0, $0.1] } && a.text == b.text
            && a.children == b.children
    }

    /// The document: the XML declaration, `<!DOCTYPE root>` and the element, ending in a newline.
    func document() -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE \(name)>\n"
        write(into: &out, indent: "")
        return out
    }

    private func write(into out: inout String, indent: String) {
        out += indent + "<" + name
        for (key, value) in attributes { out += " \(key)=\"\(Self.escape(value))\"" }
        if let text {
            out += ">" + Self.escape(text) + "</\(name)>\n"
        } else if children.isEmpty {
            out += "/>\n"
        } else {
            out += ">\n"
            for child in children { child.write(into: &out, indent: indent + "  ") }
            out += indent + "</\(name)>\n"
        }
    }

    /// `text` as XML character data or an attribute value: `& < > " '` as entities, tabs and
    /// line ends as character references, and the characters XML 1.0 does not allow (other
    /// control characters, lone surrogates cannot occur in a String, U+FFFE, U+FFFF) as U+FFFD.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t": out += "&#9;"
            case "\n": out += "&#10;"
            case "\r": out += "&#13;"
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    out += "\u{FFFD}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
