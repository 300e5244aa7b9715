import Authorization

/// The bounds on everything a server can make this process wait for or hold in memory. `LiveAPIClient` and
/// `LazyHTTPClientTransport` apply them; tests shrink them to exercise the limits quickly.
///
/// The lock wait outlasts the longest a holder of the cross-process refresh lock can keep it
/// (`longestLockHold`): a stuck server costs a waiting process the holder's deadlines, never a lock timeout, and a
/// lock timeout means a holder that is itself stuck (stopped, or hung in the file system).
public struct ConnectionLimits: Sendable, Equatable {
    /// How long opening a connection may take.
    public var connectTimeout: Duration
    /// How long one API request may take from sending to the last byte of its body.
    public var requestDeadline: Duration
    /// How long one token request (sign-in, refresh, revocation) may take, body included.
    public var tokenRequestDeadline: Duration
    /// How long a process waits for another process's refresh before it gives up.
    public var refreshLockWait: Duration
    /// The largest token-endpoint response accepted.
    public var maximumTokenResponseBytes: Int
    /// The largest response accepted from any other operation (a page of stories, a story, a user).
    public var maximumResponseBytes: Int
    /// How many pages a listing follows before it stops: a guard against a server that never ends a listing.
    public var maximumPages: Int

    public init(
        connectTimeout: Duration,
        requestDeadline: Duration,
        tokenRequestDeadline: Duration,
        refreshLockWait: Duration,
        maximumTokenResponseBytes: Int,
        maximumResponseBytes: Int,
        maximumPages: Int
    ) {
        self.connectTimeout = connectTimeout
        self.requestDeadline = requestDeadline
        self.tokenRequestDeadline = tokenRequestDeadline
        self.refreshLockWait = refreshLockWait
        self.maximumTokenResponseBytes = maximumTokenResponseBytes
        self.maximumResponseBytes = maximumResponseBytes
        self.maximumPages = maximumPages
    }

    /// The longest a process can hold the refresh lock: its token requests
    /// (`SessionCoordinator.maximumTokenRequestsUnderLock`), each within the token deadline, plus the credentials
    /// store's writes, each within its busy timeout.
    public func longestLockHold(storeBusyTimeout: Duration, storeWrites: Int = 3) -> Duration {
        tokenRequestDeadline * SessionCoordinator.maximumTokenRequestsUnderLock + storeBusyTimeout * storeWrites
    }

    /// The limits `stories-cli` runs with (documented in docs/CLI.md).
    public static let standard = ConnectionLimits(
        connectTimeout: .seconds(10),
        requestDeadline: .seconds(30),
        tokenRequestDeadline: .seconds(10),
        refreshLockWait: .seconds(60),
        maximumTokenResponseBytes: 1 << 20,
        maximumResponseBytes: 8 << 20,
        maximumPages: 10_000
    )
}
