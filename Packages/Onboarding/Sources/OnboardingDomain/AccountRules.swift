/// The server's rules for new accounts, checked before a request is sent.
public enum AccountRules {
    public static let usernameLength = 3...32
    public static let minimumPasswordLength = 8
    public static let maximumPasswordLength = 128

    /// Why a username is not acceptable, or `nil`.
    public static func problem(withUsername username: String) -> String? {
        guard usernameLength.contains(username.count) else {
            return "A username has \(usernameLength.lowerBound) to \(usernameLength.upperBound) characters."
        }
        let allowed = username.unicodeScalars.allSatisfy { scalar in
            switch scalar {
            case "a"..."z", "0"..."9", "_", "-": true
            default: false
            }
        }
        return allowed ? nil : "A username may contain only a-z, 0-9, _ and -."
    }

    /// Why a password is not acceptable, or `nil`.
    /// Counted in Unicode code points, as the server counts them.
    public static func problem(withPassword password: String) -> String? {
        (minimumPasswordLength...maximumPasswordLength).contains(password.unicodeScalars.count)
            ? nil : "A password has \(minimumPasswordLength) to \(maximumPasswordLength) characters."
    }
}
