import Foundation
import ProcessSpawning

/// A real `stories-server` process on a free loopback port, for tests that need separate processes.
public final class ServerProcess: Sendable {
    public let baseURL: URL
    /// Everything it printed so far, standard output and error together.
    public let output: OutputCollector
    private let child: SpawnedChild

    private init(child: SpawnedChild, baseURL: URL, output: OutputCollector) {
        self.child = child
        self.baseURL = baseURL
        self.output = output
    }

    /// Starts the built `stories-server` with `arguments` plus `--port 0`, and returns once it prints its
    /// `Listening on <url>` line. A server that ends its output without that line throws `ServerDidNotStart`.
    public static func start(_ arguments: [String] = []) async throws -> ServerProcess {
        let executable = try BuildProducts.executable(named: "stories-server")
        let output = OutputCollector()
        let writingEnd = output.pipe.fileHandleForWriting
        let child: Result<SpawnedChild, any Error> = Result {
            try SpawnedChild(
                executable, ["--port", "0"] + arguments, environment: ProcessInfo.processInfo.environment,
                standardInput: nil, standardOutput: writingEnd.fileDescriptor, standardError: writingEnd.fileDescriptor)
        }
        // Closed whether or not the server started: the collector then reads to the end of what the server writes,
        // and its reading thread ends.
        try? writingEnd.close()
        return try await waitForAddress(of: child.get(), printingTo: output)
    }

    private static func waitForAddress(
        of child: SpawnedChild, printingTo output: OutputCollector
    ) async throws -> ServerProcess {
        let started = await output.waitFor("Listening on ")
        guard
            started,
            let url = output.text.split(separator: "\n").first(where: { $0.hasPrefix("Listening on ") })?
                .split(separator: " ").last.flatMap({ URL(string: String($0)) })
        else {
            child.send(SIGTERM)
            child.waitUntilExit()
            throw ServerDidNotStart()
        }
        return ServerProcess(child: child, baseURL: url, output: output)
    }

    /// Stops the process and waits for it.
    public func stop() {
        child.send(SIGTERM)
        child.waitUntilExit()
    }
}
