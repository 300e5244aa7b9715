import Foundation
import RFC9449
import Synchronization

/// Owns the sessions for one server origin: sign-in, sign-out and switching between its accounts, the token the
/// middleware attaches (the active account's), proactive and reactive refresh, and the cross-process protocol that
/// keeps several processes from spending the same refresh token.
///
/// - The hot path (a fresh token in memory) touches neither SQLite nor the lock, and does not even suspend:
///   `freshAuthorizationWithoutWaiting()` reads a snapshot of the cache under a `Mutex`.
/// - The first read of the store is single-flight too: 1,000 concurrent first callers cause one read.
/// - A refresh is one stored, unstructured `Task` that every caller awaits: N concurrent callers cause one refresh,
///   a caller arriving during the refresh cannot start a second one despite actor reentrancy, and cancelling the
///   request that started it does not cancel it.
/// - The refresh runs inside `CrossProcessLock`: re-read the store, adopt another process's result if there is one,
///   check the store is writable, spend the refresh token, write the new pair durably with compare-and-swap,
///   unlock. Two processes refreshing with the same token would look like theft to a server that detects reuse.
///   Sign-in, sign-out and switching accounts take the same lock, so a session the user ended cannot be written back
///   by a refresh, and a refresh always reads, spends and stores the tokens of the account active throughout.
/// - Within the process, those sections also run one at a time (`SerialSection`), whatever the lock excludes.
/// - Each account has its own row and generation. A refresh writes with compare-and-swap on the row of the account it
///   read under the lock, never another's; a switch of the active account gives the new active session a newer
///   generation than any this coordinator handed out, so a 401 or a refresh after it uses the new account's tokens.
/// - From sending the refresh request until its answer is stored, termination requests are deferred
///   (`InterruptionDeferral`): ending there would lose the session.
public actor SessionCoordinator: AccessTokenProviding, SessionManaging {
    public nonisolated let origin: ServerOrigin
    /// The account whose session this coordinator serves: `nil` for the origin's active account (what requests
    /// use), or one account whatever is active (a script's `token --account`).
    public nonisolated let account: String?
    /// Refreshes, failures and sign-outs, as they happen. One consumer.
    public nonisolated let events: AsyncStream<AuthEvent>
    /// The most token requests made while holding the cross-process lock: a refresh, one retry after a lost answer,
    /// one more with a token another process rotated meanwhile, and the revocation of tokens that could not be stored
    /// because the session ended meanwhile. Lock waits are chosen to outlast them.
    public static let maximumTokenRequestsUnderLock = 4

    private let eventSink: AsyncStream<AuthEvent>.Continuation
    private let store: any CredentialsStoring
    private let tokenEndpoint: TokenEndpoint
    private let lock: any CrossProcessLock
    private let section = SerialSection()
    private let interruptions: any InterruptionDeferral
    private let policy: RefreshPolicy
    private let now: @Sendable () -> Date
    private let uptime: @Sendable () -> ContinuousClock.Instant
    /// The session as last read or written. Mirrored into `snapshot` for readers that must not suspend.
    private var cached: Credential? {
        didSet { snapshot.withLock { $0 = cached } }
    }
    private let snapshot = Mutex<Credential?>(nil)
    private var inFlightLoad: Task<Credential?, any Error>?
    private var inFlightRefresh: Task<Credential, any Error>?
    /// The tokens this process's last refresh stored, and when (monotonic): a rejection of those is a rejection of
    /// a fresh token.
    private var lastRefresh: (generation: Int64, at: ContinuousClock.Instant, lifetime: Duration?)?
    /// When the server rejected tokens this process had just obtained, within the policy's window.
    private var freshTokenRejections: [ContinuousClock.Instant] = []

    /// - Parameters:
    ///   - origin: the server whose session this is; tokens are sent to it only.
    ///   - account: the account served; `nil` for the active one. Sign-in, sign-out and switching are for the
    ///     active account's coordinator; one pinned to an account only reads and refreshes that account's session.
    ///   - store: where the session is read and durably written; shared with other processes when file-backed.
    ///   - tokenEndpoint: the token and revocation endpoints, over a client without authorisation.
    ///   - lock: held across every refresh, sign-in and sign-out, so that no two processes spend the same refresh
    ///     token; `NoCrossProcessLock` when no other process shares the store.
    ///   - interruptions: postpones the process's termination requests while tokens in hand (a refreshed pair, a new
    ///     sign-in's) are not yet stored.
    ///   - policy: when to refresh proactively, and when to stop refreshing for a server that rejects new tokens.
    ///   - now: the wall clock that dates tokens (expiry is a wall-clock promise of the server).
    ///   - uptime: the monotonic clock that measures how fresh a rejected token was.
    public init(
        origin: ServerOrigin,
        account: String? = nil,
        store: any CredentialsStoring,
        tokenEndpoint: TokenEndpoint,
        lock: any CrossProcessLock,
        interruptions: any InterruptionDeferral = NoInterruptionDeferral(),
        policy: RefreshPolicy = RefreshPolicy(),
        now: @escaping @Sendable () -> Date,
        uptime: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }
    ) {
        self.origin = origin
        self.account = account
        self.store = store
        self.tokenEndpoint = tokenEndpoint
        self.lock = lock
        self.interruptions = interruptions
        self.policy = policy
        self.now = now
        self.uptime = uptime
        (events, eventSink) = AsyncStream.makeStream(of: AuthEvent.self, bufferingPolicy: .bufferingNewest(64))
    }

    deinit {
        eventSink.finish()
    }

    // MARK: Sign-in and sign-out

    /// Exchanges a username and password for tokens and stores them as that account's session, replacing the one it
    /// had, and makes the account the active one; other accounts' sessions are kept. The replaced session is read
    /// under the lock (so it is the one stored at that moment, even if another process had just refreshed it) and
    /// revoked at the server that issued it. The new session remembers `server`, where it is refreshed and revoked.
    /// Once the tokens are in hand, termination requests wait (`interruptions`) until they are stored, or revoked:
    /// tokens no file holds would stay live at the server, and this client could never use or end them.
    public func signIn(
        username: String, password: Secret, at server: AuthorizationServer
    ) async throws -> SignInOutcome {
        guard origin.allowsCredentials else { throw TokenEndpointError.insecureTransport(origin: origin.key) }
        let grant = try await tokenEndpoint.requestTokens(
            for: .password(username: username, password: password), at: server)
        return try await interruptions.deferringInterruptions {
            try await self.storeOrRevoke(grant, as: username, issuedBy: server)
        }
    }

    /// Stores tokens obtained without a username (a device authorization, RFC 8628) as the session of the account
    /// `identifier` names, exactly as `signIn(username:password:)` stores its own: under the lock, replacing and
    /// revoking that account's earlier session, and making it the active one. If the account cannot be identified,
    /// the tokens are revoked at `server`, which issued them (they are stored nowhere), and the identification's
    /// error is thrown. Termination requests wait (`interruptions`) from here until the tokens are stored or revoked.
    public func signIn(
        with grant: TokenGrant, identifiedBy identifier: any AccountIdentifying, issuedBy server: AuthorizationServer
    ) async throws -> SignInOutcome {
        guard origin.allowsCredentials else { throw TokenEndpointError.insecureTransport(origin: origin.key) }
        return try await interruptions.deferringInterruptions {
            let account: String
            do {
                account = try await identifier.account(authorizedBy: grant)
            } catch {
                _ = try? await self.tokenEndpoint.revoke(
                    .init(refreshToken: grant.refreshToken, accessToken: grant.accessToken), at: server)
                throw error
            }
            return try await self.storeOrRevoke(grant, as: account, issuedBy: server)
        }
    }

    /// Stores `grant` as `store(_:as:)` does; if it cannot be stored (a full disk, a locked or read-only file), revokes
    /// it before throwing: tokens that no file holds can never be used or ended by this client, so they must not
    /// stay live at the server. A failure here is before the write committed: `store(_:as:)` throws nothing after.
    private func storeOrRevoke(
        _ grant: TokenGrant, as account: String, issuedBy server: AuthorizationServer
    ) async throws -> SignInOutcome {
        do {
            return try await store(grant, as: account, issuedBy: server)
        } catch {
            _ = try? await tokenEndpoint.revoke(
                .init(refreshToken: grant.refreshToken, accessToken: grant.accessToken), at: server)
            throw error
        }
    }

    /// Stores `grant` as `username`'s session under the lock, replacing and then revoking the one it had.
    private func store(
        _ grant: TokenGrant, as username: String, issuedBy server: AuthorizationServer
    ) async throws -> SignInOutcome {
        let credential = Credential(
            origin: origin,
            account: username,
            accessToken: grant.accessToken,
            refreshToken: grant.refreshToken,
            scope: grant.scope,
            expiresAt: grant.expiresAt,
            issuedAt: grant.issuedAt,
            authorizationServer: server
        )
        .applying(grant)
        let store = self.store
        let origin = self.origin
        let (previous, previouslyActive, saved) = try await withSessionLock {
            () async throws -> (Credential?, String?, Credential) in
            let previous = try await store.credential(for: origin, account: username)
            let previouslyActive = try await store.credential(for: origin)?.account
            let saved = try await store.replace(with: credential)
            await self.setCached(saved)
            return (previous, previouslyActive, saved)
        }
        let switchedFrom = previouslyActive == username ? nil : previouslyActive
        // Stored nowhere any more, so no process can use or refresh it: revoking it needs no lock.
        guard let previous, !previous.isSignInRequired else {
            return SignInOutcome(credential: saved, replaced: nil, previouslyActiveAccount: switchedFrom)
        }
        let failure = await revocationFailure(revoking: previous)
        return SignInOutcome(
            credential: saved, replaced: EndedSession(credential: previous, revocationFailure: failure),
            previouslyActiveAccount: switchedFrom)
    }

    /// Ends the active session under the cross-process lock: re-reads it, revokes the refresh token stored at that
    /// moment and removes it; the account active before it, if any, becomes active. A refresh of another process
    /// either finished before (its token is the one revoked) or starts after and finds no session of that account,
    /// so a session the user ended ends everywhere.
    public func signOut() async throws -> EndedSession? {
        try await signOut(accountNamed: nil)
    }

    /// Ends `account`'s session as `signOut()` ends the active one; `nil` when the account has none.
    public func signOut(account: String) async throws -> EndedSession? {
        try await signOut(accountNamed: account)
    }

    /// Ends every account's session of this origin, the active one last, each as `signOut(account:)` does.
    public func signOutEveryAccount() async throws -> [EndedSession] {
        let accounts = try await storedAccounts().sorted { !$0.isActive && $1.isActive }.map(\.credential.account)
        var ended: [EndedSession] = []
        for account in accounts {
            if let session = try await signOut(accountNamed: account) { ended.append(session) }
        }
        return ended
    }

    private func signOut(accountNamed account: String?) async throws -> EndedSession? {
        let store = self.store
        let origin = self.origin
        // Nothing stored: nothing to end, and no lock to take (taking it would create its file). A sign-in that
        // stores a session right after this read comes after this sign-out.
        let stored =
            if let account { try await store.credential(for: origin, account: account) } else {
                try await store.credential(for: origin)
            }
        guard stored != nil else { return nil }
        let ended = try await withSessionLock { () async throws -> (EndedSession, wasActive: Bool)? in
            let active = try await store.credential(for: origin)
            var current = active
            if let account { current = try await store.credential(for: origin, account: account) }
            guard let current else { return nil }
            // A file that cannot take the removal (held by another program, read-only, full) would keep a session
            // the server has already ended: find out before anything is revoked, and change nothing if so.
            try await store.verifyWritable()
            let failure = await self.revocationFailure(revoking: current)
            try await store.removeCredential(for: origin, account: current.account)
            // The account that takes over, if the active one ended; whatever is active now is what requests use.
            await self.setCached(try await store.credential(for: origin))
            return (
                EndedSession(credential: current, revocationFailure: failure),
                active?.account == current.account
            )
        }
        if let ended, ended.wasActive { eventSink.yield(.signedOut(reason: .userRequested)) }
        return ended?.0
    }

    /// Makes `account` the active one under the cross-process lock, so that no refresh is between reading the active
    /// session and storing its successor; `nil` (and nothing changed) when the account has no session here. The
    /// switched-to session carries a newer generation than any handed out before, so a request that fails with the
    /// previous account's token is retried with this one.
    public func switchAccount(to account: String) async throws -> Credential? {
        let store = self.store
        let origin = self.origin
        return try await withSessionLock { () async throws -> Credential? in
            guard let active = try await store.activate(account: account, for: origin) else { return nil }
            await self.setCached(active)
            return active
        }
    }

    /// Every account with a session for this origin, in account order, with which one is active. Reads the store.
    public func storedAccounts() async throws -> [StoredCredential] {
        try await store.allCredentials().filter { $0.credential.origin == origin }
    }

    /// The active session, if any (from the cache once loaded). A cached session that requires a new sign-in is
    /// read again, so that a sign-in made by another process is picked up.
    public func storedCredential() async throws -> Credential? {
        if let cached, !cached.isSignInRequired { return cached }
        // One read for every caller that arrives while it runs: each suspends here, and actor reentrancy would
        // otherwise let each start its own.
        let load: Task<Credential?, any Error>
        if let inFlightLoad {
            load = inFlightLoad
        } else {
            let read = servedSession
            load = Task { try await read() }
            inFlightLoad = load
        }
        defer { if inFlightLoad == load { inFlightLoad = nil } }
        let loaded = try await load.value
        if cached?.isSignInRequired == true {
            // Whatever is stored now replaces an ended session, even with a lower generation: generations restart
            // when a session is deleted and signed in again.
            cached = loaded
        } else if let loaded {
            remember(loaded)
        }
        return cached
    }

    // MARK: AccessTokenProviding

    public nonisolated func freshAuthorizationWithoutWaiting() -> BearerAuthorization? {
        guard origin.allowsCredentials, let credential = snapshot.withLock({ $0 }), !credential.isSignInRequired,
            !policy.needsRefresh(credential, at: now())
        else { return nil }
        return Self.authorization(credential)
    }

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
        // The 401 answered an older token than the one now held: retry with the newer one, unless it is known to
        // have expired too.
        if let cached, cached.generation > rejected.generation, !cached.isSignInRequired {
            return try await usable(cached)
        }
        // Another process may have refreshed since this one loaded its cache.
        guard let stored = try await servedSession() else {
            throw AuthorizationError.notSignedIn(origin: origin.key)
        }
        remember(stored)
        guard !stored.isSignInRequired else { throw AuthorizationError.sessionExpired(origin: origin.key) }
        if stored.generation > rejected.generation { return try await usable(stored) }
        try countRejectionIfFresh(rejected)
        return Self.authorization(try await refresh(replacingGeneration: rejected.generation))
    }

    /// `credential`'s token if it is still fresh, or the token of a refresh that replaces it.
    private func usable(_ credential: Credential) async throws -> BearerAuthorization {
        guard policy.needsRefresh(credential, at: now()) else { return Self.authorization(credential) }
        return Self.authorization(try await refresh(replacingGeneration: credential.generation))
    }

    /// Counts a rejection of the tokens this process's last refresh obtained, while they are fresh (younger than
    /// their lifetime, or than the policy's window when the lifetime is unknown). Too many within the window stop
    /// the refreshing: the server rejects what it has just issued, and another refresh would be rejected as well.
    private func countRejectionIfFresh(_ rejected: BearerAuthorization) throws {
        guard let lastRefresh, lastRefresh.generation == rejected.generation else { return }
        let instant = uptime()
        let freshness = min(lastRefresh.lifetime ?? policy.window, policy.window)
        guard instant - lastRefresh.at < freshness else { return }
        freshTokenRejections.removeAll { instant - $0 >= policy.window }
        freshTokenRejections.append(instant)
        guard freshTokenRejections.count < policy.maximumRejectedFreshTokens else {
            eventSink.yield(.refreshFailed(reason: .tooManyRefreshes))
            throw AuthorizationError.excessiveRefresh(count: freshTokenRejections.count, window: policy.window)
        }
    }

    /// Throws `excessiveRefresh` while the guard has stopped refreshing: as many rejections of fresh tokens as the
    /// policy allows, within its window. Refreshing resumes once the oldest of them is older than the window.
    private func refuseWhileRefreshingStopped() throws {
        let instant = uptime()
        freshTokenRejections.removeAll { instant - $0 >= policy.window }
        guard freshTokenRejections.count < policy.maximumRejectedFreshTokens else {
            throw AuthorizationError.excessiveRefresh(count: freshTokenRejections.count, window: policy.window)
        }
    }

    // MARK: Refresh

    /// Joins the in-flight refresh, or starts one that replaces `generation`. Every path that refreshes comes here, so
    /// a stopped guard (`refuseWhileRefreshingStopped()`) holds for all of them.
    private func refresh(replacingGeneration generation: Int64) async throws -> Credential {
        try refuseWhileRefreshingStopped()
        if let inFlightRefresh { return try await inFlightRefresh.value }
        if let cached, cached.generation > generation, !cached.isSignInRequired,
            !policy.needsRefresh(cached, at: now())
        {
            return cached
        }
        // Unstructured on purpose: the refresh outlives a cancelled initiator, so the rotated token the server
        // issued is always persisted and every other waiter still gets it. High priority, because every caller waits
        // for it: the actor runs queued jobs by priority, so its steps here go ahead of callers queued meanwhile
        // instead of sending the token request that much later (0.13 ms after it was created instead of 0.86, measured
        // in the refresh fan-out benchmark when this was written). The price: a refresh that background work starts
        // competes with the app's user-initiated work while it runs.
        let task = Task(priority: .high) { try await self.performRefresh(replacingGeneration: generation) }
        inFlightRefresh = task
        return try await task.value
    }

    private func performRefresh(replacingGeneration generation: Int64) async throws -> Credential {
        defer { inFlightRefresh = nil }
        do {
            return try await withSessionLock {
                let credential = try await self.refreshHoldingLock(replacingGeneration: generation)
                // Read or written under the lock, so it is what the store holds: it wins even over a higher cached
                // generation (generations restart when every session of the origin is deleted and one signed in
                // again elsewhere). Set before the lock is released, so no later section's cache is overwritten.
                await self.setCached(credential)
                return credential
            }
        } catch {
            eventSink.yield(.refreshFailed(reason: Self.failureReason(for: error)))
            throw error
        }
    }

    /// The critical section: lock → re-read → refresh → durable write → (caller unlocks). It reads the active session
    /// and writes only that account's row: if another account became active since this process last looked, its
    /// session is adopted (or refreshed with its own refresh token), and the previous account's is neither sent nor
    /// spent.
    private func refreshHoldingLock(replacingGeneration generation: Int64) async throws -> Credential {
        guard let current = try await servedSession() else {
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
            return try await exchange(refreshToken, basedOn: current, retryingLostAnswer: true)
        } catch AuthorizationError.refreshFailed(.invalidGrant) {
            // invalid_grant means the token is dead only if nobody rotated it meanwhile.
            guard let latest = try await servedSession(), latest.account == current.account,
                latest.refreshToken != current.refreshToken, !latest.isSignInRequired
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
                // No retry here: the lock's holder must finish within the waiters' patience (`ConnectionLimits`).
                return try await exchange(latestRefreshToken, basedOn: latest, retryingLostAnswer: false)
            } catch AuthorizationError.refreshFailed(.invalidGrant) {
                try await markSignInRequired(latest)
                throw AuthorizationError.sessionExpired(origin: origin.key)
            }
        }
    }

    /// Spends `refreshToken` and stores the result with compare-and-swap on `credential`'s generation, with the
    /// process's termination requests deferred from sending until the result is durable.
    private func exchange(
        _ refreshToken: Secret, basedOn credential: Credential, retryingLostAnswer: Bool
    ) async throws -> Credential {
        let (grant, result) = try await interruptions.deferringInterruptions {
            // The session's key signs the proof: a refresh token bound to it works with no other (RFC 9449 §5).
            let grant = try await self.requestRefresh(
                with: refreshToken, at: credential.authorizationServer, dpopKey: credential.dpopKey,
                retryingLostAnswer: retryingLostAnswer)
            return (grant, try await self.store.save(credential.applying(grant), ifGenerationIs: credential.generation))
        }
        switch result {
        case .saved(let saved):
            lastRefresh = (saved.generation, uptime(), Self.lifetime(of: saved))
            eventSink.yield(.refreshed(account: saved.account, generation: saved.generation))
            return saved
        case .conflict(let latest):
            // Someone signed in or out meanwhile; their state wins over tokens of the old session. The tokens just
            // received are stored nowhere, so they are revoked rather than left working at the server.
            _ = try? await tokenEndpoint.revoke(
                .init(refreshToken: grant.refreshToken, accessToken: grant.accessToken),
                at: credential.authorizationServer)
            guard let latest else { throw AuthorizationError.sessionEndedDuringRefresh(origin: origin.key) }
            return latest
        }
    }

    /// Presents `refreshToken` once, and once more if the first answer was lost on the way back. A lost answer may
    /// mean the server has already rotated the token; presenting it again is the only way to find out. A server
    /// with a reuse interval answers with a fresh pair; a strict one treats it as reuse and ends the session, which
    /// was lost in any case, since the successor never arrived.
    private func requestRefresh(
        with refreshToken: Secret, at server: AuthorizationServer, dpopKey: DPoPSigningKey?, retryingLostAnswer: Bool
    ) async throws -> TokenGrant {
        do {
            return try await tokenEndpoint.requestTokens(for: .refreshToken(refreshToken), at: server, dpopKey: dpopKey)
        } catch .unreachable(let failure) where retryingLostAnswer && failure.mayHaveReachedServer {
            eventSink.yield(.refreshRetriedAfterLostAnswer)
            do {
                return try await tokenEndpoint.requestTokens(
                    for: .refreshToken(refreshToken), at: server, dpopKey: dpopKey)
            } catch {
                throw AuthorizationError.refreshFailed(error)
            }
        } catch {
            throw AuthorizationError.refreshFailed(error)
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

    /// Revokes `credential`'s refresh token (or, without one, its access token); returns why that failed, if it did.
    private func revocationFailure(revoking credential: Credential) async -> TokenEndpointError? {
        do {
            try await tokenEndpoint.revoke(
                .init(refreshToken: credential.refreshToken, accessToken: credential.accessToken),
                at: credential.authorizationServer)
            return nil
        } catch {
            return error
        }
    }

    /// Runs `body` holding this coordinator's section and then the cross-process lock.
    private func withSessionLock<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
        let lock = self.lock
        return try await section.run { try await lock.withLock(body) }
    }

    /// Reads the session this coordinator serves: the active account's, or the pinned account's.
    private nonisolated var servedSession: @Sendable () async throws -> Credential? {
        let store = self.store
        let origin = self.origin
        guard let account else { return { try await store.credential(for: origin) } }
        return { try await store.credential(for: origin, account: account) }
    }

    private func setCached(_ credential: Credential?) {
        cached = credential
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
        BearerAuthorization(
            accessToken: credential.accessToken, generation: credential.generation,
            dpopKey: credential.isDPoPBound ? credential.dpopKey : nil)
    }

    private static func lifetime(of credential: Credential) -> Duration? {
        credential.expiresAt.map { .milliseconds(Int64($0.timeIntervalSince(credential.issuedAt) * 1000)) }
    }

    private static func failureReason(for error: any Error) -> RefreshFailureReason {
        switch error {
        case AuthorizationError.refreshFailed(.invalidGrant), AuthorizationError.sessionExpired: .sessionRejected
        case AuthorizationError.refreshFailed(.misconfigured), AuthorizationError.refreshFailed(.insecureTransport):
            .misconfigured
        case AuthorizationError.excessiveRefresh: .tooManyRefreshes
        case AuthorizationError.sessionEndedDuringRefresh: .sessionEnded
        case is CredentialsStoreError: .storeUnavailable
        default: .transient
        }
    }
}
