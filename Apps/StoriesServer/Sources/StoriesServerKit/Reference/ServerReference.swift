import CommandReference

/// What `stories-server --help` prints after its options, and its man page's EXIT STATUS and EXAMPLES repeat: the
/// exit codes and realistic uses.
public enum ServerReference {
    /// Every exit status, from `ServerExitCode`.
    public static var exitCodes: HelpSection {
        HelpSection(
            title: "EXIT CODES",
            body: .definitions(ServerExitCode.allCases.map { .init(String($0.rawValue), $0.meaning) }))
    }

    /// Realistic uses, the most common first.
    public static let examples = [
        CommandExample("Serve http://127.0.0.1:8080/v1, the server stories-cli calls local", "stories-server"),
        CommandExample(
            "On a free port, for a script: the \"Listening on\" line names it", "stories-server --port 0"),
        CommandExample(
            "Access tokens that expire after 30 seconds, to watch stories-cli renew them",
            "stories-server --access-token-ttl 30"),
        CommandExample(
            "Without the password grant: sign-in in a browser or with a device code only",
            "stories-server --password-grant disabled"),
        CommandExample(
            "Tokens that work only with the key of the client they were issued to (RFC 9449)",
            "stories-server --dpop required"),
        CommandExample(
            "A resource server of another issuer, checking its tokens by introspection",
            "stories-server --authorization-server https://login.example --introspection-client stories-api --introspection-client-secret-file ./introspection-secret"
        ),
    ]

    /// The sections `--help` prints after the parser's page.
    public static var helpSections: [HelpSection] {
        [exitCodes, HelpSection(title: "EXAMPLES", body: .examples(examples))]
    }

    /// The sections of the man page that `generate-manual` does not write.
    public static var manualPage: ManualPage {
        ManualPage(
            toolName: "stories-server", exitStatus: ManualPage.definitions(of: exitCodes),
            examples: [ManualPage.Examples(command: nil, examples: examples)], seeAlso: ["stories-cli"])
    }
}
