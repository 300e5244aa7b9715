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
/// A spent code is remembered, as no more than the token family it bought, for `retention` seconds after it expires,
/// so that its reuse is noticed and those tokens are revoked (RFC 6749 §4.1.2, §10.5).
///
/// Codes count against the account that approved them and the client address that approved them from: past
/// `perAccount` or `perAddress`, that account's or address's oldest code (live or remembered) makes room, so that one
/// account or client issuing codes in a loop only ever replaces its own. At most `capacity` are kept in all (see
/// `BoundedRecords`). A code is always issued.
actor AuthorizationCodes {
    private enum State {
        case live(request: AuthorizationRequest, username: String)
        /// Presented once. `family` is what the exchange bought, once recorded; `reused` that it came back.
        case spent(family: TokenFamilyID?, reused: Bool)
    }

    private struct Record {
        var state: State
        var expiresAt: Date
        var forgetAt: Date
    }

    private let lifetime: TimeInterval
    private let retention: TimeInterval
    private let environment: ServerEnvironment
    private var records: BoundedRecords<String, Record>

    init(
        lifetime: TimeInterval = 60, retention: TimeInterval = 600, perAccount: Int = 10, perAddress: Int = 20,
        capacity: Int = 10_000, environment: ServerEnvironment
    ) {
        self.lifetime = lifetime
        self.retention = retention
        self.environment = environment
        records = BoundedRecords(capacity: capacity) { owner in
            switch owner {
            case .account: perAccount
            case .address: perAddress
            }
        }
    }

    /// A new code for `username`'s approval of `request`, given from `address`.
    func issue(for request: AuthorizationRequest, username: String, from address: ClientAddress) -> String {
        let now = environment.now()
        records.dropOldest { $0.forgetAt <= now }
        let code = environment.makeToken()
        let expiresAt = now.addingTimeInterval(lifetime)
        records.insert(
            Record(
                state: .live(request: request, username: username), expiresAt: expiresAt,
                forgetAt: expiresAt.addingTimeInterval(retention)),
            id: code, owners: [.account(username), .address(address)])
        return code
    }

    /// Spends `code` and returns what it grants if the client, the redirect URI and the verifier match.
    func redeem(
        _ code: String, clientID: String, redirectURI: String, verifier: String
    ) -> Result<CodeGrant, CodeRedemptionFailure> {
        guard let record = records[code] else { return .failure(.init(reason: .unknown)) }
        switch record.state {
        case .spent(let family, _):
            records.update(code) { $0.state = .spent(family: family, reused: true) }
            return .failure(.init(reason: .reused, familyToRevoke: family))
        case .live(let request, let username):
            records.update(code) { $0.state = .spent(family: nil, reused: false) }
            let refusal: CodeRefusal? =
                if record.expiresAt <= environment.now() {
                    .expired
                } else if request.clientID != clientID {
                    .clientMismatch
                } else if request.redirectURI.text != redirectURI {
                    .redirectURIMismatch
                } else if !CodeChallenge.verifier(verifier, matches: request.codeChallenge) {
                    .verifierMismatch
                } else {
                    nil
                }
            if let refusal { return .failure(.init(reason: refusal)) }
            return .success(CodeGrant(username: username, scope: request.scope))
        }
    }

    /// Records the family issued for `code`, so that a later reuse revokes it. Returns `true` if the code was reused
    /// while the tokens were being issued: the caller revokes the family at once.
    func attach(_ family: TokenFamilyID, to code: String) -> Bool {
        guard case .spent(_, let reused) = records[code]?.state else { return false }
        records.update(code) { $0.state = .spent(family: family, reused: reused) }
        return reused
    }

    /// How many codes (live or remembered) count against `owner`.
    func count(for owner: RecordOwner) -> Int {
        records.count(of: owner)
    }
}
