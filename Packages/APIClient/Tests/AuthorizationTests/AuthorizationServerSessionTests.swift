import APIClientTestSupport
import CredentialsStore
import Foundation
import Testing

@testable import Authorization

/// A session belongs to the authorization server that issued it: its refresh and its revocation go back there,
/// wherever the API's discovery would point today.
@Suite("Sessions remember their authorization server")
struct AuthorizationServerSessionTests {
    static let server = AuthorizationServer(
        issuer: "https://login.example.net/realms/v1",
        tokenEndpoint: URL(string: "https://login.example.net/realms/v1/token")!,
        deviceAuthorizationEndpoint: URL(string: "https://login.example.net/realms/v1/device/auth")!,
        revocationEndpoint: URL(string: "https://login.example.net/realms/v1/token/revocation")!,
        resource: "https://api.example.com/v1")

    @Test(
        "A session signed in at an authorization server is stored with it, refreshed there and revoked there",
        arguments: StoreKind.allCases)
    func refreshAndRevokeAtIssuer(storeKind: StoreKind) async throws {
        let clock = TestClock()
        let fixture = try await SessionFixture(storeKind: storeKind, clock: clock)
        _ = try await fixture.coordinator.signIn(username: "alice", password: Secret("pw"), at: Self.server)
        #expect(try await fixture.stored()?.authorizationServer == Self.server)
        clock.advance(by: 3600)
        #expect(try await fixture.coordinator.currentAuthorization().accessToken == Secret("access-2"))
        #expect(try await fixture.stored()?.authorizationServer == Self.server)
        _ = try await fixture.coordinator.signOut()
        #expect(fixture.endpoint.servers == [Self.server, Self.server, Self.server])
        #expect(fixture.endpoint.revokedTokens == ["refresh-2"])
    }

    @Test("A session stored before sessions named their server is refreshed at the contract's endpoints of its origin")
    func legacySessionUsesContract() async throws {
        let clock = TestClock()
        let fixture = try await SessionFixture(storeKind: .sqlite, clock: clock)
        clock.advance(by: 3600)
        _ = try await fixture.coordinator.currentAuthorization()
        #expect(fixture.endpoint.servers == [.contract(of: SessionFixture.origin)])
    }
}
