/// The lower-level error behind a domain failure (a story that could not be loaded, a sign-in that failed), kept so
/// that a front can describe it in detail: a terminal says "connection refused"; a screen may only need the case it
/// came in.
///
/// Two causes are equal when they are the same error: same type, same value as `String(reflecting:)` shows it.
public struct FailureCause: Sendable, Equatable, CustomStringConvertible {
    public let error: any Error

    public init(_ error: any Error) {
        self.error = error
    }

    public var description: String { String(reflecting: error) }

    public static func == (lhs: FailureCause, rhs: FailureCause) -> Bool {
        type(of: lhs.error) == type(of: rhs.error) && lhs.description == rhs.description
    }
}
