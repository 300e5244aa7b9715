import Authorization
import CredentialsStore
import Foundation
import StoriesCLITestSupport

@testable import StoriesCLIKit

/// Runs the CLI's commands in process, through the real stack, against a real server, with a credentials file of
/// the test's own.
struct CLIHarness {
    let credentialsPath: String

    /// A harness whose credentials file lives in a new temporary directory named after `purpose`.
    init(_ purpose: String) {
        credentialsPath =
            FileManager.default.temporaryDirectory
            .appendingPathComponent("\(purpose)-\(UUID().uuidString)/credentials.sqlite").path
    }

    /// What points the CLI at `server` and this harness's credentials file.
    func environment(_ server: RunningServer) -> [String: String] {
        [
            "STORIES_SERVER_URL": server.baseURL.absoluteString, "STORIES_CREDENTIALS_DB": credentialsPath,
            "STORIES_CREDENTIALS_STORAGE": "plain",
        ]
    }

    /// Runs `command` against `server` and returns its exit code and what it wrote.
    func run(
        _ command: some StoriesSubcommand, on server: RunningServer, input: UserInput = .piped([]),
        now: @escaping @Sendable () -> Date = { Date() }
    ) async -> (status: CLIExitCode, output: CapturedOutput) {
        let output = CapturedOutput()
        let status = await command.run(environment: environment(server), output: output, input: input, now: now)
        return (status, output)
    }

    /// Runs `command` against `server` with `keyring` as the OS keyring and the default (sealed) storage for a
    /// new file, unless `environment` says otherwise.
    func run(
        _ command: some StoriesSubcommand, on server: RunningServer, keyring: any DataKeyStore,
        input: UserInput = .piped([]), environment extra: [String: String] = [:]
    ) async -> (status: CLIExitCode, output: CapturedOutput) {
        let output = CapturedOutput()
        var environment = environment(server)
        environment["STORIES_CREDENTIALS_STORAGE"] = nil
        environment.merge(extra) { $1 }
        let status = await command.run(
            environment: environment, output: output, input: input, now: { Date() }, keyring: keyring)
        return (status, output)
    }

    /// The session stored for `server`, as the store reads it.
    func storedCredential(for server: RunningServer) async throws -> Credential? {
        try await SQLiteCredentialsStore(path: credentialsPath).credential(for: try ServerOrigin(server.baseURL))
    }
}
