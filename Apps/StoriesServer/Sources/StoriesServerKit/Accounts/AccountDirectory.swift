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

/// The accounts the server knows, in memory. Passwords are stored as bcrypt hashes; hashing and verifying happen
/// outside the actor so that a slow hash does not block other requests.
actor AccountDirectory {
    private var accounts: [String: Account] = [:]
    private let passwordHashCost: UInt8

    init(passwordHashCost: UInt8) {
        self.passwordHashCost = passwordHashCost
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
        let hash = await Self.hash(password, cost: passwordHashCost)
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

    /// The account whose username and password match, if any.
    func authenticate(username: String, password: String) async -> Account? {
        guard let account = accounts[username], let hash = account.passwordHash else { return nil }
        return await Self.verify(password, hash: hash) ? account : nil
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
    private nonisolated static func hash(_ password: String, cost: UInt8) async -> String {
        Bcrypt.hash(password, cost: cost)
    }

    @concurrent
    private nonisolated static func verify(_ password: String, hash: String) async -> Bool {
        Bcrypt.verify(password, hash: hash)
    }
}
