import ArgumentParser

/// How `login` and `register` get a username and password. There is deliberately no password option: arguments are
/// world-readable in `/proc/*/cmdline`.
public struct CredentialInputOptions: ParsableArguments, Sendable {
    @Option(help: "The account's username (prompted for when omitted on a terminal).")
    public var username: String?

    @Flag(help: "Read the password from the first line of standard input.")
    public var passwordStdin = false

    public init() {}

    func prompts(_ input: UserInput) -> CredentialPrompts {
        CredentialPrompts(input: input, passwordFromStandardInput: passwordStdin)
    }
}
