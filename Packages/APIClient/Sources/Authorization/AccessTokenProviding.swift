import Foundation

/// What the authorisation middleware needs from a session: a token to attach, and a place to report rejections.
public protocol AccessTokenProviding: Sendable {
    /// The origin whose requests may carry the tokens.
    var origin: ServerOrigin { get }

    /// A token to attach to the next request.
    func currentAuthorization() async throws -> BearerAuthorization

    /// The token to attach if one is at hand and fresh, read without suspending; `nil` sends the caller to
    /// `currentAuthorization()`. Lets the common case, a fresh token in memory, skip an actor hop per request.
    func freshAuthorizationWithoutWaiting() -> BearerAuthorization?

    /// The server answered 401 to a request that carried `rejected`. Returns the authorisation to retry with, or
    /// `nil` when the request must not be retried.
    func authorizationAfterRejection(of rejected: BearerAuthorization) async throws -> BearerAuthorization?
}

extension AccessTokenProviding {
    /// No shortcut: every request asks `currentAuthorization()`.
    public func freshAuthorizationWithoutWaiting() -> BearerAuthorization? { nil }
}

/// An access token together with the credential generation it came from.
public struct BearerAuthorization: Sendable, Equatable {
    public var accessToken: Secret
    public var generation: Int64

    public init(accessToken: Secret, generation: Int64) {
        self.accessToken = accessToken
        self.generation = generation
    }

    /// The `Authorization` header value. Never log it.
    var headerValue: String { "Bearer \(accessToken.unredacted)" }
}
