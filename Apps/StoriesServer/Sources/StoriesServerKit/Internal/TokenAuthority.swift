import Foundation

/// Tokens issued to one account by one sign-in, and every rotation since. Reuse of a spent refresh token revokes the
/// whole family (RFC 9700 §4.14.2).
struct TokenFamilyID: Hashable, Sendable, CustomStringConvertible {
    let value: Int
    var description: String { "f\(value)" }
}

/// A successful grant.
struct IssuedTokens: Sendable {
    var accessToken: String
    var refreshToken: String
    var expiresIn: Int
    var family: TokenFamilyID
}

/// Why a refresh token was refused. Every case is `invalid_grant` on the wire; the reason goes to the log.
enum RefreshRefusal: String, Error {
    case unknown
    case expired
    case reused
    case revoked
}

/// What an access token is worth.
enum AccessCheck: Equatable {
    case valid(username: String)
    case expired
    case invalid
}

/// Issues, rotates, checks and revokes opaque tokens, in memory.
actor TokenAuthority {
    private struct AccessGrant {
        var username: String
        var family: TokenFamilyID
        var expiresAt: Date
    }

    private struct RefreshGrant {
        var username: String
        var family: TokenFamilyID
        var expiresAt: Date?
        var isSpent: Bool
    }

    private let accessTokenLifetime: TimeInterval
    private let refreshTokenLifetime: TimeInterval?
    private let environment: ServerEnvironment
    private var accessGrants: [String: AccessGrant] = [:]
    private var refreshGrants: [String: RefreshGrant] = [:]
    private var revokedFamilies: Set<TokenFamilyID> = []
    private var nextFamily = 1

    init(accessTokenLifetime: TimeInterval, refreshTokenLifetime: TimeInterval?, environment: ServerEnvironment) {
        self.accessTokenLifetime = accessTokenLifetime
        self.refreshTokenLifetime = refreshTokenLifetime
        self.environment = environment
    }

    /// Starts a new family for `username` (a password grant).
    func issueTokens(for username: String) -> IssuedTokens {
        let family = TokenFamilyID(value: nextFamily)
        nextFamily += 1
        return issue(for: username, in: family)
    }

    /// Spends `refreshToken` and returns its successor, or refuses it. A spent token coming back is treated as
    /// theft: its family is revoked, so the legitimate holder must sign in again too.
    func rotate(_ refreshToken: String) -> Result<IssuedTokens, RefreshRefusal> {
        guard let grant = refreshGrants[refreshToken] else { return .failure(.unknown) }
        guard !revokedFamilies.contains(grant.family) else { return .failure(.revoked) }
        guard !grant.isSpent else {
            revoke(grant.family)
            return .failure(.reused)
        }
        if let expiresAt = grant.expiresAt, expiresAt <= environment.now() {
            return .failure(.expired)
        }
        refreshGrants[refreshToken]?.isSpent = true
        return .success(issue(for: grant.username, in: grant.family))
    }

    func check(accessToken: String) -> AccessCheck {
        guard let grant = accessGrants[accessToken], !revokedFamilies.contains(grant.family) else { return .invalid }
        return grant.expiresAt > environment.now() ? .valid(username: grant.username) : .expired
    }

    /// Revokes the family of `token`, whichever kind it is (RFC 7009 §2.1). Unknown tokens are ignored.
    /// Returns whether a family was revoked.
    @discardableResult
    func revoke(token: String) -> Bool {
        guard let family = refreshGrants[token]?.family ?? accessGrants[token]?.family else { return false }
        revoke(family)
        return true
    }

    private func revoke(_ family: TokenFamilyID) {
        revokedFamilies.insert(family)
    }

    private func issue(for username: String, in family: TokenFamilyID) -> IssuedTokens {
        let now = environment.now()
        let accessToken = environment.makeToken()
        let refreshToken = environment.makeToken()
        accessGrants[accessToken] = AccessGrant(
            username: username,
            family: family,
            expiresAt: now.addingTimeInterval(accessTokenLifetime)
        )
        refreshGrants[refreshToken] = RefreshGrant(
            username: username,
            family: family,
            expiresAt: refreshTokenLifetime.map { now.addingTimeInterval($0) },
            isSpent: false
        )
        return IssuedTokens(
            accessToken: accessToken,
            refreshToken: refreshToken,
            expiresIn: Int(accessTokenLifetime.rounded(.up)),
            family: family
        )
    }
}
