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

    /// The password; with `confirm`, typed twice on a terminal.
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
        guard let typed = input.readSecret("Password: "), !typed.isEmpty else {
            throw .usage("A password is required.")
        }
        if confirm {
            guard input.readSecret("Password (again): ") == typed else {
                throw .usage("The passwords do not match.")
            }
        }
        return typed
    }
}
