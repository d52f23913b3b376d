import Foundation

/// Two words across a space that a caption keeps together, in a line and in a caption: a
/// name and its number (`iPhone 15`, `Windows 11`, `Chapter 3`: a word with a capital letter
/// before a number), a number and its unit (`12 km`, `30 fps`, `5 GB`), the digit groups of
/// one number (`10 000`), and a number and a currency or percent sign written apart from it
/// (`20 €`, `$ 20`, `5 %`). The line breaker (`BreakRules`) and the chunker both ask it.
public enum BoundWords {
    /// Whether `before` and `after` (two words as shown, punctuation included, a space
    /// between them) are a bound pair.
    public static func binds(_ before: String, _ after: String) -> Bool {
        guard let first = after.unicodeScalars.first, let last = before.unicodeScalars.last else { return false }
        if first.isDigit {
            // `$ 20`, but not `20$ 30` (that sign is the 20's).
            if last.isNumberPrefix { return before.unicodeScalars.dropLast().last?.isDigit != true }
            if before.unicodeScalars.contains(where: { $0.properties.isUppercase })
                && before.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic })
            {
                return true
            }
            // Digit groups: `10 000`, `1 250 000`.
            return last.isDigit && after.unicodeScalars.prefix(while: \.isDigit).count == 3
                && before.unicodeScalars.allSatisfy { $0.isDigit }
        }
        guard last.isDigit else { return false }
        // `20 €`, but not `20 $30` (that sign is the 30's).
        if first.isNumberSuffix { return after.unicodeScalars.dropFirst().first?.isDigit != true }
        return units.contains(after.trimmingCharacters(in: .punctuationCharacters))
    }

    /// Units written after a number, as they are spelled.
    public static let units: Set<String> = [
        "mm", "cm", "m", "km", "ft", "mi", "mg", "g", "kg", "lb", "lbs", "oz", "ml", "l", "s", "ms", "min", "h", "hr", "hrs",
        "Hz", "kHz", "MHz", "GHz", "fps", "px", "pt", "KB", "kB", "MB", "GB", "TB", "mAh", "kW", "mph", "km/h", "°C", "°F",
        "bpm", "kcal",
    ]
}

extension Unicode.Scalar {
    /// A decimal digit of any script (`5`, `５`, `๕`).
    var isDigit: Bool { properties.numericType == .decimal }

    /// A symbol written before a number: a currency sign, `#`, `＃`, `№`.
    public var isNumberPrefix: Bool {
        properties.generalCategory == .currencySymbol || "#＃№".unicodeScalars.contains(self)
    }

    /// A symbol written after a number: a currency sign, `%`, `％`, `‰`, `‱`, `°`, `℃`, `℉`.
    public var isNumberSuffix: Bool {
        properties.generalCategory == .currencySymbol || "%％‰‱°℃℉".unicodeScalars.contains(self)
    }
}
