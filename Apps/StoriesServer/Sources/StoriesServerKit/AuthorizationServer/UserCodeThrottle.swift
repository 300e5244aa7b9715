import Foundation

/// The back-off of user-code entry on the verification page (RFC 8628 §5.1: the user code is short, so the server
/// must rate-limit guesses).
///
/// A wrong code counts against the client address and the username that entered it (as typed; an attempt is only
/// checked once that account's password was). A right code forgets nothing: otherwise a guesser could start device
/// authorizations of its own and enter their codes between guesses. The attempt is admitted before the password is
/// checked, so a held-back attempt costs no password hash and says nothing about the code.
actor UserCodeThrottle {
    enum Key: Hashable, Sendable {
        case address(ClientAddress)
        case username(String)
    }

    /// An admitted attempt, to be finished with its outcome.
    struct Attempt: Sendable {
        fileprivate let keys: [Key]
    }

    private let environment: ServerEnvironment
    private var ledger: FailureLedger<Key>

    init(limits: UserCodeAttemptLimits, environment: ServerEnvironment) {
        self.environment = environment
        ledger = FailureLedger(capacity: limits.capacity) { key in
            switch key {
            case .address: limits.perAddress
            case .username: limits.perUsername
            }
        }
    }

    /// Admits an attempt by `username` from `address` to enter a code, or says how long to wait.
    func admit(username: String, from address: ClientAddress) -> ThrottleAdmission<Attempt> {
        let keys: [Key] = [.address(address), .username(ThrottledUsername.key(username))]
        let wait = ledger.admit(keys, now: environment.now())
        guard wait <= 0 else { return .throttled(retryAfter: Int(wait.rounded(.up))) }
        return .admitted(Attempt(keys: keys))
    }

    /// Ends `attempt`. Only a code that was checked and found wrong counts; a wrong password checked no code.
    func finish(_ attempt: Attempt, wrongCode: Bool) {
        ledger.finish(attempt.keys, failed: wrongCode, now: environment.now())
    }
}
