/// Reads usernames and passwords the way the commands promise: never from arguments, no echo for passwords, and
/// never waiting on a prompt nobody can answer.
struct CredentialPrompts {
    let input: UserInput
    let passwordFromStandardInput: Bool

    func username(_ given: String?) throws(CommandFailure) -> String {
        if let given, !given.isEmpty { return given }
        guard input.isInteractive, !passwordFromStandardInput else {
            throw .usage("--username is required when not running in a terminal or with --password-stdin.")
        }
        guard let typed = input.readVisible("Username: "), !typed.isEmpty else {
            throw .usage("A username is required.")
        }
        return typed
    }

    /// The password; with `confirm`, typed twice on a terminal, asked again when the two differ (three tries).
    func password(confirm: Bool) throws(CommandFailure) -> String {
        if passwordFromStandardInput {
            guard let line = input.readLine(), !line.isEmpty else {
                throw .usage("--password-stdin expects the password on the first line of standard input.")
            }
            return line
        }
        guard input.isInteractive else {
            throw .usage("Standard input is not a terminal: pass --password-stdin and pipe the password in.")
        }
        var prompt = "Password: "
        for _ in 1...Self.confirmationTries {
            guard let typed = input.readSecret(prompt), !typed.isEmpty else {
                throw .usage("A password is required.")
            }
            guard confirm else { return typed }
            if input.readSecret("Password (again): ") == typed { return typed }
            prompt = "The passwords do not match. Password: "
        }
        throw .usage("The passwords did not match three times; nothing was sent.")
    }

    /// How many times a new password may be typed twice before giving up.
    static let confirmationTries = 3
}
