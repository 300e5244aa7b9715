import ArgumentParser
import CommandReference
import StoriesVersion

/// `stories-cli`: the terminal front of Stories.
public struct StoriesCommand: AsyncParsableCommand, DocumentedCommand {
    public static let configuration = CommandConfiguration(
        commandName: "stories-cli",
        abstract: "Read Stories from the terminal.",
        discussion: """
            Sign in to a Stories server, read its stories, and keep several accounts signed in on this machine. \
            Commands use the server `stories-cli use` set, else production; --server or --server-url picks one \
            for a single command. With a stories-server on this machine: `stories-cli use local`, then \
            `stories-cli login`.

            The reference: `stories-cli help environment`, `help exit-codes` and `help files`, and `man \
            stories-cli`, which has every command's page too; docs/CLI.md says how sign-in works and every limit.
            """,
        version: StoriesVersion.current,
        subcommands: [
            ListCommand.self, ShowCommand.self, RegisterCommand.self, LoginCommand.self, WhoamiCommand.self,
            LogoutCommand.self, SwitchCommand.self, StatusCommand.self, TokenCommand.self, UseCommand.self,
            ServersCommand.self, StorageCommand.self, CompletionCommand.self,
            APICommand.self,
        ]
    )

    static let examples = [
        CommandExample(
            "Use a stories-server on this machine, and sign in in the browser",
            "stories-cli use local", "stories-cli login"),
        CommandExample(
            "The newest stories, then one of them as JSON", "stories-cli list", "stories-cli show 42 --json"),
        CommandExample("Every signed-in account on every server, the active ones marked", "stories-cli status"),
        CommandExample(
            "Tab-complete commands, servers and accounts in bash",
            "source <(stories-cli completion bash)"),
    ]

    public init() {}
}
