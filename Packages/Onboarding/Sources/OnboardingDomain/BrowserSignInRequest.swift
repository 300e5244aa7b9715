import Foundation

/// A browser sign-in waiting for the person: the page to open. The page's address carries nothing secret (a
/// challenge and a state, no verifier), so it may be shown and passed to a browser; what the service finishes with
/// stays inside the service, found again by `id`.
public struct BrowserSignInRequest: Sendable, Equatable {
    /// The server's sign-in page for this request.
    public var authorizationURL: URL
    /// Which of the service's pending sign-ins this is.
    public var id: UUID

    public init(authorizationURL: URL, id: UUID) {
        self.authorizationURL = authorizationURL
        self.id = id
    }
}
