import APIClient
import APIClientTestSupport
import Authorization
import OnboardingData
import OnboardingDomain
import Synchronization
import Testing

@Suite("APIOnboardingService")
struct APIOnboardingServiceTests {
    static func service(_ api: MockAPI, _ session: FakeSession) -> APIOnboardingService {
        APIOnboardingService(api: api, session: session, clientID: "stories-cli")
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
        let account = try await Self.service(api, FakeSession()).register(
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
            try await Self.service(api, FakeSession()).register(
                username: "demo", password: Password("pw-123456"), displayName: nil)
        }
    }

    @Test("A wrong password is wrongCredentials and stores nothing")
    func wrongPassword() async {
        let session = FakeSession()
        await #expect(throws: OnboardingError.wrongCredentials) {
            try await Self.service(MockAPI(), session).signIn(username: "demo", password: Password("wrong"))
        }
        #expect(await session.credential == nil)
    }

    @Test("Switching accounts replaces the session and revokes the old one at the server")
    func switchingAccountsRevokesOldSession() async throws {
        let revoked = Mutex([String]())
        var api = MockAPI()
        api.revokeToken = { input in
            guard case .urlEncodedForm(let form) = input.body else { return .undocumented(statusCode: 400, .init()) }
            #expect(form.tokenTypeHint == "refresh_token")
            #expect(form.clientId == "stories-cli")
            revoked.withLock { $0.append(form.token) }
            return .ok
        }
        let session = FakeSession(signedInAs: "alice")
        let result = try await Self.service(api, session).signIn(username: "bob", password: Password("right-password"))
        #expect(result.session.account == "bob")
        #expect(result.replacedAccount == "alice")
        #expect(result.replacedSessionRevocationFailure == nil)
        #expect(revoked.withLock { $0 } == ["refresh-alice"])
        #expect(await session.credential?.account == "bob")
    }

    @Test("Signing out revokes the refresh token, then removes the session")
    func signsOut() async throws {
        let revoked = Mutex([String]())
        var api = MockAPI()
        api.revokeToken = { input in
            guard case .urlEncodedForm(let form) = input.body else { return .undocumented(statusCode: 400, .init()) }
            revoked.withLock { $0.append(form.token) }
            return .ok
        }
        let session = FakeSession(signedInAs: "demo")
        let result = try await Self.service(api, session).signOut()
        #expect(result.account == "demo")
        #expect(result.revocationFailure == nil)
        #expect(revoked.withLock { $0 } == ["refresh-demo"])
        #expect(await session.credential == nil)
    }

    @Test(
        "A failed revocation is reported and the local session is still removed",
        arguments: [
            (
                APIFailure.unreachable(.connectionRefused) as any Error,
                OnboardingError.unreachable(FailureCause(APIFailure.unreachable(.connectionRefused)))
            ),
            (APIFailure.other, .unexpected(FailureCause(APIFailure.other))),
        ])
    func revocationFailure(thrown: any Error, reported: OnboardingError) async throws {
        var api = MockAPI()
        api.revokeToken = { _ in throw thrown }
        let session = FakeSession(signedInAs: "demo")
        let result = try await Self.service(api, session).signOut()
        #expect(result.revocationFailure == reported)
        #expect(await session.credential == nil)
    }

    @Test("Signing out without a session says so")
    func signOutWithoutSession() async {
        await #expect(throws: OnboardingError.notSignedIn) {
            try await Self.service(MockAPI(), FakeSession()).signOut()
        }
    }

    @Test("Reads the current user, and a 401 means the session expired")
    func currentUser() async throws {
        var api = MockAPI()
        api.getCurrentUser = { _ in .ok(.init(body: .json(.fixture()))) }
        #expect(try await Self.service(api, FakeSession()).currentUser().username == "demo")
        api.getCurrentUser = { _ in
            .unauthorized(
                .init(headers: .init(wwwAuthenticate: "Bearer"), body: .applicationProblemJson(.fixture(status: 401))))
        }
        await #expect(throws: OnboardingError.sessionExpired) {
            try await Self.service(api, FakeSession()).currentUser()
        }
    }

    @Test("Summarises the stored session without a token")
    func summarisesSession() async throws {
        let summary = try #require(try await Self.service(MockAPI(), FakeSession(signedInAs: "demo")).currentSession())
        #expect(summary.account == "demo")
        #expect(summary.server == "https://api.example.com/v1")
        #expect(!String(describing: summary).contains("access-demo"))
    }
}
