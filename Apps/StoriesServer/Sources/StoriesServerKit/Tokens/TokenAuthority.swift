import Foundation

/// Tokens issued to one account by one sign-in, and every rotation since. Reuse of a spent refresh token revokes the
/// whole family (RFC 9700 §4.14.2).
struct TokenFamilyID: Hashable, Sendable, CustomStringConvertible {
    let value: Int
    var description: String { "f\(value)" }
}

/// How a grant came to issue a pair; the token log line reports it as `outcome=`.
enum IssueOutcome: String, Sendable {
    /// A sign-in, or a refresh token spent for the first time.
    case issued
    /// The refresh token rotated just before came back within the reuse interval, before its successor was used.
    case reuseWithinGrace = "reuse_within_grace"
}

/// A successful grant.
struct IssuedTokens: Sendable {
    var accessToken: String
    var refreshToken: String
    var expiresIn: Int
    var family: TokenFamilyID
    var outcome: IssueOutcome = .issued
    /// The RFC 7638 thumbprint of the DPoP key both tokens are bound to (RFC 9449 §5, §6); `nil`: bearer tokens.
    var keyThumbprint: String?
}

/// Why a refresh token was refused. Every case but `otherResource` is `invalid_grant` on the wire; the reason goes to
/// the log.
enum RefreshRefusal: String, Error {
    case unknown
    case expired
    case reused
    case revoked
    /// A successor the reuse interval replaced before anyone used it.
    case retired
    /// The request named another resource than the family's (`invalid_target`, RFC 8707 §2); the token is not spent.
    case otherResource = "other_resource"
    /// The token is bound to a DPoP key and the request's proof, if any, was made with another (RFC 9449 §5); the
    /// token is not spent.
    case otherKey = "other_key"
}

/// What an access token is worth to this API.
enum AccessCheck: Equatable {
    case valid(username: String)
    /// Live, and bound to the DPoP key with this RFC 7638 thumbprint: good only with a proof made with that key.
    case boundToKey(username: String, keyThumbprint: String)
    case expired
    case invalid
    /// Live, but issued for another resource (RFC 8707): not for this API.
    case forAnotherResource
}

