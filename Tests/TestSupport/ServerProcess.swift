import Foundation

/// A real `stories-server` process on a free loopback port, for tests that need separate processes.
public final class ServerProcess: Sendable {
    public let process: Process
    public let baseURL: URL
    /// Everything it printed so far.
    public let output: OutputCollector

    private init(process: Process, baseURL: URL, output: OutputCollector) {
        self.process = process
        self.baseURL = baseURL
        self.output = output
    }

    /// Starts the built `stories-server` with `arguments` plus `--port 0`, and returns once it prints its
    /// `Listening on <url>` line.
    public static func start(_ arguments: [String] = []) async throws -> ServerProcess {
        let process = Process()
        process.executableURL = try BuildProducts.executable(named: "stories-server")
        process.arguments = ["--port", "0"] + arguments
        let output = OutputCollector()
        process.standardOutput = output.pipe
        process.standardError = output.pipe
        try process.run()
        await output.waitFor("Listening on ")
        guard
            let url = output.text.split(separator: "\n").first(where: { $0.hasPrefix("Listening on ") })?
                .split(separator: " ").last.flatMap({ URL(string: String($0)) })
        else {
            process.terminate()
            throw ServerDidNotStart()
        }
        return ServerProcess(process: process, baseURL: url, output: output)
    }

    /// Stops the process and waits for it.
    public func stop() {
        process.terminate()
        process.waitUntilExit()
    }
}
