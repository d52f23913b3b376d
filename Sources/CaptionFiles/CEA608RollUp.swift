import Foundation
import UnicodeText

/// Two bytes of CEA-608 field 1, odd parity set in bit 7 of each.
public struct CEA608Pair: Sendable, Equatable, CustomStringConvertible {
    public var first: UInt8
    public var second: UInt8

    /// The pair of 7-bit values `first` and `second`, parity set.
    public init(_ first: UInt8, _ second: UInt8) {
        self.first = Self.parity(first)
        self.second = Self.parity(second)
    }

    /// Nothing to show: 0x80 0x80.
    public static let null = CEA608Pair(0, 0)

    /// `value` (7 bits) with bit 7 set when the other bits hold an even number of ones.
    static func parity(_ value: UInt8) -> UInt8 {
        let low = value & 0x7F
        return low.nonzeroBitCount % 2 == 0 ? low | 0x80 : low
    }

    public var description: String { String(format: "%02X %02X", first, second) }
}

/// Captions as CEA-608 roll-up on CC1 (field 1, channel 1): the words are written as they
/// are spoken on the bottom row (row 15), and a word that does not fit the row's 32 columns
/// rolls the rows up and starts a new one; 2, 3 or 4 rows show. A word longer than a row is
/// cut across rows. A new speaker starts a row with ">> " (the 608 custom). Control codes
/// (and special and extended characters) are sent twice in a row, as receivers expect and
/// ignore the repeat; text goes two characters to a pair.
public struct CEA608RollUp: Sendable {
    /// Columns in a row.
    public static let columns = 32
    /// How many rows show (2, 3 or 4).
    public let rows: Int
    /// The cursor's column on the bottom row; nil before `start` and after `end`.
    private(set) var column: Int?
    private var speaker: String?

    public init(rows: Int = 2) {
        precondition((2...4).contains(rows), "608 roll-up shows 2, 3 or 4 rows")
        self.rows = rows
    }

    // Control codes of CC1 (first byte 0x14), 47 CFR §15.119.
    private static let eraseDisplayed: (UInt8, UInt8) = (0x14, 0x2C)
    private static let carriageReturn: (UInt8, UInt8) = (0x14, 0x2D)
    /// Row 15, column 1, white (a preamble address code).
    private static let bottomRow: (UInt8, UInt8) = (0x14, 0x60)

    private static func twice(_ code: (UInt8, UInt8)) -> [CEA608Pair] {
        [CEA608Pair(code.0, code.1), CEA608Pair(code.0, code.1)]
    }

    /// The pairs that clear the screen and start roll-up on the bottom row.
    public mutating func start() -> [CEA608Pair] {
        column = 0
        speaker = nil
        return Self.twice(Self.eraseDisplayed) + Self.twice((0x14, 0x25 + UInt8(rows - 2))) + Self.twice(Self.carriageReturn)
            + Self.twice(Self.bottomRow)
    }

    /// The pairs that roll the rows up and start a new bottom row.
    private mutating func newRow() -> [CEA608Pair] {
        column = 0
        return Self.twice(Self.carriageReturn) + Self.twice(Self.bottomRow)
    }

    /// The pairs that show `word` after the words before it (a space between them), said by
    /// `speaker` (nil: no speaker named). Starts roll-up when it has not started. Throws
    /// `CEA608Error.unsupported` for a character no 608 set has.
    public mutating func append(_ word: String, speaker: String? = nil, transliterator: Transliterator? = nil) throws -> [CEA608Pair] {
        var codes = try CEA608Charset.codes(word.trimmingCharacters(in: .whitespacesAndNewlines), transliterator: transliterator)
        guard !codes.isEmpty else { return [] }
        var pairs = column == nil ? start() : []
        if let speaker, speaker != self.speaker {
            if column != 0 { pairs += newRow() }
            codes = try CEA608Charset.codes(">> ", transliterator: nil) + codes
            self.speaker = speaker
        } else if column != 0 {
            if column! + 1 + codes.count > Self.columns {
                pairs += newRow()
            } else {
                codes.insert(.basic(0x20), at: 0)
            }
        }
        var pending: UInt8?  // a basic byte waiting for the second of its pair
        func flush() {
            if let byte = pending { pairs.append(CEA608Pair(byte, 0)) }
            pending = nil
        }
        func basic(_ byte: UInt8) {
            if let first = pending {
                pairs.append(CEA608Pair(first, byte))
                pending = nil
            } else {
                pending = byte
            }
        }
        for code in codes {
            if column! == Self.columns {
                flush()
                pairs += newRow()
                if case .basic(0x20) = code { continue }  // a row does not start with a space
            }
            switch code {
            case .basic(let byte):
                basic(byte)
            case .special(let second):
                flush()
                pairs += Self.twice((0x11, second))
            case .extended(let first, let second, let fallback):
                basic(fallback)
                flush()
                pairs += Self.twice((first, second))
            }
            column! += 1
        }
        flush()
        return pairs
    }

    /// The pairs that end the captions: the bottom row rolled up (a receiver shows a row once
    /// the next carriage return or erase comes), then the screen cleared.
    public mutating func end() -> [CEA608Pair] {
        guard column != nil else { return [] }
        column = nil
        speaker = nil
        return Self.twice(Self.carriageReturn) + Self.twice(Self.eraseDisplayed)
    }
}
