import ArgumentParser
import StoriesVersion

/// `stories-cli`: the terminal front of Stories.
public struct StoriesCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "stories-cli",
        abstract: "Read Stories from the terminal.",
        discussion: """
            Start a local server with `stories-server` (in a checkout: `swift run stories-server`), then:
              stories-cli login --server local --username demo
              stories-cli list --server local
              stories-cli whoami --server local
              stories-cli register --server local --username alice   (a second account, now the active one)
              stories-cli switch --server local                      (back to demo)
              stories-cli logout --server local

            \(CLIExitCode.helpText)
            """,
        version: StoriesVersion.current,
        subcommands: [
            ListCommand.self, ShowCommand.self, RegisterCommand.self, LoginCommand.self, WhoamiCommand.self,
            LogoutCommand.self, SwitchCommand.self, StatusCommand.self, TokenCommand.self, UseCommand.self,
            ServersCommand.self,
        ]
    )

    public init() {}
}
