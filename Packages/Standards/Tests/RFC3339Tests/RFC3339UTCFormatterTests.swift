import Foundation
import RFC3339
import SeededRandomness
import Testing

@Suite("RFC 3339 UTC formatter")
struct RFC3339UTCFormatterTests {
    static let foundationWholeSeconds = Date.ISO8601FormatStyle()
    static let foundationMilliseconds = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    @Test(
        "Writes the same bytes as Foundation's ISO 8601 style, whole seconds and milliseconds",
        arguments: [
            (Date(timeIntervalSince1970: 0.0), "1970-01-01T00:00:00Z", "1970-01-01T00:00:00.000Z"),
            (Date(timeIntervalSince1970: 1_795_255_200.125963), "2026-11-21T10:00:00Z", "2026-11-21T10:00:00.125Z"),
            // Fractions are dropped toward the past, and milliseconds are truncated, never rounded.
            (Date(timeIntervalSince1970: 0.9996), "1970-01-01T00:00:00Z", "1970-01-01T00:00:00.999Z"),
            (Date(timeIntervalSince1970: -0.5), "1969-12-31T23:59:59Z", "1969-12-31T23:59:59.500Z"),
            (Date(timeIntervalSince1970: -0.0001), "1969-12-31T23:59:59Z", "1969-12-31T23:59:59.999Z"),
            (Date(timeIntervalSince1970: -1.5), "1969-12-31T23:59:58Z", "1969-12-31T23:59:58.500Z"),
            // Too small to survive in a `Date`, which counts from 2001: the instant is 1970 exactly.
            (Date(timeIntervalSince1970: -0.000_000_001), "1970-01-01T00:00:00Z", "1970-01-01T00:00:00.000Z"),
            // The second is taken from the seconds since 2001, where this fraction still exists.
            (
                Date(timeIntervalSinceReferenceDate: -0.000_000_000_5), "2000-12-31T23:59:59Z",
                "2000-12-31T23:59:59.999Z"
            ),
            (Date(timeIntervalSince1970: 1_709_251_199), "2024-02-29T23:59:59Z", "2024-02-29T23:59:59.000Z"),
            (Date(timeIntervalSince1970: 951_825_600), "2000-02-29T12:00:00Z", "2000-02-29T12:00:00.000Z"),
            (Date(timeIntervalSince1970: -2_203_891_200), "1900-03-01T00:00:00Z", "1900-03-01T00:00:00.000Z"),
            (Date(timeIntervalSince1970: -12_219_292_800), "1582-10-15T00:00:00Z", "1582-10-15T00:00:00.000Z"),
            (Date(timeIntervalSince1970: 253_402_300_799.9999), "9999-12-31T23:59:59Z", "9999-12-31T23:59:59.999Z"),
            // From year 10000 on, Foundation's own output: five digits.
            (Date(timeIntervalSince1970: 253_402_300_800), "10000-01-01T00:00:00Z", "10000-01-01T00:00:00.000Z"),
        ])
    func matchesTable(date: Date, wholeSeconds: String, milliseconds: String) {
        #expect(RFC3339UTCFormatter.string(from: date) == wholeSeconds)
        #expect(RFC3339UTCFormatter.string(from: date, includingMilliseconds: true) == milliseconds)
        #expect(date.formatted(Self.foundationWholeSeconds) == wholeSeconds)
        #expect(date.formatted(Self.foundationMilliseconds) == milliseconds)
    }

