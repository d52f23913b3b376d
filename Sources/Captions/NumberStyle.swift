/// How a language writes a percentage, an amount of money and a clock time: the rows of ICU
/// 78's number and time formats (CLDR 48) for those languages, as `Intl.NumberFormat` and
/// `Intl.DateTimeFormat` print them (`5 %` and `20 €` in German, `$20` in English, `%5` in
/// Turkish, `10.30` in Finnish), kept as data so the Captions module needs no formatter.
struct NumberStyle: Sendable, Equatable {
    /// The currency sign comes before the amount (`$20`, `€ 20`), else after it (`20 €`).
    var currencyFirst: Bool
    /// What stands between the amount and its currency sign: nothing or a no-break space.
    var currencySpace: String
    /// The percent sign comes before the number (`%5`), else after it.
    var percentFirst: Bool
    /// What stands between the number and the percent sign.
    var percentSpace: String
    /// Between hours and minutes.
    var clockSeparator: String

    static let noBreakSpace = "\u{A0}"

    /// English's, for a language not in `table`.
    static let standard = NumberStyle(
        currencyFirst: true, currencySpace: "", percentFirst: false, percentSpace: "", clockSeparator: ":")

    /// By primary language subtag: the languages whose writing differs from `standard`.
    static let table: [String: NumberStyle] = {
        let nbsp = noBreakSpace
        func style(_ currency: String, _ percent: String, clock: String = ":") -> NumberStyle {
            // "¤N", "¤ N", "N ¤" and "N%", "N %", "%N", as the formats read.
            NumberStyle(
                currencyFirst: currency.hasPrefix("¤"), currencySpace: currency.contains(" ") ? nbsp : "",
                percentFirst: percent.hasPrefix("%"), percentSpace: percent.contains(" ") ? nbsp : "",
                clockSeparator: clock)
        }
        return [
            "de": style("N ¤", "N %"), "fr": style("N ¤", "N %"), "es": style("N ¤", "N %"),
            "it": style("N ¤", "N%"), "pt": style("¤ N", "N%"), "nl": style("¤ N", "N%"),
            "ru": style("N ¤", "N %"), "pl": style("N ¤", "N%"), "sv": style("N ¤", "N %"),
            "fi": style("N ¤", "N %", clock: "."), "da": style("N ¤", "N %", clock: "."),
            "nb": style("N ¤", "N %"), "no": style("N ¤", "N %"), "nn": style("N ¤", "N %"),
            "tr": style("¤N", "%N"), "cs": style("N ¤", "N %"), "sk": style("N ¤", "N %"),
            "uk": style("N ¤", "N%"), "vi": style("N ¤", "N%"), "el": style("N ¤", "N%"),
            "hu": style("N ¤", "N%"), "ro": style("N ¤", "N %"), "id": style("¤N", "N%", clock: "."),
        ]
    }()

    /// The style of `language` (BCP-47), `standard` for nil or a language not in `table`.
    static func of(_ language: String?) -> NumberStyle {
        language?.split(separator: "-").first.flatMap { table[$0.lowercased()] } ?? standard
    }

    /// `amount` with the currency `sign` where this language puts it.
    func money(_ amount: String, sign: String) -> String {
        currencyFirst ? sign + currencySpace + amount : amount + currencySpace + sign
    }

    /// `number` with the percent (or per mille) `sign` where this language puts it.
    func percent(_ number: String, sign: String) -> String {
        percentFirst ? sign + percentSpace + number : number + percentSpace + sign
    }
}
