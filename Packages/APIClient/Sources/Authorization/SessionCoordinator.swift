import Foundation

/// Owns the session for one server origin: sign-in, the cached token the middleware attaches, and what happens when
/// the server rejects it.
///
/// The hot path (`currentAuthorization`) serves the cached credential without touching the store.
public actor SessionCoordinator: AccessTokenProviding {
    public nonisolated let origin: ServerOrigin
    private let store: any CredentialsStoring
    private let tokenEndpoint: TokenEndpoint
    private let now: @Sendable () -> Date
    private var cached: Credential?

    public init(
        origin: ServerOrigin,
        store: any CredentialsStoring,
        tokenEndpoint: TokenEndpoint,
        now: @escaping @Sendable () -> Date
    ) {
        self.origin = origin
        self.store = store
        self.tokenEndpoint = tokenEndpoint
        self.now = now
    }

    /// Exchanges a username and password for tokens and stores them, replacing any session this origin had.
    @discardableResult
    public func signIn(username: String, password: Secret) async throws -> Credential {
        guard origin.allowsCredentials else { throw TokenEndpointError.insecureTransport(origin: origin.key) }
        let grant = try await tokenEndpoint.requestTokens(for: .password(username: username, password: password))
        let credential = Credential(
            origin: origin,
            account: username,
            accessToken: grant.accessToken,
            refreshToken: grant.refreshToken,
            scope: grant.scope,
            expiresAt: grant.expiresAt,
            issuedAt: grant.issuedAt
        )
        let saved = try await store.replace(with: credential)
        cached = saved
        return saved
    }

    /// The stored session, if any.
    public func storedCredential() async throws -> Credential? {
        if let cached { return cached }
        cached = try await store.credential(for: origin)
        return cached
    }

    public func currentAuthorization() async throws -> BearerAuthorization {
        guard let credential = try await storedCredential() else {
            throw AuthorizationError.notSignedIn(origin: origin.key)
        }
        guard origin.allowsCredentials else { throw TokenEndpointError.insecureTransport(origin: origin.key) }
        return BearerAuthorization(accessToken: credential.accessToken, generation: credential.generation)
    }

    public func authorizationAfterRejection(of rejected: BearerAuthorization) async throws -> BearerAuthorization? {
        // Refreshing is not implemented yet: a rejected token ends the session until the user signs in again.
        throw AuthorizationError.sessionExpired(origin: origin.key)
    }
}
