import APIClient
import APIClientTestSupport
import OnboardingData
import OnboardingDomain
import Testing

@Suite("APIOnboardingService")
struct APIOnboardingServiceTests {
    @Test("Registers and maps the created user")
    func registers() async throws {
        var api = MockAPI()
        api.registerUser = { input in
            guard case .json(let body) = input.body else { throw UnimplementedOperation(operationID: "json") }
            #expect(body.username == "carol")
            return .created(.init(body: .json(.fixture(username: "carol", displayName: nil))))
        }
        let account = try await APIOnboardingService(api: api).register(
            username: "carol", password: "pw-123456", displayName: nil)
        #expect(account.username == "carol")
    }

    @Test("Maps a taken name and invalid input to domain errors")
    func mapsRegistrationErrors() async {
        var api = MockAPI()
        api.registerUser = { _ in
            .conflict(.init(body: .applicationProblemJson(.fixture(title: "Conflict", status: 409))))
        }
        await #expect(throws: OnboardingError.usernameTaken) {
            try await APIOnboardingService(api: api).register(username: "demo", password: "pw-123456", displayName: nil)
        }
        api.registerUser = { _ in .badRequest(.init(body: .applicationProblemJson(.fixture(detail: "too short")))) }
        await #expect(throws: OnboardingError.invalidInput("too short")) {
            try await APIOnboardingService(api: api).register(username: "ab", password: "pw-123456", displayName: nil)
        }
    }

    @Test("Reads the current user, and a 401 means the session expired")
    func currentUser() async throws {
        var api = MockAPI()
        api.getCurrentUser = { _ in .ok(.init(body: .json(.fixture()))) }
        #expect(try await APIOnboardingService(api: api).currentUser().username == "demo")
        api.getCurrentUser = { _ in
            .unauthorized(
                .init(headers: .init(wwwAuthenticate: "Bearer"), body: .applicationProblemJson(.fixture(status: 401))))
        }
        await #expect(throws: OnboardingError.sessionExpired) { try await APIOnboardingService(api: api).currentUser() }
    }
}
