import ArgumentParser
import CommandReference

/// `stories-cli completion SHELL`: the completion script swift-argument-parser writes for the command tree, as
/// `gh completion` prints gh's. `stories-cli --generate-completion-script SHELL` prints the same script.
struct CompletionCommand: ParsableCommand, DocumentedCommand {
    static let configuration = CommandConfiguration(
        commandName: "completion",
        abstract: "Print the shell completion script for bash, zsh or fish.",
        discussion: """
            The script completes commands and options, the named servers after --server and `use`, and after \
            --account the accounts signed in to the server the command line names (read from the credentials \
            file, with no request). Save it where your shell looks for completions, as the examples show, and \
            open a new shell.
            """
    )

    static let examples = [
        CommandExample(
            "bash, with the bash-completion package",
            "mkdir -p ~/.local/share/bash-completion/completions",
            "stories-cli completion bash > ~/.local/share/bash-completion/completions/stories-cli"),
        CommandExample(
            "zsh: into a directory on $fpath (add fpath=(~/.zfunc $fpath) to ~/.zshrc, before compinit)",
            "mkdir -p ~/.zfunc",
            "stories-cli completion zsh > ~/.zfunc/_stories-cli"),
        CommandExample("fish", "stories-cli completion fish > ~/.config/fish/completions/stories-cli.fish"),
        CommandExample("bash, for the current shell only", "source <(stories-cli completion bash)"),
    ]

    enum Shell: String, CaseIterable, ExpressibleByArgument {
        case bash, zsh, fish

        var completionShell: CompletionShell {
            switch self {
            case .bash: .bash
            case .zsh: .zsh
            case .fish: .fish
            }
        }
    }

    @Argument(help: "The shell whose script to print.")
    var shell: Shell

    init() {}

    func run() throws {
        let output = StandardOutput(environment: [:])
        do {
            // As `--generate-completion-script` prints it: with a final newline.
            try output.write(StoriesCommand.completionScript(for: shell.completionShell) + "\n")
        } catch .readerClosed {
            return
        } catch {
            let failure = FailureMessages.failureBeforeConnecting(error)
            output.writeError("error: \(failure.message)\n")
            throw ExitCode(failure.exitStatus.rawValue)
        }
    }
}
