import Foundation
import OpenAPIRuntime

/// Reads and writes RFC 3339 date-times (`2026-11-21T10:00:00Z`, `2026-11-21T10:00:00.125963+02:00`) without a lock.
///
/// The runtime's default transcoder shares one `ISO8601DateFormatter` behind a lock: it dominated the cost of decoding
/// a page, serialised every concurrent decode, and refused fractional seconds. This one parses the bytes directly,
/// strictly: a date that does not exist (February 30, hour 25) is an error rather than a silently shifted instant,
/// because a server that sends one has a bug a client should not paper over. Lower-case `t` and `z` are accepted, as
/// RFC 3339 §5.6 allows; a leap second (`:60`) is read as the last second of its minute.
public struct RFC3339DateTranscoder: DateTranscoder {
    public init() {}

    public func encode(_ date: Date) throws -> String {
        RFC3339UTCFormatter.string(from: date, includingMilliseconds: Self.hasFraction(date))
    }

    /// Appends the UTF-8 bytes of `encode(_:)` to `bytes` without making a `String`, for a server that writes many
    /// dates into one body.
    public func encode(_ date: Date, appendingTo bytes: inout [UInt8]) {
        RFC3339UTCFormatter.append(date, includingMilliseconds: Self.hasFraction(date), to: &bytes)
    }

    private static func hasFraction(_ date: Date) -> Bool {
        date.timeIntervalSince1970.rounded(.down) != date.timeIntervalSince1970
    }

    public func decode(_ string: String) throws -> Date {
        var text = string
        guard let date = text.withUTF8({ Self.parse($0) }) else { throw InvalidRFC3339DateTime(text: string) }
        return date
    }

    /// Parses `full-date "T" full-time` (RFC 3339 §5.6) from UTF-8 bytes, as `decode(_:)` does from a string; nil if
    /// they are not one. For readers that hold the bytes of a document and need no `String` of them.
    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        var reader = Reader(bytes: bytes)
        guard let year = reader.digits(4), reader.skip("-"),
            let month = reader.digits(2), reader.skip("-"),
            let day = reader.digits(2), reader.skip("T") || reader.skip("t"),
            let hour = reader.digits(2), reader.skip(":"),
            let minute = reader.digits(2), reader.skip(":"),
            let second = reader.digits(2)
        else { return nil }
        guard (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day), hour <= 23,
            minute <= 59, second <= 60
        else { return nil }
        var fraction = 0.0
        if reader.skip(".") {
            var scale = 0.1
            var count = 0
            while let digit = reader.digit() {
                fraction += Double(digit) * scale
                scale /= 10
                count += 1
            }
            guard count > 0 else { return nil }
        }
        let offsetSeconds: Int
        if reader.skip("Z") || reader.skip("z") {
            offsetSeconds = 0
        } else {
            let sign: Int
            if reader.skip("+") { sign = 1 } else if reader.skip("-") { sign = -1 } else { return nil }
            guard let offsetHour = reader.digits(2), reader.skip(":"), let offsetMinute = reader.digits(2),
                offsetHour <= 23, offsetMinute <= 59
            else { return nil }
            offsetSeconds = sign * (offsetHour * 3600 + offsetMinute * 60)
        }
        guard reader.isAtEnd else { return nil }
        let days = daysSinceEpoch(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + min(second, 59) - offsetSeconds
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
    static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        var isAtEnd: Bool { index == bytes.count }

        mutating func skip(_ character: Unicode.Scalar) -> Bool {
            guard index < bytes.count, bytes[index] == UInt8(character.value) else { return false }
            index += 1
            return true
        }

        mutating func digit() -> Int? {
            guard index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) else {
                return nil
            }
            defer { index += 1 }
            return Int(bytes[index] - UInt8(ascii: "0"))
        }

        mutating func digits(_ count: Int) -> Int? {
            var value = 0
            for _ in 0..<count {
                guard let digit = digit() else { return nil }
                value = value * 10 + digit
            }
            return value
        }
    }
}

/// A string that is not an RFC 3339 date-time.
public struct InvalidRFC3339DateTime: Error, Sendable, Equatable {
    public let text: String
}
