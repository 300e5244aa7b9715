import ArgumentParser
import CommandReference

/// The sections of `stories-cli`'s man page that `generate-manual` does not write, from what `--help` prints them
/// from: `CLIReference` (ENVIRONMENT, FILES, EXIT STATUS) and every command's EXAMPLES.
public enum CLIManual {
    public static var page: ManualPage {
        let commands: [any ParsableCommand.Type] = [StoriesCommand.self] + StoriesCommand.configuration.subcommands
        return ManualPage(
            toolName: StoriesCommand.configuration.commandName ?? "stories-cli",
            environment: ManualPage.definitions(of: CLIReference.environment),
            files: ManualPage.definitions(of: CLIReference.files),
            exitStatus: ManualPage.definitions(of: CLIReference.exitCodes),
            examples: commands.compactMap { command in
                guard let documented = command as? any DocumentedCommand.Type else { return nil }
                return ManualPage.Examples(
                    command: command == StoriesCommand.self ? nil : command.configuration.commandName,
                    examples: documented.examples)
            },
            seeAlso: ["stories-server"])
    }
}
