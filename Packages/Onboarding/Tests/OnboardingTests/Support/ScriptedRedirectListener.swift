import Authorization
import Foundation
import Synchronization

/// A redirect listener whose one redirect answers as the test scripts, recording the state and issuer it was asked
/// to expect and whether it was closed.
final class ScriptedRedirectListener: AuthorizationRedirectListening {
    static let redirectURI = "http://127.0.0.1:5123/callback"

    private let answer: Result<Secret, AuthorizationRedirectError>
    private let recorded = Mutex((states: [AuthorizationState](), issuers: [ExpectedIssuer?](), closed: 0))

    init(answering answer: Result<Secret, AuthorizationRedirectError> = .success(Secret("code-1"))) {
        self.answer = answer
    }

    var states: [AuthorizationState] { recorded.withLock { $0.states } }
    var issuers: [ExpectedIssuer?] { recorded.withLock { $0.issuers } }
    var closeCount: Int { recorded.withLock { $0.closed } }

    func listen(
        state: AuthorizationState, issuer: ExpectedIssuer?
    ) async throws(AuthorizationRedirectError) -> any AuthorizationRedirectReceiving {
        recorded.withLock {
            $0.states.append(state)
            $0.issuers.append(issuer)
        }
        return Receiver(listener: self)
    }

    private struct Receiver: AuthorizationRedirectReceiving {
        let listener: ScriptedRedirectListener
        var redirectURI: String { ScriptedRedirectListener.redirectURI }

        func code() async throws(AuthorizationRedirectError) -> Secret {
            defer { listener.recorded.withLock { $0.closed += 1 } }
            return try listener.answer.get()
        }

        func close() async { listener.recorded.withLock { $0.closed += 1 } }
    }
}

/// A token endpoint that answers every code exchange as scripted and records what it was sent.
final class RecordingCodeExchanger: AuthorizationCodeExchanging {
    struct Exchange: Equatable {
        var code: Secret
        var redirectURI: String
        var codeVerifier: Secret
        var server: AuthorizationServer
    }

    private let answer: Result<TokenGrant, TokenEndpointError>
    private let recorded = Mutex([Exchange]())

    init(answering answer: Result<TokenGrant, TokenEndpointError>) {
        self.answer = answer
    }

    var exchanges: [Exchange] { recorded.withLock { $0 } }

    func exchangeAuthorizationCode(
        _ code: Secret, redirectURI: String, codeVerifier: Secret, at server: AuthorizationServer
    ) async throws(TokenEndpointError) -> TokenGrant {
        recorded.withLock {
            $0.append(Exchange(code: code, redirectURI: redirectURI, codeVerifier: codeVerifier, server: server))
        }
        return try answer.get()
    }
}

/// A pushed authorization request endpoint that answers as scripted and records each request and where it went.
final class RecordingRequestPusher: AuthorizationRequestPushing {
    private let answer: Result<PushedAuthorizationRequest, TokenEndpointError>
    private let recorded = Mutex([(request: AuthorizationCodeRequest, server: AuthorizationServer)]())

    init(
        answering answer: Result<PushedAuthorizationRequest, TokenEndpointError> = .success(
            PushedAuthorizationRequest(
                requestURI: "urn:ietf:params:oauth:request_uri:ref-1", expiresAt: Date(timeIntervalSince1970: 0)))
    ) {
        self.answer = answer
    }

    var pushes: [(request: AuthorizationCodeRequest, server: AuthorizationServer)] { recorded.withLock { $0 } }

    func pushAuthorizationRequest(
        _ request: AuthorizationCodeRequest, at server: AuthorizationServer
    ) async throws(TokenEndpointError) -> PushedAuthorizationRequest {
        recorded.withLock { $0.append((request, server)) }
        guard server.pushedAuthorizationRequestEndpoint != nil else { throw .notPublished(.pushedAuthorizationRequest) }
        return try answer.get()
    }
}
