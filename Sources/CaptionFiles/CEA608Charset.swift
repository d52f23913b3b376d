import Foundation
import UnicodeText

/// The characters CEA-608 can show (47 CFR §15.119, the basic, special and extended North
/// American sets) and how each is sent, with its parity bit not yet set.
public enum CEA608Charset {
    /// How one character is sent.
    public enum Code: Sendable, Equatable {
        /// One byte of the basic set, sent two to a pair.
        case basic(UInt8)
        /// A special character: a pair of its own (first byte 0x11 on CC1), sent twice.
        case special(UInt8)
        /// An extended character: a pair of its own (first byte 0x12 or 0x13 on CC1), sent
        /// twice after a basic character a receiver without the extended set shows instead
        /// (a receiver with it steps back over that one).
        case extended(first: UInt8, second: UInt8, fallback: UInt8)
    }

    /// Where the basic set differs from ASCII: these bytes show other characters.
    static let basicOverrides: [UInt8: Character] = [
        0x27: "’", 0x2A: "á", 0x5C: "é", 0x5E: "í", 0x5F: "ó", 0x60: "ú",
        0x7B: "ç", 0x7C: "÷", 0x7D: "Ñ", 0x7E: "ñ", 0x7F: "█",
    ]
    /// The special set, second bytes 0x30 to 0x3F (0x39 is a transparent space).
    static let special: [Character] = ["®", "°", "½", "¿", "™", "¢", "£", "♪", "à", "\u{A0}", "è", "â", "ê", "î", "ô", "û"]
    /// The extended sets, second bytes 0x20 to 0x3F after 0x12 and after 0x13.
    static let extended12: [Character] = [
        "Á", "É", "Ó", "Ú", "Ü", "ü", "´", "¡", "*", "‘", "—", "©", "℠", "•", "“", "”",
        "À", "Â", "Ç", "È", "Ê", "Ë", "ë", "Î", "Ï", "ï", "Ô", "Ù", "ù", "Û", "«", "»",
    ]
    static let extended13: [Character] = [
        "Ã", "ã", "Í", "Ì", "ì", "Ò", "ò", "Õ", "õ", "{", "}", "\\", "^", "_", "|", "~",
        "Ä", "ä", "Ö", "ö", "ß", "¥", "¤", "¦", "Å", "å", "Ø", "ø", "┌", "┐", "└", "┘",
    ]
    /// Characters shown as another one of the sets: typographic quotes and dashes, the
    /// apostrophe (the basic set's 0x27 is a closing quote), bullets.
    static let alike: [Character: Character] = [
        "'": "’", "ʼ": "’", "–": "-", "‐": "-", "‑": "-", "·": "•", "\u{2007}": " ", "\u{202F}": " ",
        "„": "“", "‚": "‘", "`": "‘",
    ]

    private static let table: [Character: Code] = {
        var table: [Character: Code] = [:]
        for byte in UInt8(0x20)...0x7F {
            let character = basicOverrides[byte] ?? Character(Unicode.Scalar(byte))
            table[character] = .basic(byte)
        }
        for (index, character) in special.enumerated() { table[character] = .special(0x30 + UInt8(index)) }
        for (first, set) in [(UInt8(0x12), extended12), (0x13, extended13)] {
            for (index, character) in set.enumerated() where table[character] == nil {
                table[character] = .extended(first: first, second: 0x20 + UInt8(index), fallback: fallback(for: character))
            }
        }
        return table
    }()

    /// The basic character shown by a receiver without the extended sets: the letter
    /// without its accent, a plain quote or mark.
    private static func fallback(for character: Character) -> UInt8 {
        let plain: [Character: Character] = [
            "«": "\"", "»": "\"", "“": "\"", "”": "\"", "‘": "'", "´": "'", "¡": "!", "—": "-", "•": ".", "©": "c",
            "℠": "s", "{": "(", "}": ")", "\\": "/", "^": "'", "_": "-", "|": "!", "~": "-", "¥": "Y", "¤": "*",
            "¦": "!", "┌": "+", "┐": "+", "└": "+", "┘": "+", "ß": "s", "Ø": "O", "ø": "o",
        ]
        let base = plain[character] ?? String(character).decomposedStringWithCanonicalMapping.unicodeScalars.first
            .map { Character($0) } ?? " "
        guard let ascii = base.asciiValue, ascii >= 0x20, ascii < 0x7F, basicOverrides[ascii] == nil else { return 0x20 }
        return ascii
    }

    /// How `character` is sent, nil when no set has it (nor a character it is shown as).
    public static func code(for character: Character) -> Code? {
        if let code = table[character] { return code }
        if let other = alike[character], let code = table[other] { return code }
        return nil
    }

    /// `text` as codes, each character as one of the sets has it: Latin letters outside them
    /// lose their marks (ICU's Latin-ASCII: "ł" as "l", "œ" as "oe"); line ends and tabs are
    /// spaces. Throws `CEA608Error.unsupported` naming the first character of another script.
    public static func codes(_ text: String, transliterator: Transliterator?) throws -> [Code] {
        var codes: [Code] = []
        for character in text {
            if character.isNewline || character == "\t" {
                codes.append(.basic(0x20))
            } else if let code = code(for: character) {
                codes.append(code)
            } else if let latin = transliterator?(String(character)), latin != String(character),
                case let found = latin.compactMap(code(for:)), found.count == latin.count, !found.isEmpty
            {
                codes += found
            } else if character.unicodeScalars.allSatisfy({ $0.properties.generalCategory == .format }) {
                continue  // zero-width joiners and marks of direction show nothing
            } else {
                throw CEA608Error.unsupported(character)
            }
        }
        return codes
    }
}

/// What CEA-608 cannot carry.
public enum CEA608Error: Error, Equatable, CustomStringConvertible {
    /// A character no 608 set has (another script than Latin, an emoji).
    case unsupported(Character)

    public var description: String {
        switch self {
        case .unsupported(let character):
            let code = character.unicodeScalars.map { String(format: "U+%04X", $0.value) }
            return "608 captions carry Latin text only; \"\(character)\" (\(code.joined(separator: " "))) has no 608 code"
        }
    }
}
