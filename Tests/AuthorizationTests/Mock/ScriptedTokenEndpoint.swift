import APIClient
import APIClientTestSupport
import Foundation
import Synchronization

@testable import Authorization

/// A token endpoint the test scripts: it counts requests, can hold them at a gate, and answers each refresh with
/// the next scripted outcome (then keeps issuing numbered tokens).
final class ScriptedTokenEndpoint: Sendable {
    enum Outcome: Sendable {
        case issue(refreshToken: Bool = true, expiresIn: Double = 900)
        case oauthError(String)
        case status(Int)
        case networkFailure
        case malformed(Components.Schemas.TokenResponse)
    }

    private let state = Mutex((requests: [String](), outcomes: [Outcome](), issued: 0))
    let gate: Gate?

    init(outcomes: [Outcome] = [], gate: Gate? = nil) {
        state.withLock { $0.outcomes = outcomes }
        self.gate = gate
    }

    /// The refresh tokens presented, in order.
    var presentedRefreshTokens: [String] { state.withLock { $0.requests } }
    var requestCount: Int { state.withLock { $0.requests.count } }

    func endpoint(clock: TestClock) -> TokenEndpoint {
        var api = MockAPI()
        api.createToken = { input in try await self.respond(to: input) }
        return TokenEndpoint(api: api, clientID: "stories-cli", now: clock.function)
    }

    private func respond(to input: Operations.CreateToken.Input) async throws -> Operations.CreateToken.Output {
        guard case .urlEncodedForm(let form) = input.body else { throw UnimplementedOperation(operationID: "form") }
        let (outcome, number) = state.withLock { state in
            state.requests.append(form.refreshToken ?? form.username ?? "?")
            state.issued += 1
            return (state.outcomes.isEmpty ? Outcome.issue() : state.outcomes.removeFirst(), state.issued)
        }
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
        case .networkFailure:
            throw APIFailure.unreachable(.connectionLost)
        case .malformed(let response):
            return .ok(.init(headers: .init(cacheControl: "no-store"), body: .json(response)))
        }
    }
}
