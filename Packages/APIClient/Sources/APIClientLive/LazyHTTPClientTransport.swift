import AsyncHTTPClient
import Foundation
import HTTPTypes
import NIOCore
import NIOPosix
import OpenAPIAsyncHTTPClient
import OpenAPIRuntime
import Synchronization

/// An AsyncHTTPClient transport whose client (and the event-loop thread it starts) is created by the first request,
/// not when the process starts: a command that answers from the credentials file alone (`token` with a fresh token,
/// `logout` with nothing stored) never pays for it.
///
/// A command whose work is a request to the server calls `startCreatingClient()` first (`HTTPClientStart.atOnce`):
/// the client and its thread are then set up on another core while the credentials file opens, instead of after it.
///
/// The client runs on one event-loop thread of its own rather than NIO's shared group, which starts one per core: a
/// command sends its requests one after another, and every thread started is start-up time a short command pays.
public final class LazyHTTPClientTransport: ClientTransport {
    private struct Created {
        let eventLoops: MultiThreadedEventLoopGroup
        /// Whether `shutdown()` shuts `eventLoops` down: not the process's loop.
        let ownsEventLoops: Bool
        let client: HTTPClient
        let transport: AsyncHTTPClientTransport
    }

    private struct State {
        var created: Created?
        var isShutDown = false
    }

    private let configuration: HTTPClient.Configuration
    private let backstopTimeout: Duration
    private let processEventLoop: ProcessEventLoop?
    private let state = Mutex(State())
    private let creationInBackground = Mutex<Task<Void, Never>?>(nil)

    /// - Parameters:
    ///   - configuration: AsyncHTTPClient's configuration (`init(limits:proxy:)` makes the project's).
    ///   - backstopTimeout: the transport's own timeout, behind the middlewares' deadlines.
    ///   - processEventLoop: the process's event loop, which the client then runs on and `shutdown()` leaves
    ///     running; `nil`: a loop of the transport's own, which `shutdown()` shuts down.
    public init(
        configuration: HTTPClient.Configuration, backstopTimeout: Duration, processEventLoop: ProcessEventLoop? = nil
    ) {
        self.configuration = configuration
        self.backstopTimeout = backstopTimeout
        self.processEventLoop = processEventLoop
    }

    /// Throws `HTTPClientError.alreadyShutdown` after `shutdown()`, rather than starting a client nothing would shut
    /// down.
    public func send(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String
    ) async throws -> (HTTPResponse, HTTPBody?) {
        try await created().transport.send(request, body: body, baseURL: baseURL, operationID: operationID)
    }

    /// Starts creating the client and its event-loop thread on another thread; the first request waits for it if it
    /// is not ready yet.
    public func startCreatingClient() {
        creationInBackground.withLock { task in
            guard task == nil else { return }
            task = Task.detached { [self] in _ = try? createdNow() }
        }
    }

    /// An event loop of the client, creating the client if no request has yet; throws after `shutdown()`.
    public func eventLoop() async throws -> any EventLoop {
        try await created().eventLoops.next()
    }

    /// The client, once a request or `startCreatingClient()` has created it.
    var client: HTTPClient? {
        state.withLock { $0.created?.client }
    }

    /// Shuts the client down, and its event-loop thread unless it is the process's, if a request or
    /// `startCreatingClient()` created them. Later requests fail.
    public func shutdown() async {
        // A creation still under way would otherwise leave a client and its thread behind.
        await creationInBackground.withLock({ $0 })?.value
        let created = state.withLock { state in
            state.isShutDown = true
            return state.created
        }
        guard let created else { return }
        try? await created.client.shutdown()
        if created.ownsEventLoops { try? await created.eventLoops.shutdownGracefully() }
    }

    /// The client, once a creation in the background (if any) has finished; it waits for that by awaiting, not at the
    /// lock in `createdNow()`, so that a thread of Swift's pool is not blocked and the creation takes on this task's
    /// priority.
    private func created() async throws -> Created {
        await creationInBackground.withLock({ $0 })?.value
        return try createdNow()
    }

    /// The client, created now if nothing has created it yet.
    private func createdNow() throws -> Created {
        try state.withLock { state in
            guard !state.isShutDown else { throw HTTPClientError.alreadyShutdown }
            if let created = state.created { return created }
            let eventLoops = processEventLoop?.eventLoopGroup ?? MultiThreadedEventLoopGroup(numberOfThreads: 1)
            let client = HTTPClient(eventLoopGroupProvider: .shared(eventLoops), configuration: configuration)
            let transport = AsyncHTTPClientTransport(
                configuration: .init(client: client, timeout: TimeAmount(backstopTimeout)))
            let created = Created(
                eventLoops: eventLoops, ownsEventLoops: processEventLoop == nil, client: client, transport: transport)
            state.created = created
            return created
        }
    }
}
