import Foundation

/// A real `stories-server` process on a free loopback port, for tests that need separate processes.
public final class ServerProcess: Sendable {
    public let baseURL: URL
    /// Everything it printed so far, standard output and error together.
    public var output: OutputCollector { process.standardOutput }
    private let process: StartedProcess

    private init(process: StartedProcess, baseURL: URL) {
        self.process = process
        self.baseURL = baseURL
    }

    /// Starts the built `stories-server` with `arguments` plus `--port 0`, and returns once it prints its
    /// `Listening on <url>` line. A server that ends without that line throws `ServerDidNotStart`.
    public static func start(_ arguments: [String] = []) async throws -> ServerProcess {
        let process = try await StartedProcess.start(
            try BuildProducts.executable(named: "stories-server"), ["--port", "0"] + arguments, input: "",
            output: .combined, environment: [:])
        // The output ends when the server does, so a server that dies first answers this wait too.
        let started = await process.standardOutput.waitFor("Listening on ")
        guard
            started,
            let url = process.standardOutput.text.split(separator: "\n")
                .first(where: { $0.hasPrefix("Listening on ") })?
                .split(separator: " ").last.flatMap({ URL(string: String($0)) })
        else {
            process.send(SIGTERM)
            throw ServerDidNotStart()
        }
        return ServerProcess(process: process, baseURL: url)
    }

    /// Asks the server to stop (SIGTERM). The harness reaps it once it has ended; waiting for that here would block a
    /// thread of the cooperative pool, which the reaping needs.
    public func stop() {
        process.send(SIGTERM)
    }
}
