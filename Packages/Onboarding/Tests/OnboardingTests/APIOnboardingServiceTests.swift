import APIClient
import APIClientTestSupport
import Authorization
import DomainFailure
import Foundation
import OnboardingData
import OnboardingDomain
import Synchronization
import Testing

@Suite("APIOnboardingService")
struct APIOnboardingServiceTests {
    static func service(
        _ api: MockAPI, _ session: ScriptedSession, discovery: ScriptedDiscovery = .nothingPublished
    ) -> APIOnboardingService {
        APIOnboardingService(api: api, session: session, discovery: discovery)
    }

    @Test("A password sign-in goes to the authorization server discovery finds, and the session remembers it")
    func passwordSignInAtDiscoveredServer() async throws {
        let metadata = AuthorizationServerMetadata(
            issuer: "https://login.example.com/v1", authorizationEndpoint: nil,
            tokenEndpoint: URL(string: "https://login.example.com/v1/token")!,
            grantTypesSupported: ["password"], codeChallengeMethodsSupported: [])
        let session = ScriptedSession()
        let service = Self.service(
            MockAPI(), session, discovery: .publishing(metadata, resource: "https://api.example.com/v1"))
        _ = try await service.signIn(username: "carol", password: Password("right-password"))
        #expect(await session.issuers == [metadata.authorizationServer(resource: "https://api.example.com/v1")])
    }

