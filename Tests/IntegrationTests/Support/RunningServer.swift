import Foundation
import Hummingbird
import Logging
import StoriesServerKit
import TestSupport

/// A real `stories-server` application on an ephemeral loopback port, in this process.
///
/// `start` returns once the server listens (no sleeps); `stop` cancels it and waits for it to finish.
final class RunningServer: Sendable {
    let baseURL: URL
    private let task: Task<Void, any Error>

    private init(baseURL: URL, task: Task<Void, any Error>) {
        self.baseURL = baseURL
        self.task = task
    }

    static func start(
        configuration: ServerConfiguration = ServerConfiguration(port: 0, storyCount: 50, passwordHashCost: 4),
        environment: ServerEnvironment = .live,
        logger: Logger = Logger(label: "test-server") { _ in SwiftLogNoOpLogHandler() }
    ) async throws -> RunningServer {
        var configuration = configuration
        configuration.host = "127.0.0.1"
        let (ready, readyContinuation) = AsyncStream.makeStream(of: URL.self)
        let app = try await buildApplication(configuration: configuration, environment: environment, logger: logger) {
            url in
            readyContinuation.yield(url)
            readyContinuation.finish()
        }
        let task = Task {
            defer { readyContinuation.finish() }
            try await app.runService()
        }
        var iterator = ready.makeAsyncIterator()
        guard let url = await iterator.next() else {
            task.cancel()
            _ = await task.result
            throw ServerDidNotStart()
        }
        return RunningServer(baseURL: url, task: task)
    }

    func stop() async {
        task.cancel()
        _ = await task.result
    }

    /// Runs `body` against a fresh server and stops it afterwards.
    static func with<T>(
        configuration: ServerConfiguration = ServerConfiguration(port: 0, storyCount: 50, passwordHashCost: 4),
        environment: ServerEnvironment = .live,
        _ body: (RunningServer) async throws -> T
    ) async throws -> T {
        let server = try await start(configuration: configuration, environment: environment)
        do {
            let result = try await body(server)
            await server.stop()
            return result
        } catch {
            await server.stop()
            throw error
        }
    }
}
