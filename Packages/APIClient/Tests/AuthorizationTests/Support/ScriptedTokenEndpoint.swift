import APIClientTestSupport
import AuthorizationServerClient
import Foundation

import enum APIClient.APIFailure
import enum APIClient.NetworkFailure

@testable import Authorization

/// A token endpoint the test scripts: it counts requests, can hold them at a gate, and answers each refresh with
/// the next scripted outcome (then keeps issuing numbered tokens). It journals requests and revocations, and calls
/// `onRequest` (with the request's number) before answering, so a test can act while a request is on the wire.
final class ScriptedTokenEndpoint: Sendable {
    enum Outcome: Sendable {
        case issue(refreshToken: Bool = true, expiresIn: Double = 900)
        case oauthError(String)
        case status(Int)
        /// No answer: the transport failed with `failure`.
        case unreachable(NetworkFailure)
        case malformed(Components.Schemas.TokenResponse)

        /// A connection that closed after the request was sent: the answer was lost.
        static var networkFailure: Outcome { .unreachable(.connectionLost) }
    }

    private let state = ThreadSanitizerVisibleLock(
        (requests: [String](), outcomes: [Outcome](), issued: 0, revoked: [String](), servers: [AuthorizationServer]()))
    let gate: Gate?
    private let onRequest: @Sendable (Int) async -> Void
    private let journal: Journal

    init(
        outcomes: [Outcome] = [], gate: Gate? = nil, journal: Journal = Journal(),
        onRequest: @escaping @Sendable (Int) async -> Void = { _ in }
    ) {
        state.withLock { $0.outcomes = outcomes }
        self.gate = gate
        self.journal = journal
        self.onRequest = onRequest
    }

    /// The tokens revoked, in order.
    var revokedTokens: [String] { state.withLock { $0.revoked } }

    /// The refresh tokens presented, in order.
    var presentedRefreshTokens: [String] { state.withLock { $0.requests } }
    var requestCount: Int { state.withLock { $0.requests.count } }
    /// The authorization server each request (token or revocation) was sent to, in order.
    var servers: [AuthorizationServer] { state.withLock { $0.servers } }

    func endpoint(clock: TestClock) -> TokenEndpoint {
        var api = MockAuthorizationServerAPI()
        api.createToken = { input in try await self.respond(to: input) }
        api.revokeToken = { input in
            guard case .urlEncodedForm(let form) = input.body else { throw UnimplementedOperation(operationID: "form") }
            self.journal.record("revoke \(form.token)")
            self.state.withLock { $0.revoked.append(form.token) }
            return .ok
        }
        let client = api
        return TokenEndpoint(clientID: "stories-cli", now: clock.function) { server in
            self.state.withLock { $0.servers.append(server) }
            return client
        }
    }

    private func respond(to input: Operations.CreateToken.Input) async throws -> Operations.CreateToken.Output {
        guard case .urlEncodedForm(let form) = input.body else { throw UnimplementedOperation(operationID: "form") }
        journal.record("request \(form.refreshToken ?? form.username ?? "?")")
        let (outcome, number) = state.withLock { state in
            state.requests.append(form.refreshToken ?? form.username ?? "?")
            state.issued += 1
            return (state.outcomes.isEmpty ? Outcome.issue() : state.outcomes.removeFirst(), state.issued)
        }
        await onRequest(number)
        await gate?.wait()
        switch outcome {
        case .issue(let withRefreshToken, let expiresIn):
            let response = Components.Schemas.TokenResponse(
                accessToken: "access-\(number)",
                tokenType: "Bearer",
                expiresIn: expiresIn,
                refreshToken: withRefreshToken ? "refresh-\(number)" : nil
            )
            return .ok(.init(headers: .init(cacheControl: "no-store"), body: .json(response)))
        case .oauthError(let code):
            return .badRequest(.init(body: .json(.init(error: code))))
        case .status(let status):
            return .undocumented(statusCode: status, .init())
        case .unreachable(let failure):
            throw APIFailure.unreachable(failure)
        case .malformed(let response):
            return .ok(.init(headers: .init(cacheControl: "no-store"), body: .json(response)))
        }
    }
}
