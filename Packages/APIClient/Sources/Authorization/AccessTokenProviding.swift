import Foundation
import RFC9449

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

/// An access token together with the credential generation it came from, and the DPoP key it is bound to, if any.
public struct BearerAuthorization: Sendable, Equatable {
    public var accessToken: Secret
    public var generation: Int64
    /// The key whose proofs must go with the token (RFC 9449 §7.1); `nil`: a bearer token.
    public var dpopKey: DPoPSigningKey?

    public init(accessToken: Secret, generation: Int64, dpopKey: DPoPSigningKey? = nil) {
        self.accessToken = accessToken
        self.generation = generation
        self.dpopKey = dpopKey
    }

    /// The `Authorization` header value: `DPoP <token>` for a DPoP-bound token, else `Bearer <token>`. Never log it.
    var headerValue: String { (dpopKey == nil ? "Bearer " : "DPoP ") + accessToken.unredacted }
}
