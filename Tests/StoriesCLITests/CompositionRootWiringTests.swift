import APIClient
import APIClientTestSupport
import Authorization
import CredentialsStore
import Foundation
import HTTPTypes
import Logging
import OpenAPIRuntime
import StoriesCLITestSupport
import StoriesDomain
import Testing

@testable import StoriesCLIKit

/// The clients the composition root builds, over a transport that answers with fixed bytes.
@Suite("Composition root wiring")
struct CompositionRootWiringTests {
    static func services(transport: some ClientTransport) async throws -> ServerServices {
        let server = ResolvedServer(name: .local, url: URL(string: "http://127.0.0.1:8080/v1")!)
        let store = InMemoryCredentialsStore()
        _ = await store.replace(
            with: .fixture(
                origin: try ServerOrigin(server.url), accessToken: "access-fixture", refreshToken: "refresh-fixture",
                lifetime: nil, issuedAt: Date()))
        let context = CommandContext(
            server: server, credentialsPath: "/nonexistent", output: CapturedOutput(), input: .piped([]),
            logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }, now: { Date() })
        return try CompositionRoot.makeServices(
            context: context, store: store, lock: NoCrossProcessLock(), transport: transport)
    }

    @Test("Dates with fractional seconds and offsets from the server are read, not refused as malformed")
    func readsFractionalDates() async throws {
        let body = """
            {"items":[{"id":"1","title":"t","url":null,"author":"a","score":1,"commentCount":0,\
            "createdAt":"2026-11-21T10:00:00.125963Z"},{"id":"2","title":"t","url":null,"author":"a","score":1,\
            "commentCount":0,"createdAt":"2026-11-21T12:00:00+02:00"}],"nextCursor":null}
            """
        let services = try await Self.services(transport: ScriptedTransport(body: body))
        let page = try await services.stories.stories(startingAt: nil, limit: 20)
        #expect(page.stories.map(\.createdAt.timeIntervalSince1970) == [1_795_255_200.125963, 1_795_255_200])
    }
}

@Suite("Token responses through the generated client")
struct TokenResponseDecodingTests {
    @Test(
        "An expires_in that is huge, fractional, zero or negative signs in with an unknown lifetime instead of failing",
        arguments: ["99999999999999999999999", "1e30", "1.5", "0", "-1", "9223372036854775808"])
    func unusableLifetimeIsUnknown(expiresIn: String) async throws {
        let body = """
            {"access_token":"fresh-access","token_type":"Bearer","expires_in":\(expiresIn),"refresh_token":"fresh-refresh"}
            """
        let services = try await CompositionRootWiringTests.services(
            transport: ScriptedTransport(body: body))
        let credential = try await services.session.signIn(
            username: "demo", password: Secret("pw"), at: .contract(of: services.session.origin)
        ).credential
        #expect(credential.accessToken == Secret("fresh-access"))
        #expect(credential.expiresAt == nil)
    }

    @Test("A whole-number expires_in within a year is the token's lifetime")
    func usableLifetime() async throws {
        let body = #"{"access_token":"fresh-access","token_type":"Bearer","expires_in":900}"#
        let services = try await CompositionRootWiringTests.services(
            transport: ScriptedTransport(body: body))
        let credential = try await services.session.signIn(
            username: "demo", password: Secret("pw"), at: .contract(of: services.session.origin)
        ).credential
        let lifetime = try #require(credential.expiresAt).timeIntervalSince(credential.issuedAt)
        #expect(lifetime == 900)
    }
}