    @Test("A server that refuses the password grant is passwordSignInUnsupported, not a misconfiguration")
    func passwordGrantRefused() async throws {
        let session = ScriptedSession(
            passwordGrantFailure: .misconfigured(code: "unsupported_grant_type", description: "disabled"))
        await #expect(throws: OnboardingError.passwordSignInUnsupported) {
            try await Self.service(MockAPI(), session).signIn(username: "carol", password: Password("right-password"))
        }
    }

    @Test("A password sign-in the server held back for too many failures is throttled with its delay, not wrong")
    func throttledSignIn() async throws {
        let session = ScriptedSession(passwordGrantFailure: .throttled(retryAfter: RetryAfter(delay: .seconds(60))))
        await #expect(throws: OnboardingError.signInThrottled(retryAfter: .seconds(60))) {
            try await Self.service(MockAPI(), session).signIn(username: "carol", password: Password("right-password"))
        }
    }

    @Test("A password sign-in whose authorization server cannot be trusted sends nothing")
    func passwordSignInWithUntrustedMetadata() async throws {
        let failure = AuthorizationServerMetadataError.noMetadata(issuer: "https://login.example.com")
        let session = ScriptedSession()
        let service = Self.service(MockAPI(), session, discovery: .failing(failure))
        await #expect(throws: OnboardingError.malformedResponse(FailureCause(failure))) {
            try await service.signIn(username: "carol", password: Password("right-password"))
        }
        #expect(await session.issuers.isEmpty)
    }

    @Test("A metadata document too large to read is blamed on that document, not on a token endpoint")
    func oversizedMetadata() async throws {
        let failure = AuthorizationServerMetadataError.request(.malformedResponse(.tooLarge(limit: 65_536)))
        let session = ScriptedSession()
        let service = Self.service(MockAPI(), session, discovery: .failing(failure))
        await #expect(throws: OnboardingError.malformedResponse(FailureCause(failure))) {
            try await service.signIn(username: "carol", password: Password("right-password"))
        }
        #expect(await session.issuers.isEmpty)
    }

    @Test("Registers and maps the created user")
    func registers() async throws {
        var api = MockAPI()
        api.registerUser = { input in
            guard case .json(let body) = input.body else { throw UnimplementedOperation(operationID: "json") }
            #expect(body.username == "carol")
            #expect(body.password == "pw-123456")
            return .created(.init(body: .json(.fixture(username: "carol", displayName: nil))))
        }
        let account = try await Self.service(api, ScriptedSession()).register(
            username: "carol",
            password: Password("pw-123456"),
            displayName: nil
        )
        #expect(account.username == "carol")
    }

    @Test(
        "Maps registration problems to domain errors",
        arguments: [
            (
                Operations.RegisterUser.Output.conflict(
                    .init(body: .applicationProblemJson(.fixture(title: "Conflict", status: 409)))),
                OnboardingError.usernameTaken
            ),
            (
                .badRequest(.init(body: .applicationProblemJson(.fixture(detail: "too short")))),
                .invalidInput("too short")
            ),
            (
                .undocumented(statusCode: 500, .init()),
                .unavailable(
                    retryAfter: nil, cause: FailureCause(APIFailure.unavailable(status: 500, retryAfter: nil)))
            ),
            (
                .undocumented(statusCode: 403, .init()),
                .forbidden
            ),
        ])
    func mapsRegistrationErrors(output: Operations.RegisterUser.Output, expected: OnboardingError) async {
        var api = MockAPI()
        api.registerUser = { _ in output }
        await #expect(throws: expected) {
            try await Self.service(api, ScriptedSession()).register(
                username: "demo", password: Password("pw-123456"), displayName: nil)
        }
    }

    @Test("A wrong password is wrongCredentials and stores nothing")
    func wrongPassword() async {
        let session = ScriptedSession()
        await #expect(throws: OnboardingError.wrongCredentials) {
            try await Self.service(MockAPI(), session).signIn(username: "demo", password: Password("wrong"))
        }
        #expect(await session.credential == nil)
    }

    @Test("Signing in as another account keeps the first one and reports it was active before")
    func signInAsAnotherAccountKeepsTheFirst() async throws {
        let session = ScriptedSession(signedInAs: "alice")
        let result = try await Self.service(MockAPI(), session).signIn(
            username: "bob", password: Password("right-password"))
        #expect(result.session.account == "bob")
        #expect(result.previouslyActiveAccount == "alice")
        #expect(result.replacedAccount == nil)
        #expect(await session.credential?.account == "bob")
        #expect(await session.storedAccounts().map(\.credential.account) == ["alice", "bob"])
    }

    @Test("Signing in again as the same account reports the replaced session")
    func signInAgainReportsReplacedSession() async throws {
        let session = ScriptedSession(signedInAs: "alice", "bob")
        let result = try await Self.service(MockAPI(), session).signIn(
            username: "alice", password: Password("right-password"))
        #expect(result.replacedAccount == "alice")
        #expect(result.replacedSessionRevocationFailure == nil)
        #expect(result.previouslyActiveAccount == "bob")
    }

    @Test("Lists every account of the server and marks the active one, without a token")
    func listsAccounts() async throws {
        let accounts = try await Self.service(MockAPI(), ScriptedSession(signedInAs: "bob", "alice")).accounts()
        #expect(accounts.map(\.account) == ["alice", "bob"])
        #expect(accounts.map(\.isActive) == [true, false])
    }

    @Test("Switches to a signed-in account, and names an unknown one")
    func switchesAccount() async throws {
        let session = ScriptedSession(signedInAs: "alice", "bob")
        let service = Self.service(MockAPI(), session)
        #expect(try await service.switchAccount(to: "alice").account == "alice")
        #expect(await session.credential?.account == "alice")
        await #expect(throws: OnboardingError.unknownAccount("carol")) { try await service.switchAccount(to: "carol") }
        #expect(await session.credential?.account == "alice")
    }

    @Test("Signing out one account says which is active afterwards; an unknown account is named")
    func signsOutOneAccount() async throws {
        let session = ScriptedSession(signedInAs: "alice", "bob", "carol")
        let service = Self.service(MockAPI(), session)
        let ended = try await service.signOut(account: "alice")
        #expect(ended.account == "alice")
        #expect(ended.activeAccount == "carol")
        let active = try await service.signOut()
        #expect(active.account == "carol")
        #expect(active.activeAccount == "bob")
        await #expect(throws: OnboardingError.unknownAccount("alice")) { try await service.signOut(account: "alice") }
    }

    @Test("Signing out every account of the server ends each one")
    func signsOutEveryAccount() async throws {
        let session = ScriptedSession(signedInAs: "alice", "bob")
        let ended = try await Self.service(MockAPI(), session).signOutEveryAccount()
        #expect(Set(ended.map(\.account)) == ["alice", "bob"])
        #expect(await session.storedAccounts().isEmpty)
        #expect(try await Self.service(MockAPI(), session).signOutEveryAccount().isEmpty)
    }

    @Test("Signing out reports whose session ended and where")
    func signsOut() async throws {
        let session = ScriptedSession(signedInAs: "demo")
        let result = try await Self.service(MockAPI(), session).signOut()
        #expect(result.account == "demo")
        #expect(result.server == "https://api.example.com/v1")
        #expect(result.revocationFailure == nil)
        #expect(await session.credential == nil)
    }

    @Test(
        "A failed revocation is reported as a domain error, for sign-out and for a replaced session",
        arguments: [
            (
                TokenEndpointError.unreachable(.connectionRefused),
                OnboardingError.unreachable(FailureCause(TokenEndpointError.unreachable(.connectionRefused)))
            ),
            (
                .misconfigured(code: "invalid_request", description: nil),
                .unexpected(FailureCause(TokenEndpointError.misconfigured(code: "invalid_request", description: nil)))
            ),
        ])
    func revocationFailure(failure: TokenEndpointError, reported: OnboardingError) async throws {
        let signingOut = ScriptedSession(signedInAs: "demo", revocationFailure: failure)
        #expect(try await Self.service(MockAPI(), signingOut).signOut().revocationFailure == reported)
        let signingInAgain = ScriptedSession(signedInAs: "alice", revocationFailure: failure)
        let result = try await Self.service(MockAPI(), signingInAgain).signIn(
            username: "alice", password: Password("right-password"))
        #expect(result.replacedSessionRevocationFailure == reported)
    }

    @Test("Signing out without a session says so")
    func signOutWithoutSession() async {
        await #expect(throws: OnboardingError.notSignedIn) {
            try await Self.service(MockAPI(), ScriptedSession()).signOut()
        }
    }

    @Test("Reads the current user, and a 401 means the session expired")
    func currentUser() async throws {
        var api = MockAPI()
        api.getCurrentUser = { _ in .ok(.init(body: .json(.fixture()))) }
        #expect(try await Self.service(api, ScriptedSession()).currentUser().username == "demo")
        api.getCurrentUser = { _ in
            .unauthorized(
                .init(headers: .init(wwwAuthenticate: "Bearer"), body: .applicationProblemJson(.fixture(status: 401))))
        }
        await #expect(throws: OnboardingError.sessionExpired) {
            try await Self.service(api, ScriptedSession()).currentUser()
        }
    }

    @Test("Summarises the stored session without a token")
    func summarisesSession() async throws {
        let summary = try #require(
            try await Self.service(MockAPI(), ScriptedSession(signedInAs: "demo")).currentSession())
        #expect(summary.account == "demo")
        #expect(summary.server == "https://api.example.com/v1")
        #expect(!String(describing: summary).contains("access-demo"))
    }
}
