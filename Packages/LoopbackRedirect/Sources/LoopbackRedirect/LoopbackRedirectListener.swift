import Authorization
import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

/// The browser's way back to a native app (RFC 8252 §7.3): an HTTP listener on 127.0.0.1, on a port the kernel
/// picks, that takes exactly one redirect to its path, checks it against the request's `state` (and `iss`), answers
/// the browser with a short page that carries no secret, and closes.
///
/// Bounded in every direction: a request head larger than `maximumRequestBytes` is answered 431 and dropped, a
/// connection that has not sent a whole head within `connectionReadTimeout` is closed (browsers open connections
/// they never use), and the whole wait ends after `overallTimeout`. Other paths (`/favicon.ico`) and methods are
/// answered 404 without consuming the redirect. The first request to the path decides: a wrong `state` there ends
/// the sign-in, because a redirect that does not match must never be retried with a code it may carry.
public struct LoopbackRedirectListener: AuthorizationRedirectListening {
    /// How much a browser (or anything else on this machine) may send, and how long the listener waits.
    public struct Limits: Sendable, Equatable {
        public var maximumRequestBytes: Int
        public var connectionReadTimeout: Duration
        public var overallTimeout: Duration
        /// Connections open at once; past it the oldest that has sent nothing is closed (`ConnectionBudget`).
        public var maximumConnections: Int

        public init(
            maximumRequestBytes: Int, connectionReadTimeout: Duration, overallTimeout: Duration,
            maximumConnections: Int = 32
        ) {
            self.maximumRequestBytes = maximumRequestBytes
            self.connectionReadTimeout = connectionReadTimeout
            self.overallTimeout = overallTimeout
            self.maximumConnections = maximumConnections
        }

        /// What `stories-cli login` uses (documented in docs/CLI.md's limits table).
        public static let standard = Limits(
            maximumRequestBytes: 8 * 1024, connectionReadTimeout: .seconds(10), overallTimeout: .seconds(300),
            maximumConnections: 32)
    }

    /// The redirect URI's path.
    public static let path = "/callback"

    /// The name the browser's page gives the app it returns to ("stories-cli is finishing the sign-in").
    let applicationName: String
    let limits: Limits
    /// Waits out the overall timeout; tests pass one that returns when they say.
    let expiry: @Sendable (Duration) async throws -> Void

    public init(
        applicationName: String,
        limits: Limits = .standard,
        expiry: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        self.applicationName = applicationName
        self.limits = limits
        self.expiry = expiry
    }

    public func listen(
        state: AuthorizationState, issuer: ExpectedIssuer?
    ) async throws(AuthorizationRedirectError) -> any AuthorizationRedirectReceiving {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let outcome = RedirectOutcome()
        let expectation = RedirectExpectation(
            path: Self.path, state: state, issuer: issuer, limits: limits, outcome: outcome,
            pages: RedirectPages(applicationName: applicationName))
        let budget = ConnectionBudget(maximum: limits.maximumConnections)
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 16)
            .childChannelInitializer { channel in
                budget.admit(channel)
                channel.closeFuture.whenComplete { _ in budget.remove(channel) }
                return channel.eventLoop.makeCompletedFuture {
                    let pipeline = channel.pipeline.syncOperations
                    try pipeline.addHandler(RequestSizeLimit(maximumBytes: expectation.limits.maximumRequestBytes))
                    // NIOHTTP1's request decoder and response encoder; a request body, if any, is never read.
                    try pipeline.configureHTTPServerPipeline(withPipeliningAssistance: false, withErrorHandling: false)
                    try pipeline.addHandler(RedirectRequestHandler(expectation: expectation, budget: budget))
                }
            }
        let channel: any Channel
        do {
            // The IP literal, never `localhost`: a name could resolve elsewhere, and RFC 8252 §8.3 recommends it.
            channel = try await bootstrap.bind(host: "127.0.0.1", port: 0).get()
        } catch {
            try? await group.shutdownGracefully()
            throw .listenerUnavailable(errno: (error as? IOError)?.errnoCode ?? 0)
        }
        guard let port = channel.localAddress?.port else {
            try? await channel.close()
            try? await group.shutdownGracefully()
            throw .listenerUnavailable(errno: 0)
        }
        let overall = limits.overallTimeout
        let expiry = self.expiry
        let shutdown = ListenerShutdown(channel: channel, group: group)
        let timer = Task {
            do {
                try await expiry(overall)
            } catch {
                return  // cancelled: closed before it expired
            }
            outcome.complete(.failure(.timedOut(after: overall)))
            // Nobody may be waiting (a front that started a sign-in and never finished it): the port closes anyway.
            await shutdown.run()
        }
        return Receiver(
            redirectURI: "http://127.0.0.1:\(port)\(Self.path)", shutdown: shutdown, outcome: outcome, timer: timer)
    }

    /// Closes the listening socket and stops the event loop, once: the timer and `close()` may both ask, and a
    /// channel must never be closed on an event loop that has already stopped (its future would never complete).
    final class ListenerShutdown: Sendable {
        private let channel: any Channel
        private let group: MultiThreadedEventLoopGroup
        private let started = Mutex(false)

        init(channel: any Channel, group: MultiThreadedEventLoopGroup) {
            self.channel = channel
            self.group = group
        }

        func run() async {
            let first = started.withLock { started in
                defer { started = true }
                return !started
            }
            guard first else { return }
            try? await channel.close()
            // Ends every connection still open, after the page of the one redirect has been written.
            try? await group.shutdownGracefully()
        }
    }

    /// One open listener.
    final class Receiver: AuthorizationRedirectReceiving {
        let redirectURI: String
        private let shutdown: ListenerShutdown
        private let outcome: RedirectOutcome
        private let timer: Task<Void, Never>

        init(redirectURI: String, shutdown: ListenerShutdown, outcome: RedirectOutcome, timer: Task<Void, Never>) {
            self.redirectURI = redirectURI
            self.shutdown = shutdown
            self.outcome = outcome
            self.timer = timer
        }

        func code() async throws(AuthorizationRedirectError) -> Secret {
            let outcome = self.outcome
            let result = await withTaskCancellationHandler {
                await outcome.value()
            } onCancel: {
                outcome.complete(.failure(.cancelled))
            }
            await close()
            return try result.get()
        }

        func close() async {
            timer.cancel()
            outcome.complete(.failure(.cancelled))
            await shutdown.run()
        }
    }
}
