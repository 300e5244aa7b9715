import Foundation
import RFC7636

/// Why an authorization code was refused. Every case is `invalid_grant` on the wire; the reason goes to the log.
enum CodeRefusal: String, Error {
    case unknown
    case expired
    /// Presented before: RFC 6749 §4.1.2 requires refusing it, and the tokens it bought are revoked.
    case reused
    case clientMismatch = "client_mismatch"
    case redirectURIMismatch = "redirect_uri_mismatch"
    case verifierMismatch = "verifier_mismatch"
}

/// A refused code, and the token family to revoke because of it (when a spent code comes back).
struct CodeRedemptionFailure: Error {
    var reason: CodeRefusal
    var familyToRevoke: TokenFamilyID?
}

/// What a redeemed code grants.
struct CodeGrant: Sendable, Equatable {
    var username: String
    var scope: String?
}

/// Authorization codes (RFC 6749 §4.1.2), in memory: short-lived, bound to the client, the redirect URI and the PKCE
/// challenge, and spent by the first presentation, whatever its outcome, so that a wrong verifier cannot be retried
/// against the same code.
///
/// A spent code is remembered for `retention` seconds after it expires, so that its reuse is noticed and the tokens it
/// bought are revoked (RFC 6749 §4.1.2, §10.5). At most `capacity` codes are kept.
actor AuthorizationCodes {
    private struct Record {
        var request: AuthorizationRequest
        var username: String
        var expiresAt: Date
        var spent = false
        var reused = false
        var family: TokenFamilyID?
    }

    private let lifetime: TimeInterval
    private let retention: TimeInterval
    private let capacity: Int
    private let environment: ServerEnvironment
    private var records: [String: Record] = [:]

    init(
        lifetime: TimeInterval = 60, retention: TimeInterval = 3600, capacity: Int = 10_000,
        environment: ServerEnvironment
    ) {
        self.lifetime = lifetime
        self.retention = retention
        self.capacity = capacity
        self.environment = environment
    }

    /// A new code for `username`'s approval of `request`, or `nil` when `capacity` codes are outstanding.
    func issue(for request: AuthorizationRequest, username: String) -> String? {
        let now = environment.now()
        records = records.filter { $0.value.expiresAt.addingTimeInterval(retention) > now }
        guard records.count < capacity else { return nil }
        let code = environment.makeToken()
        records[code] = Record(request: request, username: username, expiresAt: now.addingTimeInterval(lifetime))
        return code
    }

    /// Spends `code` and returns what it grants if the client, the redirect URI and the verifier match.
    func redeem(
        _ code: String, clientID: String, redirectURI: String, verifier: String
    ) -> Result<CodeGrant, CodeRedemptionFailure> {
        guard var record = records[code] else { return .failure(.init(reason: .unknown)) }
        if record.spent {
            records[code]?.reused = true
            return .failure(.init(reason: .reused, familyToRevoke: record.family))
        }
        record.spent = true
        records[code] = record
        let refusal: CodeRefusal? =
            if record.expiresAt <= environment.now() {
                .expired
            } else if record.request.clientID != clientID {
                .clientMismatch
            } else if record.request.redirectURI.text != redirectURI {
                .redirectURIMismatch
            } else if !CodeChallenge.verifier(verifier, matches: record.request.codeChallenge) {
                .verifierMismatch
            } else {
                nil
            }
        if let refusal { return .failure(.init(reason: refusal)) }
        return .success(CodeGrant(username: record.username, scope: record.request.scope))
    }

    /// Records the family issued for `code`, so that a later reuse revokes it. Returns `true` if the code was reused
    /// while the tokens were being issued: the caller revokes the family at once.
    func attach(_ family: TokenFamilyID, to code: String) -> Bool {
        records[code]?.family = family
        return records[code]?.reused ?? false
    }
}
