import APIClient
import Foundation
import Testing

@Suite("Retry-After (RFC 9110 §10.2.3)")
struct RetryAfterTests {
    static let now = Date(timeIntervalSince1970: 1_795_000_000)

    @Test(
        "Delay-seconds are read as the number they write, leading zeros included, and clamped to 24 hours",
        arguments: [
            ("7", 7), ("0000007", 7), ("0000000000000030", 30), ("0", 0), ("000", 0), (" 120 ", 120),
            ("86400", 86_400), ("999999", 86_400), ("99999999999999999999", 86_400), ("000000000000086401", 86_400),
        ] as [(String, Int64)])
    func delaySeconds(value: String, seconds: Int64) throws {
        let retryAfter = try #require(RetryAfter(headerValue: value, now: Self.now))
        #expect(retryAfter.delay == .seconds(seconds))
    }

    @Test("Anything else is ignored", arguments: ["", "-5", "1e20", "inf", "nan", "7.5", "+7", "seven", "٣"])
    func ignored(value: String) {
        #expect(RetryAfter(headerValue: value, now: Self.now) == nil)
    }
}
