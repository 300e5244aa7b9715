import AsyncHTTPClient
import Foundation
import HTTPTypes
import NIOPosix
import OpenAPIAsyncHTTPClient
import OpenAPIRuntime
import Synchronization

/// An AsyncHTTPClient transport whose client (and the event-loop thread it starts) is created by the first request,
/// not when the command starts: a command that answers from the credentials file alone (`token` with a fresh token,
/// `logout` with nothing stored) never pays for it.
///
/// A command that sends a request whatever happens (`list`, `show`) calls `startCreatingClient()` first: the client and
/// its thread are then set up on another core while the credentials file opens, instead of after it.
///
/// The client runs on one event-loop thread of its own rather than NIO's shared group, which starts one per core: a
/// command sends its requests one after another, and every thread started is start-up time a short command pays.
final class LazyHTTPClientTransport: ClientTransport {
    private struct Created {
        let eventLoops: MultiThreadedEventLoopGroup
        let client: HTTPClient
        let transport: AsyncHTTPClientTransport
    }

    private let configuration: HTTPClient.Configuration
    private let backstopTimeout: Duration
    private let created = Mutex<Created?>(nil)
    private let creationInBackground = Mutex<Task<Void, Never>?>(nil)

    /// - Parameter backstopTimeout: the transport's own timeout, behind the middlewares' deadlines.
    init(configuration: HTTPClient.Configuration, backstopTimeout: Duration) {
        self.configuration = configuration
        self.backstopTimeout = backstopTimeout
    }

    func send(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String
    ) async throws -> (HTTPResponse, HTTPBody?) {
        try await transport().send(request, body: body, baseURL: baseURL, operationID: operationID)
    }

    /// Starts creating the client and its event-loop thread on another thread; the first request uses it, or waits
    /// for it if it is not ready yet.
    func startCreatingClient() {
        creationInBackground.withLock { task in
            guard task == nil else { return }
            task = Task.detached { [self] in _ = transport() }
        }
    }

    /// Whether the client exists yet: created by a request or by `startCreatingClient()`.
    var hasCreatedClient: Bool {
        created.withLock { $0 != nil }
    }

    /// Shuts the client and its event-loop thread down, if a request or `startCreatingClient()` created them.
    func shutdown() async {
        // A creation still under way would otherwise leave a client and its thread behind.
        await creationInBackground.withLock({ $0 })?.value
        guard let created = created.withLock({ $0 }) else { return }
        try? await created.client.shutdown()
        try? await created.eventLoops.shutdownGracefully()
    }

    private func transport() -> AsyncHTTPClientTransport {
        created.withLock { created in
            if let created { return created.transport }
            let eventLoops = MultiThreadedEventLoopGroup(numberOfThreads: 1)
            let client = HTTPClient(eventLoopGroupProvider: .shared(eventLoops), configuration: configuration)
            let transport = AsyncHTTPClientTransport(
                configuration: .init(client: client, timeout: backstopTimeout.timeAmount))
            created = Created(eventLoops: eventLoops, client: client, transport: transport)
            return transport
        }
    }
}
