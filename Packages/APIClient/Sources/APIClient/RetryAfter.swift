import Foundation

/// A server's `Retry-After` header (RFC 9110 §10.2.3): a delay in whole seconds, or an HTTP-date.
///
/// Parsing never traps and never trusts the value: anything that is not a non-negative integer or an IMF-fixdate
/// is ignored, and the delay is clamped to `maximumDelay`, so `inf`, `nan`, `-5` or `1e20` cannot reach arithmetic.
public struct RetryAfter: Sendable, Equatable {
    /// How long the server asked the client to wait, from when the answer arrived.
    public let delay: Duration

    /// A delay longer than this is clamped: no answer can make a client plan to wait for days.
    public static let maximumDelay: Duration = .seconds(24 * 3600)

    public init(delay: Duration) {
        self.delay = min(max(delay, .zero), Self.maximumDelay)
    }

    /// Parses a `Retry-After` value received at `now`; `nil` when it is neither form.
    public init?(headerValue: String, now: Date) {
        let value = headerValue.trimmingCharacters(in: .whitespaces)
        if !value.isEmpty, value.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
            // Digits only. Leading zeros write no value (`0000007` is 7 s); more than 6 significant digits is more
            // than the clamp anyway, and keeps Int parsing in range.
            let significant = value.drop { $0 == "0" }
            let seconds = significant.count > 6 ? Int.max : Int(significant) ?? 0
            self.init(delay: seconds == Int.max ? Self.maximumDelay : .seconds(seconds))
            return
        }
        guard let date = Self.httpDate(value) else { return nil }
        let seconds = date.timeIntervalSince(now)
        guard seconds.isFinite else { return nil }
        self.init(delay: seconds <= 0 ? .zero : .seconds(min(seconds, 24 * 3600).rounded(.up)))
    }

    /// The preferred HTTP-date form, `Sun, 06 Nov 1994 08:49:37 GMT`. The obsolete forms are not sent by servers in
    /// practice and are ignored, which only costs the hint. A formatter is made per call: a `Retry-After` date is
    /// rare, and a shared `DateFormatter` would need a lock.
    private static func httpDate(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.date(from: text)
    }
}
