import APIClient
import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Identifies a grant's account by asking the server who the new access token belongs to (`GET /me`), before
/// anything is stored. The token response carries no username, and the account is what sessions are keyed by; the
/// server's answer is the only authority on it (a name the user typed could differ in case, or be wrong).
public struct CurrentUserAccountIdentifier: AccountIdentifying {
    private let makeAPI: @Sendable (any ClientMiddleware) -> any APIProtocol
    private let dpop: DPoPProofing

    /// - Parameters:
    ///   - dpop: signs the proof that goes with a DPoP-bound token (RFC 9449 §7.1).
    ///   - makeAPI: builds a client for the session's server, bounded like every other, with the given middleware
    ///     added; the middleware attaches the token being identified. It must not contain the authorisation
    ///     middleware (which would send the active session's token instead).
    public init(
        dpop: DPoPProofing = DPoPProofing(), makeAPI: @escaping @Sendable (any ClientMiddleware) -> any APIProtocol
    ) {
        self.makeAPI = makeAPI
        self.dpop = dpop
    }

    /// Names of more Unicode scalars are refused: an account name is shown in messages and typed back with
    /// `--account`. Scalars, not characters: one character can carry any number of combining marks.
    public static let maximumAccountNameLength = 256

    /// Whether `name` can key a session: a person sees it in `status` and types it back with `--account`, and the
    /// CLI suggests commands that carry it. So nothing a terminal would act on or hide, which the CLI's terminal
    /// sanitising would change (making what is shown differ from what is stored): no C0 or C1 controls, DEL, line
    /// or paragraph separators, or bidirectional formatting controls.
    static func isUsable(_ name: String) -> Bool {
        (1...maximumAccountNameLength).contains(name.unicodeScalars.count) && !name.allSatisfy(\.isWhitespace)
            && name.unicodeScalars.allSatisfy { scalar in
                switch scalar.value {
                case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x061C, 0x200E, 0x200F, 0x202A...0x202E,
                    0x2066...0x2069:
                    false
                default: true
                }
            }
    }

    public func account(authorizedBy accessToken: Secret) async throws -> String {
        try await account(authorizedBy: BearerAuthorization(accessToken: accessToken, generation: 0))
    }

    /// Asks with `grant`'s token, as `Authorization: DPoP` with a proof by its key when the server bound it to one.
    public func account(authorizedBy grant: TokenGrant) async throws -> String {
        try await account(
            authorizedBy: BearerAuthorization(accessToken: grant.accessToken, generation: 0, dpopKey: grant.dpopKey))
    }

    private func account(authorizedBy authorization: BearerAuthorization) async throws -> String {
        let api = makeAPI(FixedBearerMiddleware(authorization: authorization, dpop: dpop))
        switch try await api.getCurrentUser() {
        case .ok(let ok):
            switch ok.body {
            case .json(let user):
                guard Self.isUsable(user.username) else {
                    throw TokenEndpointError.malformedResponse(.unusableAccountName)
                }
                return user.username
            }
        case .unauthorized:
            throw TokenEndpointError.malformedResponse(.unexpectedStatus(401))
        case .undocumented(let status, _):
            throw TokenEndpointError.malformedResponse(.unexpectedStatus(status))
        }
    }
}

/// Attaches one given access token to every request, with a proof when it is DPoP-bound; a 401 that asks for a
/// DPoP nonce is sent once more with one (RFC 9449 §9).
struct FixedBearerMiddleware: ClientMiddleware {
    let authorization: BearerAuthorization
    let dpop: DPoPProofing

    func intercept(
        _ request: HTTPRequest,
        body: HTTPBody?,
        baseURL: URL,
        operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        let response = try await dpop.send(request, body, baseURL, authorization: authorization, next: next)
        guard authorization.dpopKey != nil, body == nil, AuthorizationMiddleware.asksForNonce(response.0) else {
            return response
        }
        return try await dpop.send(request, body, baseURL, authorization: authorization, next: next)
    }
}
