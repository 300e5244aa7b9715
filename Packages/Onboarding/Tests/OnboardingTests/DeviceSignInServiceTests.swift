import Authorization
import Foundation
import OnboardingData
import OnboardingDomain
import Testing

@Suite("APIDeviceSignInService")
struct DeviceSignInServiceTests {
    static let grant = TokenGrant(
        accessToken: Secret("device-access"), refreshToken: Secret("device-refresh"), scope: nil,
        issuedAt: ScriptedDeviceAuthorizer.start, expiresAt: nil)

    static func service(
        _ authorizer: ScriptedDeviceAuthorizer, clock: SleepRecordingClock,
        session: ScriptedSession = ScriptedSession(),
        discovery: ScriptedDiscovery = .nothingPublished
    ) -> APIDeviceSignInService {
        APIDeviceSignInService(
            authorizer: authorizer, discovery: discovery, session: session,
            identifier: FixedAccountIdentifier(account: "alice"), now: clock.now, sleep: clock.sleep)
    }

    static let metadata = AuthorizationServerMetadata(
        issuer: "https://login.example.com/v1", authorizationEndpoint: nil,
        tokenEndpoint: URL(string: "https://login.example.com/v1/token")!,
        deviceAuthorizationEndpoint: URL(string: "https://login.example.com/v1/device/auth")!,
        grantTypesSupported: ["urn:ietf:params:oauth:grant-type:device_code"], codeChallengeMethodsSupported: [])

    @Test("The code is asked for and polled at the authorization server discovery finds, which the session remembers")
    func signsInAtDiscoveredServer() async throws {
        let authorizer = ScriptedDeviceAuthorizer([.pending, .granted(Self.grant)])
        let session = ScriptedSession()
        let discovery = ScriptedDiscovery.publishing(Self.metadata, resource: "https://api.example.com/v1")
        let service = Self.service(authorizer, clock: SleepRecordingClock(), session: session, discovery: discovery)
        _ = try await service.completeDeviceSignIn(try await service.startDeviceSignIn())
        let expected = Self.metadata.authorizationServer(resource: "https://api.example.com/v1")
        #expect(authorizer.requestedServers == [expected, expected, expected])
        #expect(await session.issuers == [expected])
    }

    @Test(
        "Metadata without the device grant or its endpoint is deviceSignInUnsupported, and nothing is asked",
        arguments: [
            AuthorizationServerMetadata(
                issuer: metadata.issuer, authorizationEndpoint: nil, tokenEndpoint: metadata.tokenEndpoint,
                deviceAuthorizationEndpoint: nil, grantTypesSupported: metadata.grantTypesSupported,
                codeChallengeMethodsSupported: []),
            AuthorizationServerMetadata(
                issuer: metadata.issuer, authorizationEndpoint: nil, tokenEndpoint: metadata.tokenEndpoint,
                deviceAuthorizationEndpoint: metadata.deviceAuthorizationEndpoint,
                grantTypesSupported: ["authorization_code"], codeChallengeMethodsSupported: []),
        ])
    func deviceSignInUnsupported(metadata: AuthorizationServerMetadata) async throws {
        let authorizer = ScriptedDeviceAuthorizer([.pending])
        let service = Self.service(authorizer, clock: SleepRecordingClock(), discovery: .publishing(metadata))
        await #expect(throws: OnboardingError.deviceSignInUnsupported) { try await service.startDeviceSignIn() }
        #expect(authorizer.requestedServers.isEmpty)
    }

    @Test("Starting shows the server's code and pages and keeps the device code out of every printout")
    func startShowsCode() async throws {
        let authorizer = ScriptedDeviceAuthorizer([.pending])
        let code = try await Self.service(authorizer, clock: SleepRecordingClock()).startDeviceSignIn()
        #expect(code.userCode == "BCDF-GHJK")
        #expect(code.verificationURI == authorizer.authorization.verificationURI)
        #expect(code.verificationURIComplete == authorizer.authorization.verificationURIComplete)
        #expect(code.expiresAt == authorizer.authorization.expiresAt)
        #expect(code.pollingInterval == .seconds(5))
        #expect(!String(describing: code).contains("device-code-1"))
        #expect(!String(reflecting: code).contains("device-code-1"))
    }

    @Test("Polls at the server's interval until approved, then stores the session as the account the server names")
    func pollsUntilApproved() async throws {
        let authorizer = ScriptedDeviceAuthorizer([.pending, .pending, .granted(Self.grant)])
        let clock = SleepRecordingClock()
        let session = ScriptedSession(signedInAs: "demo")
        let service = Self.service(authorizer, clock: clock, session: session)
        let result = try await service.completeDeviceSignIn(try await service.startDeviceSignIn())
        #expect(clock.sleeps == [.seconds(5), .seconds(5), .seconds(5)])
        #expect(authorizer.polls == Array(repeating: Secret("device-code-1"), count: 3))
        #expect(result.session.account == "alice")
        #expect(result.previouslyActiveAccount == "demo")
        #expect(await session.credential?.accessToken == Secret("device-access"))
    }

