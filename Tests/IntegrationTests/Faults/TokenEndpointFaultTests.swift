import Foundation
import TestSupport
import Testing

@testable import StoriesCLIKit

/// Faults of the token endpoint while `list` renews an expired session.
@Suite("Faults at the token endpoint", .timeLimit(.minutes(1)))
struct TokenEndpointFaultTests {
    /// Room above a deadline for a loaded machine. The faults run far longer without the deadline (a trickle of 200
    /// bytes at 100 ms takes 20 s), so the bound still tells a deadline that works from one that does not.
    static let slack: Duration = .seconds(6)

    /// A scenario whose token endpoint answers `token`, and whose stories endpoint serves one page.
    static func scenario(token: @escaping @Sendable () -> FaultServer.Response) throws -> FaultScenario {
        try FaultScenario { request in
            request.path.hasSuffix("/oauth/token") ? token() : .json(pageJSON(ids: ["1"], next: nil))
        }
    }

    @Test(
        "A 503 with any Retry-After is exit 69 with one line, and the stored session is unchanged",
        arguments: ["inf", "nan", "1e20", "-5", "abc", "120", "Wed, 21 Oct 2015 07:28:00 GMT", ""])
    func unavailableWithRetryAfter(retryAfter: String) async throws {
        let scenario = try Self.scenario {
            .json(#"{"error":"temporarily_unavailable"}"#, status: 503, headers: [("Retry-After", retryAfter)])
        }
        let seeded = try await scenario.seedSession(expired: true)
        let outcome = await scenario.run(try ListCommand.parse([]))
        #expect(outcome.status == .unreachable)
        expectOneClearLine(outcome.error)
        if retryAfter == "120" { #expect(outcome.error.contains("2 minutes")) }
        #expect(try await scenario.storedSession() == seeded)
    }

    @Test(
        "A session renewal answered with something that is not HTTP is exit 65, and the session is unchanged",
        arguments: ["HTTP/1.1 000 X\r\nContent-Length: 0\r\n\r\n", "HTTP/1.1 2000 OK\r\nContent-Length: 0\r\n\r\n"])
    func invalidHTTPDuringRefresh(response: String) async throws {
        let scenario = try Self.scenario { .raw(Array(response.utf8)) }
        let seeded = try await scenario.seedSession(expired: true)
        let outcome = await scenario.run(try ListCommand.parse([]))
        #expect(outcome.status == .malformedData)
        expectOneClearLine(outcome.error)
        #expect(outcome.error.contains("not valid HTTP"))
        #expect(try await scenario.storedSession() == seeded)
    }

    @Test("A refresh answer without Cache-Control is stored: the rotation holds")
    func tokenResponseWithoutCacheControl() async throws {
        let scenario = try Self.scenario {
            .respond(
                status: 200, headers: [("Content-Type", "application/json")],
                body: Array(
                    #"{"access_token":"access-new","token_type":"Bearer","refresh_token":"refresh-new","expires_in":900}"#
                        .utf8))
        }
        try await scenario.seedSession(expired: true)
        let outcome = await scenario.run(try ListCommand.parse([]))
        #expect(outcome.status == .success, "\(outcome.error)")
        #expect(try await scenario.storedSession()?.refreshToken?.unredacted == "refresh-new")
    }

    @Test(
        "A 500 or 429 says the server could not renew the session, not that it could not be reached",
        arguments: [500, 429])
    func serverErrorIsNotUnreachable(status: Int) async throws {
        let scenario = try Self.scenario { .json(#"{"error":"server_error"}"#, status: status) }
        let seeded = try await scenario.seedSession(expired: true)
        let outcome = await scenario.run(try ListCommand.parse([]))
        #expect(outcome.status == .unreachable)
        expectOneClearLine(outcome.error)
        #expect(!outcome.error.contains("Could not reach"))
        #expect(try await scenario.storedSession() == seeded)
    }

    @Test(
        "A token endpoint that trickles or hangs is abandoned at its deadline; the session is unchanged",
        arguments: [
            FaultServer.Response.trickle(bytes: 200, interval: .milliseconds(100)), .hang,
        ])
    func slowTokenEndpoint(response: FaultServer.Response) async throws {
        let scenario = try Self.scenario { response }
        let seeded = try await scenario.seedSession(expired: true)
        let outcome = await scenario.run(try ListCommand.parse([]))
        #expect(outcome.status == .unreachable)
        expectOneClearLine(outcome.error)
        #expect(outcome.elapsed < FaultScenario.limits.tokenRequestDeadline + Self.slack)
        #expect(try await scenario.storedSession() == seeded)
    }

    @Test("A token response over the size limit is exit 65 and the session is unchanged")
    func oversizedTokenResponse() async throws {
        let padding = String(repeating: " ", count: 100 << 10)
        let scenario = try Self.scenario { .json(tokenJSON() + padding) }
        let seeded = try await scenario.seedSession(expired: true)
        let outcome = await scenario.run(try ListCommand.parse([]))
        #expect(outcome.status == .malformedData)
        expectOneClearLine(outcome.error)
        #expect(outcome.error.contains("64 KiB"))
        #expect(try await scenario.storedSession() == seeded)
    }

    @Test(
        "An unusable expires_in is an unknown lifetime: the refresh is kept and the command succeeds",
        arguments: ["1e30", "-1", "0", "1.5", "99999999999999999999999"])
    func unusableLifetime(expiresIn: String) async throws {
        let scenario = try Self.scenario {
            .json(tokenJSON(expiresIn: expiresIn), headers: [("Cache-Control", "no-store")])
        }
        try await scenario.seedSession(expired: true)
        let outcome = await scenario.run(try ListCommand.parse([]))
        #expect(outcome.status == .success, "\(outcome.error)")
        let stored = try #require(try await scenario.storedSession())
        #expect(stored.accessToken.unredacted == "fault-access-2")
        #expect(stored.expiresAt == nil)
    }
}
