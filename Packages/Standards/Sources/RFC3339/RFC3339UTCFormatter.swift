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
        guard let fields = Fields(date, includingMilliseconds: includingMilliseconds) else {
            return date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: includingMilliseconds))
        }
        return String(unsafeUninitializedCapacity: fields.length) { fields.write(into: $0) }
    }

    /// Appends the UTF-8 bytes of `string(from:includingMilliseconds:)` to `bytes` without making a `String`, for a
    /// server that writes many dates into one body.
    public static func append(_ date: Date, includingMilliseconds: Bool = false, to bytes: inout [UInt8]) {
        guard let fields = Fields(date, includingMilliseconds: includingMilliseconds) else {
            bytes.append(contentsOf: string(from: date, includingMilliseconds: includingMilliseconds).utf8)
            return
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: fields.length) { buffer in
            let count = fields.write(into: buffer)
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<count]))
        }
    }

    /// What a date-time from year 0000 to 9999 is written from.
    private struct Fields {
        var year, month, day, secondOfDay: Int
        /// `nil` for whole seconds.
        var milliseconds: Int?

        /// `nil` outside the years 0000 to 9999, which are left to Foundation.
        init?(_ date: Date, includingMilliseconds: Bool) {
            let sinceReference = date.timeIntervalSinceReferenceDate
            let wholeSeconds = sinceReference.rounded(.down)
            guard wholeSeconds >= RFC3339UTCFormatter.firstSecondOfYear0,
                wholeSeconds < RFC3339UTCFormatter.firstSecondOfYear10000
            else { return nil }
            let secondsSince1970 = Int(wholeSeconds) + RFC3339UTCFormatter.secondsFrom1970ToReferenceDate
            let (days, secondOfDay) = RFC3339UTCFormatter.floorDivision(secondsSince1970, 86_400)
            let (year, month, day) = RFC3339UTCFormatter.civilDate(daysSinceEpoch: days)
            (self.year, self.month, self.day, self.secondOfDay) = (year, month, day, secondOfDay)
            milliseconds =
                includingMilliseconds
                ? Int((Double(Int((sinceReference - wholeSeconds) * 1_000_000_000)) / 1_000_000).rounded(.towardZero))
                : nil
        }

        var length: Int { milliseconds == nil ? 20 : 24 }

        /// Writes the date-time at the start of `buffer`, which holds at least `length` bytes; returns `length`.
        func write(into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
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
            if let milliseconds {
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

    fileprivate static func floorDivision(_ numerator: Int, _ denominator: Int) -> (quotient: Int, remainder: Int) {
        let (quotient, remainder) = numerator.quotientAndRemainder(dividingBy: denominator)
        return remainder < 0 ? (quotient - 1, remainder + denominator) : (quotient, remainder)
    }
}
