import Foundation

/// Every bound on the authorization server's shared tables. docs/SERVER.md ("Limits")
/// states each one and what a client that reaches it sees.
///
/// The tables hold records per client address (or account), each owner's oldest record making room for its newest
/// (`BoundedRecords`), so that one client fills only its own share; the totals only bound memory, and reaching them
/// takes many clients.
struct AuthorizationServerLimits: Sendable {
    /// Sign-in forms (their one-time tokens) open at once per client address, and in all.
    var formTokensPerAddress = 50
    var formTokens = 10_000
    /// Device authorizations (RFC 8628) kept per client address that started them, and in all.
    var deviceAuthorizationsPerAddress = 10
    var deviceAuthorizations = 10_000
    /// Authorization codes kept (live, or spent and remembered to catch their reuse) per account, per client address
    /// that signed in for them, and in all.
    var authorizationCodesPerAccount = 10
    var authorizationCodesPerAddress = 20
    var authorizationCodes = 10_000
    /// How long a code is remembered after it expires, so that a reuse still revokes the tokens it bought.
    var authorizationCodeRetention: TimeInterval = 600

    static let standard = AuthorizationServerLimits()
}
