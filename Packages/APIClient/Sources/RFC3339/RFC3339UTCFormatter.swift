import Foundation

/// Writes an instant as an RFC 3339 date-time in UTC (`2026-11-21T10:00:00Z`, `2026-11-21T10:00:00.125Z`), byte for
/// byte as `Date.ISO8601FormatStyle` does, with integer arithmetic instead of Foundation's calendar.
///
/// Foundation's first format loads its Gregorian calendar and ICU's calendar data: about 0.45 ms of a
/// `stories-cli list`, which formats a single page of dates. This reproduces that calendar's fields the way it computes
/// them: the second is `timeIntervalSinceReferenceDate` rounded down (so the fraction of an instant before 1970 is
/// dropped toward the past, and a fraction too small for the reference-date `Double` is no fraction at all), and the
/// milliseconds are the nanoseconds of the rest truncated.
///
/// One departure, on purpose: RFC 3339 dates are proleptic Gregorian (§5.6, ISO 8601), and so are the ones
/// `RFC3339DateTranscoder` reads, but Foundation's calendar turns Julian before 1582-10-15. Go's zero time,
/// `0001-01-01T00:00:00Z`, which servers written in Go send for "never", came back from Foundation as
/// `0001-01-03T00:00:00Z`; here every year from 0000 to 9999 is Gregorian, so what is read is written back unchanged.
/// Outside those years (negative years, five-digit ones) this defers to `Date.ISO8601FormatStyle`.
public enum RFC3339UTCFormatter {
    /// `yyyy-MM-ddTHH:mm:ssZ`, or `yyyy-MM-ddTHH:mm:ss.SSSZ` with `includingMilliseconds`, as
    /// `Date.ISO8601FormatStyle(includingFractionalSeconds:)` writes it.
    public static func string(from date: Date, includingMilliseconds: Bool = false) -> String {
        let sinceReference = date.timeIntervalSinceReferenceDate
        let wholeSeconds = sinceReference.rounded(.down)
        guard wholeSeconds >= firstSecondOfYear0, wholeSeconds < firstSecondOfYear10000 else {
            return date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: includingMilliseconds))
        }
        let secondsSince1970 = Int(wholeSeconds) + secondsFrom1970ToReferenceDate
        let (days, secondOfDay) = floorDivision(secondsSince1970, 86_400)
        let (year, month, day) = civilDate(daysSinceEpoch: days)
        let milliseconds =
            includingMilliseconds
            ? Int((Double(Int((sinceReference - wholeSeconds) * 1_000_000_000)) / 1_000_000).rounded(.towardZero)) : 0
        let length = includingMilliseconds ? 24 : 20
        return String(unsafeUninitializedCapacity: length) { buffer in
            var index = 0
            func append(_ value: Int, digits: Int) {
                var rest = value
                for position in stride(from: index + digits - 1, through: index, by: -1) {
                    buffer[position] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                }
                index += digits
            }
            func append(_ character: Unicode.Scalar) {
                buffer[index] = UInt8(character.value)
                index += 1
            }
            append(year, digits: 4)
            append("-")
            append(month, digits: 2)
            append("-")
            append(day, digits: 2)
            append("T")
            append(secondOfDay / 3600, digits: 2)
            append(":")
            append(secondOfDay / 60 % 60, digits: 2)
            append(":")
            append(secondOfDay % 60, digits: 2)
            if includingMilliseconds {
                append(".")
                append(milliseconds, digits: 3)
            }
            append("Z")
            return index
        }
    }

    /// 0000-01-01T00:00:00Z (proleptic Gregorian) since 2001-01-01: before it years are negative.
    static let firstSecondOfYear0: Double = -63_145_526_400
    /// 10000-01-01T00:00:00Z since 2001-01-01: from there on years have five digits.
    static let firstSecondOfYear10000: Double = 252_423_993_600
    static let secondsFrom1970ToReferenceDate = 978_307_200

    /// The proleptic Gregorian date `days` after 1970-01-01 (Howard Hinnant's `civil_from_days`, the inverse of
    /// ``RFC3339DateTranscoder``'s `days_from_civil`).
    static func civilDate(daysSinceEpoch days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func floorDivision(_ numerator: Int, _ denominator: Int) -> (quotient: Int, remainder: Int) {
        let (quotient, remainder) = numerator.quotientAndRemainder(dividingBy: denominator)
        return remainder < 0 ? (quotient - 1, remainder + denominator) : (quotient, remainder)
    }
}
