import APIClient
import Authorization
import CredentialsStore
import Foundation
import StoriesCLITestSupport
import StoriesServerKit
import Testing

@testable import StoriesCLIKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// DPoP-bound sessions (RFC 9449) end to end: stories-cli against stories-server `--dpop required`, and what a thief
/// holding the tokens but not the key gets.
@Suite("DPoP-bound sessions", .serialized)
struct DPoPSessionTests {
    let cli = CLIHarness("dpop")
    let http = URLSession(configuration: .ephemeral)

    static let required = ServerConfiguration(port: 0, storyCount: 50, passwordHashCost: 4, dpop: .required)

    func signIn(on server: RunningServer) async throws -> Credential {
        let login = await cli.run(
            try LoginCommand.parse(["--username", "demo", "--password-stdin"]), on: server,
            input: .piped([ServerConfiguration.demoPassword]))
        try #require(login.status == .success, "\(login.output.error)")
        return try #require(try await cli.storedCredential(for: server))
    }

    @Test("Against a server that requires DPoP, sign-in binds the session to a key, and commands and renewals work")
    func requiredServer() async throws {
        try await RunningServer.with(configuration: Self.required) { server in
            let signedIn = try await signIn(on: server)
            #expect(signedIn.isDPoPBound)
            #expect(signedIn.tokenType == "DPoP")

            let list = await cli.run(try ListCommand.parse(["--limit", "3"]), on: server)
            #expect(list.status == .success, "\(list.output.error)")

            let later = Date().addingTimeInterval(24 * 3600)
            let renewed = await cli.run(try WhoamiCommand.parse([]), on: server, now: { later })
            #expect(renewed.status == .success, "\(renewed.output.error)")
            let refreshed = try #require(try await cli.storedCredential(for: server))
            #expect(refreshed.generation > signedIn.generation)
            #expect(refreshed.dpopKey == signedIn.dpopKey)

            let status = await cli.run(try StatusCommand.parse(["--json"]), on: server)
            let entries = try #require(
                try JSONSerialization.jsonObject(with: Data(status.output.standard.utf8)) as? [[String: Any]])
            #expect(entries.first?["tokenType"] as? String == "DPoP")
            let human = await cli.run(try StatusCommand.parse([]), on: server)
            #expect(human.output.standard.contains("tokens:        DPoP"))
        }
    }

    @Test("A stolen access token replayed as a bearer token is refused")
    func stolenAccessToken() async throws {
        try await RunningServer.with(configuration: Self.required) { server in
            let credential = try await signIn(on: server)
            var request = URLRequest(url: server.baseURL.appending(path: "me"))
            request.setValue("Bearer \(credential.accessToken.unredacted)", forHTTPHeaderField: "Authorization")
            let (_, bearer) = try await http.data(for: request)
            #expect((bearer as? HTTPURLResponse)?.statusCode == 401)
            // As DPoP without a proof: refused as well.
            request.setValue("DPoP \(credential.accessToken.unredacted)", forHTTPHeaderField: "Authorization")
            let (_, withoutProof) = try await http.data(for: request)
            #expect((withoutProof as? HTTPURLResponse)?.statusCode == 401)
        }
    }

    @Test("The refresh token used without the key is refused, and the session it belongs to keeps working")
    func stolenRefreshToken() async throws {
        try await RunningServer.with(configuration: Self.required) { server in
            let credential = try await signIn(on: server)
            let refreshToken = try #require(credential.refreshToken)
            var request = URLRequest(url: server.baseURL.appending(path: "oauth/token"))
            request.httpMethod = "POST"
            request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
            request.httpBody = Data(
                "grant_type=refresh_token&client_id=stories-cli&refresh_token=\(refreshToken.unredacted)".utf8)
            let (body, response) = try await http.data(for: request)
            #expect((response as? HTTPURLResponse)?.statusCode == 400)
            let error = try JSONSerialization.jsonObject(with: body) as? [String: Any]
            #expect(["invalid_dpop_proof", "invalid_grant"].contains(error?["error"] as? String))

            let later = Date().addingTimeInterval(24 * 3600)
            let renewed = await cli.run(try WhoamiCommand.parse([]), on: server, now: { later })
            #expect(renewed.status == .success, "\(renewed.output.error)")
        }
    }

    @Test("Against a server that offers no DPoP the session stays a bearer one, and status says so")
    func bearerServer() async throws {
        let off = ServerConfiguration(port: 0, storyCount: 50, passwordHashCost: 4, dpop: .off)
        try await RunningServer.with(configuration: off) { server in
            let signedIn = try await signIn(on: server)
            #expect(!signedIn.isDPoPBound)
            #expect(signedIn.dpopKey == nil)
            let status = await cli.run(try StatusCommand.parse(["--json"]), on: server)
            let entries = try #require(
                try JSONSerialization.jsonObject(with: Data(status.output.standard.utf8)) as? [[String: Any]])
            #expect(entries.first?["tokenType"] as? String == "Bearer")
        }
    }

    @Test(
        "token prints a DPoP-bound session's token with a note that a request needs a proof and api makes one, a bearer one's without",
        arguments: [DPoPMode.required, .off])
    func tokenSaysWhenItNeedsAProof(mode: DPoPMode) async throws {
        let configuration = ServerConfiguration(port: 0, storyCount: 50, passwordHashCost: 4, dpop: mode)
        try await RunningServer.with(configuration: configuration) { server in
            let signedIn = try await signIn(on: server)
            let token = await cli.run(try TokenCommand.parse([]), on: server)
            #expect(token.status == .success, "\(token.output.error)")
            #expect(token.output.standard == signedIn.accessToken.unredacted + "\n")
            let noted = token.output.error.contains("bound to this machine's DPoP key")
            #expect(noted == (mode == .required), "\(token.output.error)")
            #expect(token.output.error.contains("`stories-cli api PATH`") == (mode == .required))
        }
    }
}
