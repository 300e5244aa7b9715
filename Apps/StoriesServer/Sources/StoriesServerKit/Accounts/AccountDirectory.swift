import Foundation
import HummingbirdBcrypt

/// A registered account.
struct Account: Sendable, Equatable {
    var id: String
    var username: String
    var displayName: String?
    var createdAt: Date
    /// `nil` for an account of an external authorization server: it signs in there, never here.
    var passwordHash: String?
}

/// Why a registration was refused.
enum RegistrationError: Error, Equatable {
    case invalid(String)
    case usernameTaken
}

/// How passwords are hashed and checked: bcrypt, or in tests a wrapper that records the work done.
struct PasswordHashing: Sendable {
    var hash: @Sendable (_ password: String, _ cost: UInt8) -> String
    var verify: @Sendable (_ password: String, _ hash: String) -> Bool

    static let bcrypt = PasswordHashing(
        hash: { password, cost in Bcrypt.hash(password, cost: cost) },
        verify: { password, hash in Bcrypt.verify(password, hash: hash) })
}

/// The accounts the server knows, in memory. Passwords are stored as bcrypt hashes; hashing and verifying happen
/// outside the actor so that a slow hash does not block other requests.
///
/// Checking a password costs one hash whether the username exists or not: an unknown username is checked against a
/// hash of a random password made with the same cost, so the time of an answer says nothing about which accounts
/// exist (and the answer itself is the same).
actor AccountDirectory {
    private var accounts: [String: Account] = [:]
    private let passwordHashCost: UInt8
    private let hashing: PasswordHashing
    /// What an unknown username's password is checked against.
    private let unknownAccountHash: String

    init(passwordHashCost: UInt8, hashing: PasswordHashing = .bcrypt) {
        self.passwordHashCost = passwordHashCost
        self.hashing = hashing
        unknownAccountHash = hashing.hash(RandomToken.make(), passwordHashCost)
    }

    static let usernameRule = "3 to 32 characters of a-z, 0-9, _ and -"
    static let passwordRule = "8 to 128 characters"
    static let displayNameRule = "at most 100 characters"

    /// Lengths are counted in Unicode code points, as the spec's JSON Schema counts them.
    nonisolated static func validate(
        username: String, password: String, displayName: String? = nil
    ) throws(RegistrationError) {
        let allowed = username.unicodeScalars.allSatisfy { scalar in
            switch scalar {
            case "a"..."z", "0"..."9", "_", "-": true
            default: false
            }
        }
        guard (3...32).contains(username.count), allowed else {
            throw .invalid("The username must be \(usernameRule).")
        }
        guard (8...128).contains(password.unicodeScalars.count) else {
            throw .invalid("The password must be \(passwordRule).")
        }
        guard (displayName?.unicodeScalars.count ?? 0) <= 100 else {
            throw .invalid("The display name must be \(displayNameRule).")
        }
    }

    func register(
        username: String,
        password: String,
        displayName: String?,
        now: Date
    ) async throws(RegistrationError) -> Account {
        try Self.validate(username: username, password: password, displayName: displayName)
        guard accounts[username] == nil else { throw .usernameTaken }
        let hash = await Self.hash(password, cost: passwordHashCost, hashing: hashing)
        // The hash ran off the actor: check again before claiming the name.
        guard accounts[username] == nil else { throw .usernameTaken }
        let account = Account(
            id: "u-\(accounts.count + 1)",
            username: username,
            displayName: displayName.flatMap { $0.isEmpty ? nil : $0 },
            createdAt: now,
            passwordHash: hash
        )
        accounts[username] = account
        return account
    }

    /// The account whose username and password match, if any. Exactly one hash is checked either way.
    func authenticate(username: String, password: String) async -> Account? {
        let account = accounts[username]
        let hash = account?.passwordHash ?? unknownAccountHash
        let matches = await Self.verify(password, hash: hash, hashing: hashing)
        guard matches, let account, account.passwordHash != nil else { return nil }
        return account
    }

    /// The account of `username`, a user an external authorization server vouched for: the one recorded the first time
    /// it was seen here (then, with its username as its display name, since introspection names no display name).
    func profile(of username: String, now: Date) -> Account {
        if let account = accounts[username] { return account }
        let account = Account(
            id: "u-\(accounts.count + 1)", username: username, displayName: username, createdAt: now, passwordHash: nil)
        accounts[username] = account
        return account
    }

    func account(named username: String) -> Account? {
        accounts[username]
    }

    @concurrent
    private nonisolated static func hash(_ password: String, cost: UInt8, hashing: PasswordHashing) async -> String {
        hashing.hash(password, cost)
    }

    @concurrent
    private nonisolated static func verify(_ password: String, hash: String, hashing: PasswordHashing) async -> Bool {
        hashing.verify(password, hash)
    }
}
