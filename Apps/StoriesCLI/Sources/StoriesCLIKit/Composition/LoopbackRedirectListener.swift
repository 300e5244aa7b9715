import Authorization
import NIOCore
import NIOPosix
import Synchronization

/// The browser's way back to `stories-cli` (RFC 8252 §7.3): an HTTP listener on 127.0.0.1, on a port the kernel
/// picks, that takes exactly one redirect to its path, checks it against the request's `state` (and `iss`), answers
/// the browser with a short page that carries no secret, and closes.
///
/// Bounded in every direction: a request head larger than `maximumRequestBytes` is answered 431 and dropped, a
/// connection that has not sent a whole head within `connectionReadTimeout` is closed (browsers open connections
/// they never use), and the whole wait ends after `overallTimeout`. Other paths (`/favicon.ico`) and methods are
/// answered 404 without consuming the redirect. The first request to the path decides: a wrong `state` there ends
/// the sign-in, because a redirect that does not match must never be retried with a code it may carry.
struct LoopbackRedirectListener: AuthorizationRedirectListening {
    struct Limits: Sendable, Equatable {
        var maximumRequestBytes: Int
        var connectionReadTimeout: Duration
        var overallTimeout: Duration

        /// What `stories-cli login` uses (documented in the README's limits table).
        static let standard = Limits(
            maximumRequestBytes: 8 * 1024, connectionReadTimeout: .seconds(10), overallTimeout: .seconds(300))
    }

    /// The redirect URI's path.
    static let path = "/callback"

    var limits: Limits = .standard
    /// Waits out the overall timeout; tests pass one that returns when they say.
    var expiry: @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }

    func listen(
        state: AuthorizationState, issuer: String?
    ) async throws(AuthorizationRedirectError) -> any AuthorizationRedirectReceiving {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let outcome = RedirectOutcome()
        let expectation = RedirectExpectation(
            path: Self.path, state: state, issuer: issuer, limits: limits, outcome: outcome)
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 16)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(RedirectRequestHandler(expectation: expectation))
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

/// What the listener waits for, shared by every connection's handler.
final class RedirectExpectation: Sendable {
    let path: String
    let state: AuthorizationState
    let issuer: String?
    let limits: LoopbackRedirectListener.Limits
    let outcome: RedirectOutcome
    /// Whether a request to `path` has been taken: only the first one is.
    private let claimed = Mutex(false)

    init(
        path: String, state: AuthorizationState, issuer: String?, limits: LoopbackRedirectListener.Limits,
        outcome: RedirectOutcome
    ) {
        self.path = path
        self.state = state
        self.issuer = issuer
        self.limits = limits
        self.outcome = outcome
    }

    /// True for the first caller only.
    func claim() -> Bool {
        claimed.withLock { wasClaimed in
            defer { wasClaimed = true }
            return !wasClaimed
        }
    }
}

/// The one result of a listener: the first `complete` wins; `value()` waits for it.
final class RedirectOutcome: Sendable {
    private enum State {
        case waiting([CheckedContinuation<Result<Secret, AuthorizationRedirectError>, Never>])
        case done(Result<Secret, AuthorizationRedirectError>)
    }

    private let state = Mutex(State.waiting([]))

    /// Sets the result unless one is set already.
    func complete(_ result: Result<Secret, AuthorizationRedirectError>) {
        let waiters = state.withLock {
            state -> [CheckedContinuation<Result<Secret, AuthorizationRedirectError>, Never>] in
            guard case .waiting(let waiters) = state else { return [] }
            state = .done(result)
            return waiters
        }
        for waiter in waiters { waiter.resume(returning: result) }
    }

    func value() async -> Result<Secret, AuthorizationRedirectError> {
        await withCheckedContinuation { continuation in
            let done = state.withLock { state -> Result<Secret, AuthorizationRedirectError>? in
                switch state {
                case .done(let result): return result
                case .waiting(var waiters):
                    waiters.append(continuation)
                    state = .waiting(waiters)
                    return nil
                }
            }
            if let done { continuation.resume(returning: done) }
        }
    }
}

/// Reads one request head per connection, answers it, and closes the connection.
final class RedirectRequestHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let expectation: RedirectExpectation
    private var head: [UInt8] = []
    private var answered = false
    private var readDeadline: Scheduled<Void>?

    init(expectation: RedirectExpectation) {
        self.expectation = expectation
    }

    func channelActive(context: ChannelHandlerContext) {
        let channel = context.channel
        let timeout = expectation.limits.connectionReadTimeout
        readDeadline = context.eventLoop.scheduleTask(in: .nanoseconds(Int64(timeout.nanosecondsClamped))) {
            channel.close(promise: nil)
        }
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        readDeadline?.cancel()
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !answered else { return }
        var buffer = unwrapInboundIn(data)
        head += buffer.readBytes(length: buffer.readableBytes) ?? []
        let maximum = expectation.limits.maximumRequestBytes
        if let end = Self.endOfHead(in: head), end <= maximum {
            answer(HTTPRequestHead(Array(head[..<end])), context: context)
        } else if head.count > maximum {
            // Whole or not, a head this large is not a redirect this listener asked for; nothing of it is read.
            respond(.tooLarge, context: context)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }

    private func answer(_ request: HTTPRequestHead?, context: ChannelHandlerContext) {
        guard let request, request.method == "GET", request.path == expectation.path, expectation.claim() else {
            return respond(.notFound, context: context)
        }
        let result = Result { () throws(AuthorizationRedirectError) -> Secret in
            try AuthorizationResponse.code(
                from: request.query, state: expectation.state, issuer: expectation.issuer)
        }
        // Later connections are refused at once; this one still gets its page.
        context.channel.parent?.close(promise: nil)
        let outcome = expectation.outcome
        respond(RedirectPage(result), context: context) {
            outcome.complete(result)
        }
    }

    private func respond(
        _ page: RedirectPage, context: ChannelHandlerContext, then: (@Sendable () -> Void)? = nil
    ) {
        answered = true
        readDeadline?.cancel()
        let bytes = page.response
        let buffer = context.channel.allocator.buffer(bytes: bytes)
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(buffer)).whenComplete { _ in
            then?()
            channel.close(promise: nil)
        }
    }

    /// The index just past the blank line that ends a request head, if it has arrived.
    static func endOfHead(in bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 3..<bytes.count
        where bytes[index - 3] == 13 && bytes[index - 2] == 10 && bytes[index - 1] == 13 && bytes[index] == 10 {
            return index + 1
        }
        return nil
    }
}

/// The request line of a request head: method, path and query.
struct HTTPRequestHead {
    var method: Substring
    var path: Substring
    var query: Substring

    /// `nil` unless the head starts with `METHOD SP origin-form-target SP HTTP/1.x`.
    init?(_ bytes: [UInt8]) {
        guard let lineEnd = bytes.firstIndex(of: 13), let line = String(validating: bytes[..<lineEnd], as: UTF8.self)
        else { return nil }
        let parts = line.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[2].hasPrefix("HTTP/1."), parts[1].hasPrefix("/") else { return nil }
        method = parts[0]
        let target = parts[1]
        if let mark = target.firstIndex(of: "?") {
            path = target[..<mark]
            query = target[target.index(after: mark)...]
        } else {
            path = target
            query = ""
        }
    }
}

extension Duration {
    /// Whole nanoseconds, clamped to what an `Int64` holds.
    var nanosecondsClamped: Int64 {
        let (seconds, attoseconds) = components
        let (product, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        return overflow ? .max : product.addingReportingOverflow(attoseconds / 1_000_000_000).partialValue
    }
}
