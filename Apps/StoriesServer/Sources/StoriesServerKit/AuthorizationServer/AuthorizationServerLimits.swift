import Foundation

/// Every bound on the authorization server's shared tables, and the back-off of guessing. docs/SERVER.md ("Limits")
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
    /// Pushed authorization requests (RFC 9126) kept per client address that pushed them, and in all, and how long
    /// each `request_uri` is usable: as long as `stories-cli login` waits for the browser (5 minutes), so that the
    /// address it prints for a person to paste works for as long as it says it waits. Still once only, and within
    /// RFC 9126 §2.2's "short" (its example is 60 s, its bound 600 s for a request that carries no secret).
    var pushedRequestsPerAddress = 20
    var pushedRequests = 10_000
    var pushedRequestLifetime: TimeInterval = 300
    /// Pushed requests forgotten before their page was opened (pushed out by the same address's newer ones, or
    /// expired) whose client, redirect URI and state are remembered, per client address and in all, and for how
    /// long: the page opened with one sends the browser back to the app with `invalid_request_uri`, so that the app
    /// stops waiting. Each holds at most 2 KiB of redirect URI and 1 KiB of `state` besides its `request_uri`.
    /// Another user on the same address strands a sign-in only by pushing more than the per-address figure between
    /// its push and its page.
    var forgottenPushedRequestsPerAddress = 5_000
    var forgottenPushedRequests = 20_000
    var forgottenPushedRequestRetention: TimeInterval = 600
    /// How long a code is remembered after it expires, so that a reuse still revokes the tokens it bought.
    var authorizationCodeRetention: TimeInterval = 600
    var passwordAttempts = PasswordAttemptLimits()
    var userCodeAttempts = UserCodeAttemptLimits()

    static let standard = AuthorizationServerLimits()
}

/// The back-off of password sign-ins (`SignInThrottle`).
struct PasswordAttemptLimits: Sendable {
    /// One client guessing one account's password.
    var perUsernameAndAddress = ThrottlePolicy(allowance: 5, firstDelay: 1, maximumDelay: 900, memory: 3600)
    /// One client trying many accounts (or many people behind one address).
    var perAddress = ThrottlePolicy(allowance: 20, firstDelay: 1, maximumDelay: 900, memory: 3600)
    /// Many clients guessing one account's password; not applied where that account signed in recently.
    var perUsername = ThrottlePolicy(allowance: 10, firstDelay: 1, maximumDelay: 900, memory: 3600)
    /// Keys remembered at once.
    var capacity = 50_000
    /// How long a successful sign-in exempts its address from the per-username back-off of that account.
    var trustPeriod: TimeInterval = 30 * 24 * 3600
    /// Account-and-address pairs remembered as trusted at once.
    var trustedCapacity = 10_000
}

/// The back-off of user-code entry (`UserCodeThrottle`).
struct UserCodeAttemptLimits: Sendable {
    var perAddress = ThrottlePolicy(allowance: 5, firstDelay: 1, maximumDelay: 900, memory: 3600)
    var perUsername = ThrottlePolicy(allowance: 5, firstDelay: 1, maximumDelay: 900, memory: 3600)
    /// Keys remembered at once.
    var capacity = 10_000
}
