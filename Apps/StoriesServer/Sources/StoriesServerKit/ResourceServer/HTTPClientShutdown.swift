import AsyncHTTPClient
import ServiceLifecycle

/// Shuts the client for the external authorization server down when the application stops. The application's service
/// group stops services in the reverse order of their start, and this one starts first, so the server has answered
/// its last request by then.
struct HTTPClientShutdown: Service {
    let client: HTTPClient

    func run() async throws {
        // Returns when the application shuts down gracefully, throws when it is cancelled: either way, it is over.
        try? await gracefulShutdown()
        try await client.shutdown()
    }
}