    @Test("Adds 5 seconds to the interval at every slow_down and keeps it grown")
    func slowDownGrowsInterval() async throws {
        let authorizer = ScriptedDeviceAuthorizer([.slowDown, .pending, .slowDown, .granted(Self.grant)])
        let clock = SleepRecordingClock()
        let service = Self.service(authorizer, clock: clock)
        _ = try await service.completeDeviceSignIn(try await service.startDeviceSignIn())
        #expect(clock.sleeps == [.seconds(5), .seconds(10), .seconds(10), .seconds(15)])
    }

    @Test("Doubles the interval after a timeout or a busy answer (RFC 8628 §3.5) and keeps polling")
    func backsOffOnTransientFailures() async throws {
        let authorizer = ScriptedDeviceAuthorizer(
            [.granted(Self.grant)],
            failing: [1: .unreachable(.timedOut(after: nil)), 2: .unavailable(status: 503, retryAfter: nil)])
        let clock = SleepRecordingClock()
        let service = Self.service(authorizer, clock: clock)
        let result = try await service.completeDeviceSignIn(try await service.startDeviceSignIn())
        #expect(clock.sleeps == [.seconds(5), .seconds(10), .seconds(20)])
        #expect(result.session.account == "alice")
    }

    @Test(
        "A refused connection or a refusal that is not a polling answer ends the sign-in at once",
        arguments: [
            (TokenEndpointError.unreachable(.connectionRefused), "unreachable"),
            (.misconfigured(code: "invalid_client", description: nil), "unexpected"),
        ])
    func failsOnOtherErrors(failure: TokenEndpointError, kind: String) async throws {
        let authorizer = ScriptedDeviceAuthorizer([.pending], failing: [1: failure])
        let service = Self.service(authorizer, clock: SleepRecordingClock())
        let code = try await service.startDeviceSignIn()
        do {
            _ = try await service.completeDeviceSignIn(code)
            Issue.record("signed in despite \(failure)")
        } catch {
            #expect(String(describing: error).hasPrefix(kind), "\(error)")
        }
        #expect(authorizer.polls.count == 1)
    }

    @Test(
        "A denial or an expiry answered by the server ends the sign-in with its own error and stores nothing",
        arguments: [(DevicePollOutcome.denied, OnboardingError.deviceSignInDenied), (.expired, .deviceSignInExpired)])
    func deniedOrExpired(outcome: DevicePollOutcome, error: OnboardingError) async throws {
        let session = ScriptedSession()
        let service = Self.service(
            ScriptedDeviceAuthorizer([.pending, outcome]), clock: SleepRecordingClock(), session: session)
        let code = try await service.startDeviceSignIn()
        await #expect(throws: error) { try await service.completeDeviceSignIn(code) }
        #expect(await session.credential == nil)
    }

    @Test("A device code the server no longer knows (invalid_grant) ends the sign-in as forgotten, not as a password")
    func forgottenCode() async throws {
        let session = ScriptedSession()
        let authorizer = ScriptedDeviceAuthorizer([.pending], failing: [2: .invalidGrant(description: nil)])
        let service = Self.service(authorizer, clock: SleepRecordingClock(), session: session)
        let code = try await service.startDeviceSignIn()
        await #expect(throws: OnboardingError.deviceSignInForgotten) { try await service.completeDeviceSignIn(code) }
        #expect(authorizer.polls.count == 2)
        #expect(await session.credential == nil)
    }

    @Test("Stops at the code's expiry without polling again")
    func stopsAtExpiry() async throws {
        let authorizer = ScriptedDeviceAuthorizer([.pending], expiresIn: 12)
        let clock = SleepRecordingClock()
        let service = Self.service(authorizer, clock: clock)
        let code = try await service.startDeviceSignIn()
        await #expect(throws: OnboardingError.deviceSignInExpired) { try await service.completeDeviceSignIn(code) }
        #expect(authorizer.polls.count == 2)
        #expect(clock.sleeps.count == 3)
    }

    @Test("Cancellation while waiting ends the sign-in with cancelled and no further poll")
    func cancellationStops() async throws {
        let authorizer = ScriptedDeviceAuthorizer([.pending])
        let service = Self.service(authorizer, clock: SleepRecordingClock(cancelledAt: 2))
        let code = try await service.startDeviceSignIn()
        await #expect(throws: OnboardingError.cancelled) { try await service.completeDeviceSignIn(code) }
        #expect(authorizer.polls.count == 1)
    }
}