/// Issues, rotates, checks and revokes opaque tokens, in memory.
///
/// With a reuse interval, the refresh token rotated last may come back within that many seconds of its rotation, as
/// long as its successor has not been used: the answer is a fresh pair, and the unused successor pair is retired, so
/// the family keeps exactly one live pair. This saves the session of a client whose answer was lost (killed,
/// or the connection dropped, after the server rotated). Any other reuse revokes the family as in strict mode.
actor TokenAuthority {
    private struct AccessGrant {
        var username: String
        var family: TokenFamilyID
        var issuedAt: Date
        var expiresAt: Date
        var keyThumbprint: String?
    }

    private enum RefreshState {
        case live
        /// Spent at `rotatedAt`. `successor` is the refresh token that replaced it most recently: the one issued by the
        /// rotation, or by a reissue within the reuse interval. The interval keeps counting from `rotatedAt`, so
        /// reissues never extend it.
        case spent(rotatedAt: Date, successor: String)
        /// Replaced by a reissue within the reuse interval before anyone presented it.
        case retired
    }

    private struct RefreshGrant {
        var username: String
        var family: TokenFamilyID
        var expiresAt: Date?
        /// The access token issued with it, so that retiring the pair retires both.
        var accessToken: String
        var state: RefreshState
        var keyThumbprint: String?
    }

    private let accessTokenLifetime: TimeInterval
    private let refreshTokenLifetime: TimeInterval?
    private let reuseInterval: TimeInterval
    private let environment: ServerEnvironment
    private var accessGrants: [String: AccessGrant] = [:]
    private var refreshGrants: [String: RefreshGrant] = [:]
    private var revokedFamilies: Set<TokenFamilyID> = []
    private var familyGrants: [TokenFamilyID: TokenGrant] = [:]
    private var nextFamily = 1

    /// - Parameter reuseInterval: seconds after a rotation during which the spent token may come back before its
    ///   successor is used; 0 is strict (every reuse revokes the family).
    init(
        accessTokenLifetime: TimeInterval,
        refreshTokenLifetime: TimeInterval?,
        reuseInterval: TimeInterval = 0,
        environment: ServerEnvironment
    ) {
        self.accessTokenLifetime = accessTokenLifetime
        self.refreshTokenLifetime = refreshTokenLifetime
        self.reuseInterval = reuseInterval
        self.environment = environment
    }

    /// Starts a new family for `username`: a sign-in that granted `grant`, its tokens bound to the DPoP key with
    /// thumbprint `keyThumbprint` when the request carried a proof.
    func issueTokens(
        for username: String, grant: TokenGrant = TokenGrant(), keyThumbprint: String? = nil
    ) -> IssuedTokens {
        let family = TokenFamilyID(value: nextFamily)
        nextFamily += 1
        familyGrants[family] = grant
        return issue(for: username, in: family, keyThumbprint: keyThumbprint)
    }

    /// Spends `refreshToken` and returns its successor, or refuses it. A spent token coming back is treated as
    /// theft: its family is revoked, so the legitimate holder must sign in again too — unless it is the token rotated
    /// last, within the reuse interval, before its successor was used (see the type's documentation).
    ///
    /// A request that names another resource than the family's, or a token bound to a DPoP key presented without a
    /// proof made with that key (`proofKey`, RFC 9449 §5), is refused before anything is spent. A token not bound to
    /// any key, presented with a proof, is answered with tokens bound to the proof's key: RFC 9449 §5 binds every
    /// refresh token a public client gets with a proof.
    func rotate(
        _ refreshToken: String, requesting resource: RequestedResource = .unspecified, proofKey: String? = nil
    ) -> Result<IssuedTokens, RefreshRefusal> {
        guard let grant = refreshGrants[refreshToken] else { return .failure(.unknown) }
        guard !revokedFamilies.contains(grant.family) else { return .failure(.revoked) }
        if let boundKey = grant.keyThumbprint, boundKey != proofKey { return .failure(.otherKey) }
        let keyThumbprint = grant.keyThumbprint ?? proofKey
        if case .audience(let audience) = resource, audience != familyGrants[grant.family]?.audience {
            return .failure(.otherResource)
        }
        let now = environment.now()
        let isExpired = grant.expiresAt.map { $0 <= now } ?? false
        switch grant.state {
        case .retired:
            // The client that asked again never received this token, so whoever holds it got the answer that client
            // lost: refuse it, and keep the family alive for the pair the client did receive. If a thief was the one
            // who asked again, this spares the thief's pair; docs/SERVER.md weighs that against ending the very session
            // the interval saved.
            return .failure(.retired)
        case .spent(let rotatedAt, let successor):
            guard !isExpired, now.timeIntervalSince(rotatedAt) < reuseInterval, isUnused(successor) else {
                revoke(grant.family)
                return .failure(.reused)
            }
            retire(successor)
            var issued = issue(for: grant.username, in: grant.family, keyThumbprint: keyThumbprint)
            issued.outcome = .reuseWithinGrace
            refreshGrants[refreshToken]?.state = .spent(rotatedAt: rotatedAt, successor: issued.refreshToken)
            return .success(issued)
        case .live:
            if isExpired { return .failure(.expired) }
            let issued = issue(for: grant.username, in: grant.family, keyThumbprint: keyThumbprint)
            refreshGrants[refreshToken]?.state = .spent(rotatedAt: now, successor: issued.refreshToken)
            return .success(issued)
        }
    }

    func check(accessToken: String) -> AccessCheck {
        guard let grant = accessGrants[accessToken], !revokedFamilies.contains(grant.family) else { return .invalid }
        guard grant.expiresAt > environment.now() else { return .expired }
        guard familyGrants[grant.family]?.audience == nil else { return .forAnotherResource }
        if let keyThumbprint = grant.keyThumbprint {
            return .boundToKey(username: grant.username, keyThumbprint: keyThumbprint)
        }
        return .valid(username: grant.username)
    }

    /// `accessToken` with what it was granted, while it is live: not expired, not revoked, and an access token (a
    /// refresh token is never one). For introspection (RFC 7662), whatever resource it is for.
    func activeAccessToken(_ accessToken: String) -> ActiveAccessToken? {
        guard let grant = accessGrants[accessToken], !revokedFamilies.contains(grant.family),
            grant.expiresAt > environment.now()
        else { return nil }
        return ActiveAccessToken(
            username: grant.username, grant: familyGrants[grant.family] ?? TokenGrant(), issuedAt: grant.issuedAt,
            expiresAt: grant.expiresAt, keyThumbprint: grant.keyThumbprint)
    }

    /// Revokes the family of `token`, whichever kind it is (RFC 7009 §2.1). Unknown tokens are ignored.
    /// Returns whether a family was revoked.
    @discardableResult
    func revoke(token: String) -> Bool {
        guard let family = refreshGrants[token]?.family ?? accessGrants[token]?.family else { return false }
        revoke(family)
        return true
    }

    /// Revokes every token of `family`.
    func revoke(_ family: TokenFamilyID) {
        revokedFamilies.insert(family)
    }

    private func isUnused(_ refreshToken: String) -> Bool {
        if case .live = refreshGrants[refreshToken]?.state { true } else { false }
    }

    /// Ends a pair that was never used: its refresh token is refused from now on, and its access token too.
    private func retire(_ refreshToken: String) {
        guard let accessToken = refreshGrants[refreshToken]?.accessToken else { return }
        refreshGrants[refreshToken]?.state = .retired
        accessGrants[accessToken] = nil
    }

    private func issue(for username: String, in family: TokenFamilyID, keyThumbprint: String?) -> IssuedTokens {
        let now = environment.now()
        let accessToken = environment.makeToken()
        let refreshToken = environment.makeToken()
        accessGrants[accessToken] = AccessGrant(
            username: username,
            family: family,
            issuedAt: now,
            expiresAt: now.addingTimeInterval(accessTokenLifetime),
            keyThumbprint: keyThumbprint
        )
        refreshGrants[refreshToken] = RefreshGrant(
            username: username,
            family: family,
            expiresAt: refreshTokenLifetime.map { now.addingTimeInterval($0) },
            accessToken: accessToken,
            state: .live,
            keyThumbprint: keyThumbprint
        )
        return IssuedTokens(
            accessToken: accessToken,
            refreshToken: refreshToken,
            expiresIn: Int(accessTokenLifetime.rounded(.up)),
            family: family,
            keyThumbprint: keyThumbprint
        )
    }
}

extension TokenAuthority: AccessTokenVerifying {
    func verify(accessToken: String) -> AccessTokenVerdict {
        switch check(accessToken: accessToken) {
        case .valid(let username): .valid(username: username)
        case .boundToKey(let username, let keyThumbprint): .boundToKey(username: username, keyThumbprint: keyThumbprint)
        case .expired, .invalid, .forAnotherResource: .invalid
        }
    }
}
