import Foundation

/// Pushing an authorization request to the server before the browser is sent to the sign-in page (RFC 9126), as a
/// seam for the browser sign-in flow.
public protocol AuthorizationRequestPushing: Sendable {
    /// Sends `request`'s parameters to `server`'s pushed authorization request endpoint and returns the one-time
    /// reference that stands for them. Throws `notPublished(.pushedAuthorizationRequest)` when `server` names no such
    /// endpoint; nothing is sent then.
    func pushAuthorizationRequest(
        _ request: AuthorizationCodeRequest, at server: AuthorizationServer
    ) async throws(TokenEndpointError) -> PushedAuthorizationRequest
}

/// The answer to a pushed authorization request (RFC 9126 §2.2): the reference to open the sign-in page with.
public struct PushedAuthorizationRequest: Sendable, Equatable {
    /// The one-time `request_uri`; it stands for the state and the challenge, so it goes only to the browser.
    public var requestURI: String
    /// When the reference stops being usable.
    public var expiresAt: Date

    public init(requestURI: String, expiresAt: Date) {
        self.requestURI = requestURI
        self.expiresAt = expiresAt
    }
}
