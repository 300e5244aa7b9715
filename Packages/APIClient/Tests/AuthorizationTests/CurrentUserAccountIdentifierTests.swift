import APIClient
import APIClientTestSupport
import Foundation
import HTTPTypes
import OpenAPIRuntime
import Synchronization
import Testing

@testable import Authorization

@Suite("CurrentUserAccountIdentifier")
struct CurrentUserAccountIdentifierTests {
    @Test("Names the account /me answers for the new token, asking with that token and no other")
    func namesAccountFromMe() async throws {
        let attached = Mutex<String?>(nil)
        let identifier = CurrentUserAccountIdentifier { middleware in
            var api = MockAPI()
            api.getCurrentUser = { _ in
                // Run the request the generated client would send through the middleware it was given.
                let request = HTTPRequest(method: .get, scheme: "https", authority: "api.example.com", path: "/v1/me")
                _ = try await middleware.intercept(
                    request, body: nil, baseURL: URL(string: "https://api.example.com/v1")!,
                    operationID: Operations.GetCurrentUser.id
                ) { sent, _, _ in
                    attached.withLock { $0 = sent.headerFields[.authorization] }
                    return (HTTPResponse(status: .ok), nil)
                }
                return .ok(.init(body: .json(.fixture(username: "alice"))))
            }
            return api
        }
        #expect(try await identifier.account(authorizedBy: Secret("new-access")) == "alice")
        #expect(attached.withLock { $0 } == "Bearer new-access")
    }

    @Test("A refused token is an error, never an account")
    func refusedToken() async throws {
        let identifier = CurrentUserAccountIdentifier { _ in
            var api = MockAPI()
            api.getCurrentUser = { _ in
                .unauthorized(
                    .init(
                        headers: .init(wwwAuthenticate: "Bearer"), body: .applicationProblemJson(.fixture(status: 401)))
                )
            }
            return api
        }
        await #expect(throws: TokenEndpointError.malformedResponse(.unexpectedStatus(401))) {
            try await identifier.account(authorizedBy: Secret("new-access"))
        }
    }

    @Test(
        "An account name no one could type or read back is refused: empty, blank, control characters, over 256",
        arguments: [
            ("alice", true), ("o'brien", true), ("zoë", true), ("two words", true),
            (String(repeating: "a", count: 256), true),
            ("", false), ("   ", false), ("a\nb", false), ("\u{1B}[31mred", false), ("tab\there", false),
            ("\u{9B}c1", false), ("del\u{7F}", false), (String(repeating: "a", count: 257), false),
            ("e" + String(repeating: "\u{301}", count: 300), false), ("evil\u{202E}txt", false), ("a\u{2028}b", false),
            ("\u{2066}x", false), ("e\u{301}", true),
        ] as [(String, Bool)])
    func accountNameShape(username: String, usable: Bool) async throws {
        let identifier = CurrentUserAccountIdentifier { _ in
            var api = MockAPI()
            api.getCurrentUser = { _ in .ok(.init(body: .json(.fixture(username: username)))) }
            return api
        }
        if usable {
            #expect(try await identifier.account(authorizedBy: Secret("new-access")) == username)
        } else {
            await #expect(throws: TokenEndpointError.malformedResponse(.unusableAccountName)) {
                try await identifier.account(authorizedBy: Secret("new-access"))
            }
        }
    }

}
