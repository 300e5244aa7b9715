import ArgumentParser
import CommandReference
import Foundation

/// What `--help` prints (and `stories-cli help COMMAND`, and `stories-cli` alone): swift-argument-parser's page (the
/// one-line summary, the discussion, USAGE, OPTIONS), then what it has no place for, as gh's help ends: for every
/// command EXAMPLES, last. The reference (environment, exit codes, files) is in `stories-cli help TOPIC` and the man
/// page, so that `stories-cli --help` stays about 50 lines, as gh's does.
public enum HelpPage {
    /// The page for `command`, wrapped to `columns`.
    static func text(for command: any ParsableCommand.Type, columns: Int) -> String {
        var text = StoriesCommand.helpMessage(for: command, columns: columns)
        while text.hasSuffix("\n") { text.removeLast() }
        text += "\n"
        for section in sections(for: command) {
            text += "\n" + section.rendered(columns: columns)
        }
        return text
    }

    /// The sections that follow the parser's page.
    static func sections(for command: any ParsableCommand.Type) -> [HelpSection] {
        var sections: [HelpSection] = []
        if let documented = command as? any DocumentedCommand.Type {
            sections.append(HelpSection(title: "EXAMPLES", body: .examples(documented.examples)))
        }
        return sections
    }

    /// The command a help page the parser wrote is about, read from its USAGE line; `nil` for any other text (the
    /// version, a completion script).
    static func command(ofHelpMessage message: String) -> (any ParsableCommand.Type)? {
        guard message.hasPrefix("OVERVIEW: ") || message.hasPrefix("USAGE: ") else { return nil }
        let root = StoriesCommand.configuration.commandName ?? "stories-cli"
        guard
            let usage = message.split(separator: "\n").first(where: { $0.hasPrefix("USAGE: \(root)") })
        else { return nil }
        let words = usage.split(separator: " ")
        guard words.count > 2, !words[2].hasPrefix("<"), !words[2].hasPrefix("[") else { return StoriesCommand.self }
        return StoriesCommand.configuration.subcommands.first { $0.configuration.commandName == String(words[2]) }
    }

    /// Prints `topic`'s page, wrapped to the terminal, and ends the process with 0.
    public static func exit(showing topic: HelpTopic) -> Never {
        let columns = StandardOutput.terminalWidth(environment: ProcessInfo.processInfo.environment)
        print(topic.text(columns: columns), terminator: "")
        Foundation.exit(EXIT_SUCCESS)
    }

    /// Ends the process for an error the parser reports itself: a help page as `text(for:columns:)` writes it, any
    /// other (the version, a completion script, a failure) as the parser does.
    public static func exit(withError error: any Error) -> Never {
        if StoriesCommand.exitCode(for: error) == .success,
            let command = command(ofHelpMessage: StoriesCommand.fullMessage(for: error))
        {
            let columns = StandardOutput.terminalWidth(environment: ProcessInfo.processInfo.environment)
            // Buffered like the parser's own output; `StandardOutputFlush` reports a failed write at exit.
            print(text(for: command, columns: columns), terminator: "")
            Foundation.exit(EXIT_SUCCESS)
        }
        StoriesCommand.exit(withError: error)
    }
}
