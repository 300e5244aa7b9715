import AsyncHTTPClient
import Foundation
import HTTPTypes
import OpenAPIAsyncHTTPClient
import OpenAPIRuntime
import Synchronization

/// An AsyncHTTPClient transport whose client (and the event-loop threads it starts) is created by the first request,
/// not when the command starts: a command that answers from the credentials file alone (`token` with a fresh token,
/// `logout` with nothing stored) never pays for it.
final class LazyHTTPClientTransport: ClientTransport {
    private let configuration: HTTPClient.Configuration
    private let backstopTimeout: Duration
    private let created = Mutex<(client: HTTPClient, transport: AsyncHTTPClientTransport)?>(nil)

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

    /// Shuts the client down, if a request created one.
    func shutdown() async {
        let client = created.withLock { $0?.client }
        try? await client?.shutdown()
    }

    private func transport() -> AsyncHTTPClientTransport {
        created.withLock { created in
            if let created { return created.transport }
            let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
            let transport = AsyncHTTPClientTransport(
                configuration: .init(client: client, timeout: backstopTimeout.timeAmount))
            created = (client, transport)
            return transport
        }
    }
}
