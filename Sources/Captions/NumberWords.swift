/// Numbers as words: a cue that writes `25%` and a recognizer that writes `twenty five percent`
/// (or the other way round) say the same thing, and forced alignment pairs them. A comparison
/// key (`ScriptAligner.key`: lowercase, letters and digits) is a number when it holds a digit
/// (a Chinese or Japanese numeral too) or is made of a language's number words end to end
/// (`twentyfive`, `fünfundzwanzig`, `quatrevingtdix`).
enum NumberWords {
    /// Per primary language subtag: the words that are numbers on their own (with percent,
    /// the decimal point and the common currencies), then the pieces that only join them
    /// inside a compound (`und` of `fünfundzwanzig`, `vent` of `ventuno`).
    static let table: [String: (words: String, parts: String)] = [
        "en": (
            "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
                + "sixteen seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety "
                + "hundred thousand million billion point percent dollar dollars euro euros pound pounds cent cents oclock",
            "and"
        ),
        "de": (
            "null eins ein eine zwei drei vier fünf sechs sieben acht neun zehn elf zwölf dreizehn vierzehn "
                + "fünfzehn sechzehn siebzehn achtzehn neunzehn zwanzig dreißig dreissig vierzig fünfzig sechzig "
                + "siebzig achtzig neunzig hundert tausend million millionen milliarde milliarden komma prozent "
                + "euro dollar cent uhr",
            "und"
        ),
        "fr": (
            "zéro un une deux trois quatre cinq six sept huit neuf dix onze douze treize quatorze quinze seize "
                + "vingt vingts trente quarante cinquante soixante cent cents mille million millions milliard "
                + "virgule pourcent euro euros dollar dollars heure heures",
            "et"
        ),
        "es": (
            "cero uno una un dos tres cuatro cinco seis siete ocho nueve diez once doce trece catorce quince "
                + "dieciséis dieciseis diecisiete dieciocho diecinueve veinte veintiuno veintidós veintitrés "
                + "veintiséis treinta cuarenta cincuenta sesenta setenta ochenta noventa cien ciento cientos "
                + "doscientos trescientos cuatrocientos quinientos mil millón millones coma punto porciento "
                + "euro euros dólar dólares",
            "y veinti"
        ),
        "it": (
            "zero uno una due tre quattro cinque sei sette otto nove dieci undici dodici tredici quattordici "
                + "quindici sedici diciassette diciotto diciannove venti trenta quaranta cinquanta sessanta "
                + "settanta ottanta novanta cento mille mila milione milioni virgola percento euro dollari",
            "vent trent quarant cinquant sessant settant ottant novant"
        ),
        "pt": (
            "zero um uma dois duas três quatro cinco seis sete oito nove dez onze doze treze catorze quatorze "
                + "quinze dezesseis dezasseis dezessete dezassete dezoito dezenove dezanove vinte trinta quarenta "
                + "cinquenta sessenta setenta oitenta noventa cem cento duzentos trezentos quinhentos mil milhão "
                + "milhões vírgula porcento euro euros dólar dólares reais",
            "e"
        ),
        "nl": (
            "nul een één twee drie vier vijf zes zeven acht negen tien elf twaalf dertien veertien vijftien "
                + "zestien zeventien achttien negentien twintig dertig veertig vijftig zestig zeventig tachtig "
                + "negentig honderd duizend miljoen komma procent euro dollar",
            "en ën"
        ),
    ]

    /// Chinese and Japanese numerals, for keys that ICU does not give a numeric type.
    static let cjkNumerals: Set<Character> = ["〇", "零", "一", "二", "两", "兩", "三", "四", "五", "六", "七", "八", "九", "十", "百", "千", "万", "萬", "億", "亿"]

    /// The vocabulary of `language` (BCP-47; every language's when nil or not in `table`).
    struct Vocabulary: Sendable {
        let words: Set<String>
        let parts: Set<String>
        let longest: Int  // characters

        init(language: String?) {
            let primary = language?.split(separator: "-").first.map { $0.lowercased() }
            let rows = primary.flatMap { table[$0] }.map { [$0] } ?? Array(table.values)
            words = Set(rows.flatMap { $0.words.split(separator: " ").map(String.init) })
            parts = Set(rows.flatMap { $0.parts.split(separator: " ").map(String.init) })
            longest = words.union(parts).map(\.count).max() ?? 0
        }

        /// Whether the comparison key `key` is a number: it holds a digit or a numeral, or it
        /// is number words (with joining pieces between them) end to end.
        func isNumber(_ key: String) -> Bool {
            if key.contains(where: { $0.isNumber || NumberWords.cjkNumerals.contains($0) }) { return true }
            if words.contains(key) { return true }
            let characters = Array(key)
            guard characters.count <= 64 else { return false }
            // reach[k]: the first k characters are whole pieces, and whether one of them is a word.
            var reach = [Bool?](repeating: nil, count: characters.count + 1)
            reach[0] = false
            for start in characters.indices {
                guard let hadWord = reach[start] else { continue }
                for end in (start + 1)...min(characters.count, start + longest) {
                    let piece = String(characters[start..<end])
                    let isWord = words.contains(piece)
                    guard isWord || parts.contains(piece) else { continue }
                    reach[end] = (reach[end] ?? false) || hadWord || isWord
                }
            }
            return reach[characters.count] == true
        }
    }
}
