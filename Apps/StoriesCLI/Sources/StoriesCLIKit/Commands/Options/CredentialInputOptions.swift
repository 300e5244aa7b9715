import ArgumentParser

/// How `login` and `register` get a username and password. There is deliberately no password option: arguments are
/// world-readable in `/proc/*/cmdline`.
struct CredentialInputOptions: ParsableArguments, Sendable {
    @Option(
        help: "The account's username; with it, login signs in with the password instead of in the browser.")
    var username: String?

    @Flag(help: "Read the password from the first line of standard input, for scripts.")
    var passwordStdin = false

    init() {}

    func prompts(_ input: UserInput) -> CredentialPrompts {
        CredentialPrompts(input: input, passwordFromStandardInput: passwordStdin)
    }
}
