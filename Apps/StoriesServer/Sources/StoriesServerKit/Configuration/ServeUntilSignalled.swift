import Hummingbird
import Logging
import ServiceLifecycle

/// Runs `application` until SIGTERM or SIGINT, then stops it within `gracePeriod` whatever its clients hold.
///
/// A signal first closes idle connections and lets each request in flight finish (Hummingbird's graceful shutdown);
/// after `gracePeriod` swift-service-lifecycle cancels what is left, which closes those connections too: a client
/// that never finishes its request body cannot keep the server running.
public func serveUntilSignalled(
    _ application: some ApplicationProtocol, gracePeriod: Duration, logger: Logger
) async throws {
    var configuration = ServiceGroupConfiguration(
        services: [application], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
    configuration.maximumGracefulShutdownDuration = gracePeriod
    try await ServiceGroup(configuration: configuration).run()
}
