import Foundation
import TestSupport
import Testing

/// Eight real `stories-cli` processes at a time, sharing one credentials file, against a real `stories-server` whose
/// access tokens live two seconds and whose refresh tokens rotate with reuse detection.
@Suite("Many stories-cli processes share one session", .serialized)
struct MultiProcessSessionTests {
    static let processCount = 8
    static let rounds = 3
    static let accessTokenLifetime: TimeInterval = 2

    @Test("Every command succeeds across token expiries, with one refresh per expiry and no refresh-token reuse")
    func sharedSessionSurvivesExpiries() async throws {
        let cli = try BuildProducts.executable(named: "stories-cli")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("multi-\(UUID().uuidString)")
        let environment = [
            "STORIES_CREDENTIALS_DB": directory.appendingPathComponent("credentials.sqlite").path,
            "STORIES_CREDENTIALS_STORAGE": "plain",
        ]

        // DPoP required, with nonces: the processes share the account's key through the file, and the refresh that
        // one of them makes under the lock is signed with it (issue 26).
        let server = try await ServerProcess.start([
            "--access-token-ttl", "\(Int(Self.accessTokenLifetime))", "--stories", "40", "--dpop", "required",
        ])
        defer { server.stop() }
        let url = server.baseURL.absoluteString
        let serverArguments = ["--server-url", url]

        let login = try await ChildProcess.run(
            cli,
            ["login", "--username", "demo", "--password-stdin"] + serverArguments,
            input: "demo-password\n",
            environment: environment
        )
        try #require(login.status == 0, "login failed: \(login.standardError)")
        let signedInAt = Date()
        let status = try await ChildProcess.run(cli, ["status", "--json"] + serverArguments, environment: environment)
        let sessions = try JSONSerialization.jsonObject(with: Data(status.standardOutput.utf8)) as? [[String: Any]]
        #expect(sessions?.first?["tokenType"] as? String == "DPoP", "\(status.standardOutput)")

        var outputs: [ChildProcess.Result] = [login]
        for round in 0..<Self.rounds {
            if round > 0 {
                // Not synchronisation: the scenario is real time passing until the access token has expired.
                try await Task.sleep(for: .seconds(Self.accessTokenLifetime + 0.2))
            }
            let results = try await withThrowingTaskGroup(of: ChildProcess.Result.self) { group in
                for _ in 0..<Self.processCount {
                    group.addTask {
                        try await ChildProcess.run(
                            cli,
                            ["list", "--limit", "3"] + serverArguments,
                            environment: environment
                        )
                    }
                }
                return try await group.reduce(into: [ChildProcess.Result]()) { $0.append($1) }
            }
            for result in results {
                #expect(result.status == 0, "round \(round): \(result.standardError)")
                #expect(result.standardOutput.contains("points by"))
            }
            outputs += results
        }
        let elapsed = Date().timeIntervalSince(signedInAt)

        let log = server.output.text
        let refreshes = log.components(separatedBy: "grant_type=refresh_token outcome=issued").count - 1
        let refusals = log.components(separatedBy: "grant_type=refresh_token outcome=invalid_grant").count - 1
        // At most one refresh per access-token lifetime that elapsed, at least one per expiry the rounds crossed.
        let lifetimesElapsed = Int((elapsed / (Self.accessTokenLifetime * 0.9)).rounded(.up))
        #expect(refreshes >= Self.rounds - 1)
        #expect(refreshes <= lifetimesElapsed, "\(refreshes) refreshes in \(elapsed) s")
        #expect(refusals == 0, "refresh-token reuse or refusal seen by the server:\n\(log)")
        #expect(!log.contains("reason=reused"))
        // The only proofs refused are first ones without the server's nonce (each process starts without it).
        let refusedProofs = log.split(separator: "\n").filter { $0.contains("dpop outcome=refused") }
        #expect(refusedProofs.allSatisfy { $0.contains("reason=nonce_needed") }, "\(refusedProofs)")

        // No token reaches any output: nothing token-shaped (the server's tokens are 43 base64url characters).
        for output in outputs {
            for text in [output.standardOutput, output.standardError] {
                #expect(text.firstMatch(of: /[A-Za-z0-9_\-]{40,}/) == nil, "token-shaped output: \(text)")
            }
        }
        #expect(log.firstMatch(of: /[A-Za-z0-9_\-]{40,}/) == nil)

        // The file stays private and intact.
        let attributes = try FileManager.default.attributesOfItem(atPath: environment["STORIES_CREDENTIALS_DB"]!)
        #expect(attributes[.posixPermissions] as? Int == 0o600)
    }
}
