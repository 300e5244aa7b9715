import Foundation

/// What a browser sign-in (authorization code with PKCE) shows while it waits: the server's sign-in page to open. Its
/// address carries a challenge and a state, nothing that could be exchanged for tokens, so it may be shown.
public struct BrowserSignInPrompt: Sendable, Equatable {
    public var authorizationURL: URL

    public init(authorizationURL: URL) {
        self.authorizationURL = authorizationURL
    }
}
