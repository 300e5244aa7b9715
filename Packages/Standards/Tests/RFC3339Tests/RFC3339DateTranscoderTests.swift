import Foundation
import RFC3339
import Testing

@Suite("RFC 3339 date transcoder")
struct RFC3339DateTranscoderTests {
    static let transcoder = RFC3339DateTranscoder()

    @Test(
        "Reads date-times with and without fractional seconds and with any offset",
        arguments: [
            ("2026-11-21T10:00:00Z", 1_795_255_200.0),
            ("2026-11-21T10:00:00.125963Z", 1_795_255_200.125963),
            ("2026-11-21T10:00:00.5Z", 1_795_255_200.5),
            ("2026-11-21T12:00:00+02:00", 1_795_255_200.0),
            ("2026-11-21T04:30:00-05:30", 1_795_255_200.0),
            ("2026-11-21t10:00:00z", 1_795_255_200.0),
            ("1970-01-01T00:00:00Z", 0),
            ("1969-12-31T23:59:59Z", -1),
            ("2024-02-29T00:00:00Z", 1_709_164_800),
            ("2000-02-29T00:00:00Z", 951_782_400),
            ("2016-12-31T23:59:60Z", 1_483_228_799),
        ])
    func readsValidForms(text: String, secondsSince1970: Double) throws {
        let date = try Self.transcoder.decode(text)
        #expect(abs(date.timeIntervalSince1970 - secondsSince1970) < 0.000_001)
    }

    @Test(
        "Refuses what is not an RFC 3339 date-time, including dates that do not exist",
        arguments: [
            "", "garbage", "2026-11-21", "2026-11-21T10:00:00", "2026-11-21 10:00:00Z", "2026-11-21T10:00Z",
            "2026-02-30T10:00:00Z", "2026-13-01T10:00:00Z", "2026-00-10T10:00:00Z", "2023-02-29T00:00:00Z",
            "1900-02-29T00:00:00Z", "2026-11-21T24:00:00Z", "2026-11-21T10:60:00Z", "2026-11-21T10:00:61Z",
            "2026-11-21T10:00:00.Z", "2026-11-21T10:00:00+0200", "2026-11-21T10:00:00+24:00",
            "2026-11-21T10:00:00Zjunk",
            "+2026-11-21T10:00:00Z", "２０２６-11-21T10:00:00Z",
        ])
    func refusesInvalidForms(text: String) {
        #expect(throws: InvalidRFC3339DateTime.self) { try Self.transcoder.decode(text) }
    }

    @Test(
        "Writes whole seconds without a fraction and keeps a fraction when there is one, both readable again",
        arguments: [
            (0.0, "1970-01-01T00:00:00Z"), (1_795_255_200, "2026-11-21T10:00:00Z"), (1.5, "1970-01-01T00:00:01.500Z"),
        ])
    func writes(secondsSince1970: Double, expected: String) throws {
        let text = try Self.transcoder.encode(Date(timeIntervalSince1970: secondsSince1970))
        #expect(text == expected)
        #expect(try Self.transcoder.decode(text).timeIntervalSince1970 == secondsSince1970)
    }

    @Test(
        "Writes what Date.ISO8601FormatStyle writes from 1582-10-15 on: milliseconds, truncated, only with a fraction",
        arguments: [0, -1, -0.5, 0.9996, 1_795_255_200.125963, 951_825_600, -12_219_292_800, 253_402_300_800.25])
    func writesAsFoundationDoes(secondsSince1970: Double) throws {
        let date = Date(timeIntervalSince1970: secondsSince1970)
        let hasFraction = secondsSince1970.rounded(.down) != secondsSince1970
        #expect(
            try Self.transcoder.encode(date)
                == date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: hasFraction)))
    }

    @Test(
        "Appends to bytes what it writes as a string, after what the bytes already hold",
        arguments: [0, -1, -0.5, 0.9996, 1_795_255_200.125963, -62_135_596_800, 253_402_300_800.25])
    func appendsBytes(secondsSince1970: Double) throws {
        let date = Date(timeIntervalSince1970: secondsSince1970)
        var bytes = Array("\"createdAt\":\"".utf8)
        Self.transcoder.encode(date, appendingTo: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "\"createdAt\":\"" + (try Self.transcoder.encode(date)))
    }
}
