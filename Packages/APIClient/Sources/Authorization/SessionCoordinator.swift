import Foundation

/// Owns the session for one server origin: sign-in, the token the middleware attaches, proactive and reactive
/// refresh, and the cross-process protocol that keeps several processes from spending the same refresh token.
///
/// - The hot path (`currentAuthorization` with a fresh cached token) touches neither SQLite nor the lock.
/// - A refresh is one stored, unstructured `Task` that every caller awaits: N concurrent callers cause one refresh,
///   a caller arriving during the refresh cannot start a second one despite actor reentrancy, and cancelling the
///   request that started it does not cancel it.
/// - The refresh runs inside `CrossProcessLock`: re-read the store, adopt another process's result if there is one,
///   check the store is writable, spend the refresh token, write the new pair durably with compare-and-swap,
///   unlock. Two processes refreshing with the same token would look like theft to a server that detects reuse.
public actor SessionCoordinator: AccessTokenProviding, SessionManaging {
    public nonisolated let origin: ServerOrigin
    /// Refreshes, failures and sign-outs, as they happen. One consumer.
    public nonisolated let events: AsyncStream<AuthEvent>

    private let eventSink: AsyncStream<AuthEvent>.Continuation
    private let store: any CredentialsStoring
    private let tokenEndpoint: TokenEndpoint
    private let lock: any CrossProcessLock
    private let policy: RefreshPolicy
    private let now: @Sendable () -> Date
    private var cached: Credential?
    private var inFlightRefresh: Task<Credential, any Error>?
    private var refreshAttempts: [Date] = []
    /// How many callers are waiting for the in-flight refresh. Lets tests release a refresh only once every caller
    /// they started is waiting for it.
    private(set) var refreshWaiterCount = 0

    public init(
        origin: ServerOrigin,
        store: any CredentialsStoring,
        tokenEndpoint: TokenEndpoint,
        lock: any CrossProcessLock,
        policy: RefreshPolicy = RefreshPolicy(),
        now: @escaping @Sendable () -> Date
    ) {
        self.origin = origin
        self.store = store
        self.tokenEndpoint = tokenEndpoint
        self.lock = lock
        self.policy = policy
        self.now = now
        (events, eventSink) = AsyncStream.makeStream(of: AuthEvent.self, bufferingPolicy: .bufferingNewest(64))
    }

    deinit {
        eventSink.finish()
    }

    // MARK: Sign-in

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
        let store = self.store
        let saved = try await lock.withLock { try await store.replace(with: credential) }
        cached = saved
        return saved
    }

    /// Removes the local session under the cross-process lock, so no refresh of another process can write it back.
    @discardableResult
    public func signOut() async throws -> Credential? {
        let store = self.store
        let origin = self.origin
        let removed = try await lock.withLock { () async throws -> Credential? in
            let current = try await store.credential(for: origin)
            try await store.removeCredential(for: origin)
            return current
        }
        cached = nil
        if removed != nil { eventSink.yield(.signedOut(reason: .userRequested)) }
        return removed
    }

    /// The stored session, if any (from the cache once loaded).
    public func storedCredential() async throws -> Credential? {
        if let cached { return cached }
        let loaded = try await store.credential(for: origin)
        if let loaded { remember(loaded) }
        return cached
    }

    // MARK: AccessTokenProviding

    public func currentAuthorization() async throws -> BearerAuthorization {
        guard let credential = try await storedCredential() else {
            throw AuthorizationError.notSignedIn(origin: origin.key)
        }
        guard !credential.isSignInRequired else { throw AuthorizationError.sessionExpired(origin: origin.key) }
        guard origin.allowsCredentials else { throw TokenEndpointError.insecureTransport(origin: origin.key) }
        guard policy.needsRefresh(credential, at: now()) else { return Self.authorization(credential) }
        return Self.authorization(try await refresh(replacingGeneration: credential.generation))
    }

    public func authorizationAfterRejection(of rejected: BearerAuthorization) async throws -> BearerAuthorization? {
        // D3: the 401 answered an older token than the one now held: retry with the newer one, no refresh.
        if let cached, cached.generation > rejected.generation, !cached.isSignInRequired {
            return Self.authorization(cached)
        }
        // Another process may have refreshed since this one loaded its cache.
        guard let stored = try await store.credential(for: origin) else {
            throw AuthorizationError.notSignedIn(origin: origin.key)
        }
        remember(stored)
        guard !stored.isSignInRequired else { throw AuthorizationError.sessionExpired(origin: origin.key) }
        if stored.generation > rejected.generation { return Self.authorization(stored) }
        return Self.authorization(try await refresh(replacingGeneration: rejected.generation))
    }

    // MARK: Refresh

    /// Joins the in-flight refresh, or starts one that replaces `generation`.
    private func refresh(replacingGeneration generation: Int64) async throws -> Credential {
        if let inFlightRefresh { return try await wait(for: inFlightRefresh) }
        if let cached, cached.generation > generation, !cached.isSignInRequired,
            !policy.needsRefresh(cached, at: now())
        {
            return cached
        }
        // Unstructured on purpose: the refresh outlives a cancelled initiator, so the rotated token the server
        // issued is always persisted and every other waiter still gets it.
        let task = Task { try await self.performRefresh(replacingGeneration: generation) }
        inFlightRefresh = task
        return try await wait(for: task)
    }

    private func wait(for task: Task<Credential, any Error>) async throws -> Credential {
        refreshWaiterCount += 1
        defer { refreshWaiterCount -= 1 }
        return try await task.value
    }

    private func performRefresh(replacingGeneration generation: Int64) async throws -> Credential {
        defer { inFlightRefresh = nil }
        do {
            let credential = try await lock.withLock {
                try await self.refreshHoldingLock(replacingGeneration: generation)
            }
            // Read or written under the lock, so it is what the store holds: it wins even over a higher cached
            // generation (generations restart when a session is deleted and signed in again elsewhere).
            cached = credential
            return credential
        } catch {
            eventSink.yield(.refreshFailed(reason: Self.failureReason(for: error)))
            throw error
        }
    }

    /// The critical section: lock → re-read → refresh → durable write → (caller unlocks).
    private func refreshHoldingLock(replacingGeneration generation: Int64) async throws -> Credential {
        guard let current = try await store.credential(for: origin) else {
            cached = nil
            throw AuthorizationError.notSignedIn(origin: origin.key)
        }
        cached = current
        guard !current.isSignInRequired else { throw AuthorizationError.sessionExpired(origin: origin.key) }
        if current.generation != generation, !policy.needsRefresh(current, at: now()) {
            // Another process (or a sign-in) replaced the tokens while this one waited: use them.
            eventSink.yield(.adoptedRefreshFromAnotherProcess(generation: current.generation))
            return current
        }
        guard let refreshToken = current.refreshToken else {
            try await markSignInRequired(current)
            throw AuthorizationError.sessionExpired(origin: origin.key)
        }
        try await store.verifyWritable()
        do {
            return try await exchange(refreshToken, basedOn: current)
        } catch AuthorizationError.refreshFailed(.invalidGrant) {
            // C1: invalid_grant means the token is dead only if nobody rotated it meanwhile.
            guard let latest = try await store.credential(for: origin), latest.refreshToken != current.refreshToken,
                !latest.isSignInRequired
            else {
                try await markSignInRequired(current)
                throw AuthorizationError.sessionExpired(origin: origin.key)
            }
            cached = latest
            guard policy.needsRefresh(latest, at: now()) else { return latest }
            guard let latestRefreshToken = latest.refreshToken else {
                throw AuthorizationError.sessionExpired(origin: origin.key)
            }
            do {
                return try await exchange(latestRefreshToken, basedOn: latest)
            } catch AuthorizationError.refreshFailed(.invalidGrant) {
                try await markSignInRequired(latest)
                throw AuthorizationError.sessionExpired(origin: origin.key)
            }
        }
    }

    /// Spends `refreshToken` once and stores the result with compare-and-swap on `credential`'s generation.
    /// An ambiguous failure is not retried: the server may have rotated the token already, and presenting it again
    /// would look like theft and revoke the session.
    private func exchange(_ refreshToken: Secret, basedOn credential: Credential) async throws -> Credential {
        try checkRefreshBudget()
        refreshAttempts.append(now())
        let grant: TokenGrant
        do {
            grant = try await tokenEndpoint.requestTokens(for: .refreshToken(refreshToken))
        } catch {
            throw AuthorizationError.refreshFailed(error)
        }
        switch try await store.save(credential.applying(grant), ifGenerationIs: credential.generation) {
        case .saved(let saved):
            eventSink.yield(.refreshed(account: saved.account, generation: saved.generation))
            return saved
        case .conflict(let latest):
            // Someone signed in or out meanwhile; their state wins over tokens of the old session.
            guard let latest else { throw AuthorizationError.notSignedIn(origin: origin.key) }
            return latest
        }
    }

    private func checkRefreshBudget() throws {
        let windowStart = now().addingTimeInterval(-Self.seconds(policy.window))
        refreshAttempts.removeAll { $0 < windowStart }
        guard refreshAttempts.count < policy.maximumRefreshes else {
            throw AuthorizationError.excessiveRefresh(count: refreshAttempts.count, window: policy.window)
        }
    }

    private func markSignInRequired(_ credential: Credential) async throws {
        var ended = credential
        ended.isSignInRequired = true
        ended.refreshToken = nil
        if case .saved(let saved) = try await store.save(ended, ifGenerationIs: credential.generation) {
            cached = saved
        }
        eventSink.yield(.signedOut(reason: .sessionRejected))
    }

    /// Keeps the newest credential seen by a read outside the lock, so a read that raced a refresh in this process
    /// never replaces the refreshed credential with the one before it.
    private func remember(_ credential: Credential) {
        guard let cached, cached.generation > credential.generation else {
            cached = credential
            return
        }
    }

    private static func authorization(_ credential: Credential) -> BearerAuthorization {
        BearerAuthorization(accessToken: credential.accessToken, generation: credential.generation)
    }

    private static func seconds(_ duration: Duration) -> TimeInterval {
        let (seconds, attoseconds) = duration.components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }

    private static func failureReason(for error: any Error) -> RefreshFailureReason {
        switch error {
        case AuthorizationError.refreshFailed(.invalidGrant), AuthorizationError.sessionExpired: .sessionRejected
        case AuthorizationError.refreshFailed(.misconfigured), AuthorizationError.refreshFailed(.insecureTransport):
            .misconfigured
        case AuthorizationError.excessiveRefresh: .tooManyRefreshes
        case is CredentialsStoreError: .storeUnavailable
        default: .transient
        }
    }
}
