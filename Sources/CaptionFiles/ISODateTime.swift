/// Internet date-times (RFC 3339, the ISO-8601 profile that logs write):
/// `2024-05-01T10:00:02.250Z`, `2024-05-01T12:00:02+02:00`; `T` and `Z` may be lowercase and
/// the fraction has any number of digits. Read here rather than with `ISO8601DateFormatter`,
/// which on Linux crashes (a division by zero in ICU) or gives a wrong time for a long fraction.
enum ISODateTime {
    /// Milliseconds since 1970 of `text`, or nil when it is not such a date-time.
    static func milliseconds(_ text: String) -> Double? {
        var reader = Reader(bytes: Array(text.utf8))
        guard let year = reader.number(digits: 4), reader.skip("-"), let month = reader.number(digits: 2),
            reader.skip("-"), let day = reader.number(digits: 2), reader.skip("T") || reader.skip("t"),
            let hour = reader.number(digits: 2), reader.skip(":"), let minute = reader.number(digits: 2),
            reader.skip(":"), let second = reader.number(digits: 2),
            (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day), hour < 24, minute < 60,
            second < 60
        else { return nil }
        var fraction = 0.0
        if reader.skip(".") {
            let digits = reader.digits()
            guard !digits.isEmpty, let value = Double("0." + digits) else { return nil }
            fraction = value
        }
        var offset = 0  // minutes east of UTC
        if !(reader.skip("Z") || reader.skip("z")) {
            let sign = reader.skip("+") ? 1 : reader.skip("-") ? -1 : 0
            guard sign != 0, let hours = reader.number(digits: 2), reader.skip(":"),
                let minutes = reader.number(digits: 2), hours < 24, minutes < 60
            else { return nil }
            offset = sign * (hours * 60 + minutes)
        }
        guard reader.atEnd else { return nil }
        let seconds = daysSince1970(year: year, month: month, day: day) * 86_400 + hour * 3600
            + (minute - offset) * 60 + second
        return (Double(seconds) + fraction) * 1000
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        return [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
    }

    /// Days from 1970-01-01 to a date of the proleptic Gregorian calendar, year 0 or later.
    private static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        // Years start in March, so that a leap day is the last day of its year.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// A cursor over UTF-8 bytes.
    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        var atEnd: Bool { index == bytes.count }

        /// Moves past `character` when it comes next.
        mutating func skip(_ character: Unicode.Scalar) -> Bool {
            guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
            index += 1
            return true
        }

        /// The number that exactly `count` ASCII digits make, or nil.
        mutating func number(digits count: Int) -> Int? {
            guard index + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[index..<(index + count)] {
                guard let digit = Self.digit(byte) else { return nil }
                value = value * 10 + digit
            }
            index += count
            return value
        }

        /// The ASCII digits that come next, as text (possibly empty).
        mutating func digits() -> String {
            let start = index
            while index < bytes.count, Self.digit(bytes[index]) != nil { index += 1 }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }

        private static func digit(_ byte: UInt8) -> Int? {
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? Int(byte - UInt8(ascii: "0")) : nil
        }
    }
}