    @Test(
        "Writes and appends the same bytes as Foundation's ISO 8601 style for 40,000 generated instants from 1582-10-15 to 10000"
    )
    func matchesFoundationOnGeneratedInstants() {
        var generator = SplitMix64(seed: 0x5EED_2026_1123)
        let firstSecond: Int64 = -12_219_292_800  // 1582-10-15, where Foundation's calendar is Gregorian
        let lastSecond: Int64 = 253_402_300_800 + 86_400 * 3  // and of five-digit years after
        var mismatches: [String] = []
        for sample in 0..<40_000 {
            let second: Int64
            if sample % 4 == 0 {
                // Around midnight, where the day, month and year change.
                let day = Int64.random(in: (firstSecond / 86_400)...(lastSecond / 86_400), using: &generator)
                second = day * 86_400 + Int64.random(in: -2...1, using: &generator)
            } else {
                second = Int64.random(in: firstSecond...lastSecond, using: &generator)
            }
            let fraction: Double =
                switch sample % 5 {
                case 0: 0
                case 1: Double.random(in: 0..<1, using: &generator)
                case 2: -Double.random(in: 0..<1, using: &generator)
                case 3: Double(Int.random(in: 0..<1000, using: &generator)) / 1000
                default: Double(Int.random(in: 0..<1_000_000, using: &generator)) / 1_000_000
                }
            let date = Date(timeIntervalSince1970: Double(second) + fraction)
            let expected = (date.formatted(Self.foundationWholeSeconds), date.formatted(Self.foundationMilliseconds))
            let actual = (
                RFC3339UTCFormatter.string(from: date),
                RFC3339UTCFormatter.string(from: date, includingMilliseconds: true)
            )
            var appended = ([UInt8](), [UInt8]())
            RFC3339UTCFormatter.append(date, to: &appended.0)
            RFC3339UTCFormatter.append(date, includingMilliseconds: true, to: &appended.1)
            let appendedText = (
                String(decoding: appended.0, as: UTF8.self), String(decoding: appended.1, as: UTF8.self)
            )
            if actual != expected || appendedText != expected {
                mismatches.append("\(date.timeIntervalSince1970): \(actual), \(appendedText) != \(expected)")
            }
        }
        #expect(mismatches.count == 0, "\(mismatches.count) mismatches, first: \(mismatches.prefix(5))")
    }

    @Test(
        "Writes proleptic Gregorian dates before 1582, as RFC 3339 does, where Foundation's calendar turns Julian",
        arguments: [
            (Date(timeIntervalSince1970: -12_219_292_801), "1582-10-14T23:59:59Z"),
            (Date(timeIntervalSince1970: -62_135_596_800), "0001-01-01T00:00:00Z"),
            (Date(timeIntervalSince1970: -62_162_121_600), "0000-02-29T00:00:00Z"),
            (Date(timeIntervalSince1970: -62_167_219_200), "0000-01-01T00:00:00Z"),
        ])
    func writesProlepticGregorian(date: Date, expected: String) {
        #expect(RFC3339UTCFormatter.string(from: date) == expected)
    }

    @Test(
        "Writes back unchanged what RFC3339DateTranscoder reads, Go's zero time included",
        arguments: [
            "0001-01-01T00:00:00Z", "0000-02-29T12:00:00Z", "1582-10-10T08:30:00Z", "1200-12-31T23:59:59Z",
            "1969-12-31T23:59:59Z", "2026-11-23T16:30:00Z", "9999-12-31T23:59:59Z",
        ])
    func roundTripsWhatTheTranscoderReads(text: String) throws {
        let date = try RFC3339DateTranscoder().decode(text)
        #expect(RFC3339UTCFormatter.string(from: date) == text)
    }

    @Test("Writes back unchanged what RFC3339DateTranscoder reads for 10,000 generated days from year 0 to 1582")
    func roundTripsGeneratedEarlyDates() throws {
        var generator = SplitMix64(seed: 0x0000_1582_1015)
        var mismatches: [String] = []
        for _ in 0..<10_000 {
            let second = Int64.random(in: -62_167_219_200 ... -12_219_292_801, using: &generator)
            let date = Date(timeIntervalSince1970: Double(second))
            let text = RFC3339UTCFormatter.string(from: date)
            if try RFC3339DateTranscoder().decode(text) != date { mismatches.append(text) }
        }
        #expect(mismatches.count == 0, "\(mismatches.count) mismatches, first: \(mismatches.prefix(5))")
    }

}
