import Foundation

/// The back-off of password sign-ins, shared by the password grant, the authorization page and the device page.
///
/// Failures count against three keys, each with its own `ThrottlePolicy`:
/// - the username and the client address together (one client guessing one password);
/// - the client address (one client trying many usernames);
/// - the username (many clients guessing one password). An address that signed in to that account successfully within
///   `trustPeriod` is not held back by this key, so that guessing elsewhere cannot lock the owner out where they
///   usually sign in; it is still held back by the other two.
///
/// A success forgets the failures of its username and address together, and of nothing else: signing in to one's own
/// account does not buy tries against another, and the owner's sign-in does not reset a guesser elsewhere. Usernames
/// are counted as typed, whether an account has that name or not, so that the back-off says nothing about which
/// accounts exist.
actor SignInThrottle {
    enum Key: Hashable, Sendable {
        case usernameFromAddress(String, ClientAddress)
        case address(ClientAddress)
        case username(String)
    }

    /// An admitted attempt, to be finished with its outcome.
    struct Attempt: Sendable {
        fileprivate let keys: [Key]
        fileprivate let username: String
        fileprivate let address: ClientAddress
    }

    private struct TrustedPair: Hashable {
        var username: String
        var address: ClientAddress
    }

    private let limits: PasswordAttemptLimits
    private let environment: ServerEnvironment
    private var ledger: FailureLedger<Key>
    /// Where each account signed in successfully, and until when that counts.
    private var trusted: [TrustedPair: Date] = [:]

    init(limits: PasswordAttemptLimits, environment: ServerEnvironment) {
        self.limits = limits
        self.environment = environment
        ledger = FailureLedger(capacity: limits.capacity) { key in
            switch key {
            case .usernameFromAddress: limits.perUsernameAndAddress
            case .address: limits.perAddress
            case .username: limits.perUsername
            }
        }
    }

    /// Admits an attempt to sign in as `username` from `address`, or says how long to wait.
    func admit(username: String, from address: ClientAddress) -> ThrottleAdmission<Attempt> {
        let now = environment.now()
        let name = ThrottledUsername.key(username)
        // An account that signed in from this address lately is counted by its own failures there alone: neither
        // other accounts' failures from the address (a neighbour on the same machine) nor its failures elsewhere
        // hold it back. Its own guessing there is still slowed by the account-and-address count.
        var keys: [Key] = [.usernameFromAddress(name, address)]
        if !isTrusted(TrustedPair(username: name, address: address), now: now) {
            keys += [.address(address), .username(name)]
        }
        let wait = ledger.admit(keys, now: now)
        guard wait <= 0 else { return .throttled(retryAfter: Int(wait.rounded(.up))) }
        return .admitted(Attempt(keys: keys, username: name, address: address))
    }

    /// Ends `attempt`: a failure counts against each of its keys; a success forgets the failures of its username and
    /// address together, and trusts that address for that account.
    func finish(_ attempt: Attempt, succeeded: Bool) {
        let now = environment.now()
        ledger.finish(attempt.keys, failed: !succeeded, now: now)
        guard succeeded else { return }
        ledger.forgetFailures(of: .usernameFromAddress(attempt.username, attempt.address))
        trust(TrustedPair(username: attempt.username, address: attempt.address), now: now)
    }

    private func isTrusted(_ pair: TrustedPair, now: Date) -> Bool {
        guard let until = trusted[pair] else { return false }
        return until > now
    }

    private func trust(_ pair: TrustedPair, now: Date) {
        if trusted[pair] == nil && trusted.count >= limits.trustedCapacity {
            trusted = trusted.filter { $0.value > now }
            let target = limits.trustedCapacity - max(1, limits.trustedCapacity / 8)
            if trusted.count > target {
                for (stale, _) in trusted.sorted(by: { $0.value < $1.value }).prefix(trusted.count - target) {
                    trusted[stale] = nil
                }
            }
        }
        trusted[pair] = now.addingTimeInterval(limits.trustPeriod)
    }
}

/// The answer to an attempt that a throttle checks before anything else.
enum ThrottleAdmission<Attempt: Sendable>: Sendable {
    case admitted(Attempt)
    /// Refused without checking anything: try again in this many seconds.
    case throttled(retryAfter: Int)
}

/// What a person or a client is told when an attempt was held back.
enum ThrottledMessage {
    static func text(retryAfter seconds: Int) -> String {
        "Too many attempts. Try again in \(seconds) second\(seconds == 1 ? "" : "s")."
    }
}

/// A username as the throttles count it: as typed, whether an account has that name or not. Usernames are at most 32
/// characters; a longer one (which no account has) is counted by its first 64 bytes, so that a key stays small.
enum ThrottledUsername {
    static func key(_ username: String) -> String {
        username.utf8.count <= 64 ? username : String(decoding: username.utf8.prefix(64), as: UTF8.self)
    }
}

/// A password sign-in as the token endpoint and both pages make it: throttled by `SignInThrottle`, and as much work
/// for an unknown username as for a known one (`AccountDirectory.authenticate`).
struct PasswordSignIn: Sendable {
    let accounts: AccountDirectory
    let throttle: SignInThrottle

    enum Outcome: Sendable {
        case signedIn(Account)
        /// Wrong username or password; which, is not said.
        case refused
        /// Refused without checking the password: too many failures. Try again in this many seconds.
        case throttled(retryAfter: Int)
    }

    func signIn(username: String, password: String, from address: ClientAddress) async -> Outcome {
        switch await throttle.admit(username: username, from: address) {
        case .throttled(let retryAfter):
            return .throttled(retryAfter: retryAfter)
        case .admitted(let attempt):
            let account = await accounts.authenticate(username: username, password: password)
            await throttle.finish(attempt, succeeded: account != nil)
            return account.map(Outcome.signedIn) ?? .refused
        }
    }
}
