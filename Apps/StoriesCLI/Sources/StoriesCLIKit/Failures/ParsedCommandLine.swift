import ArgumentParser

/// The command line, parsed: the command to run, a usage failure worded like every other failure (one line,
/// `error: ….`, exit 64, with the command whose help to read), or an exit the parser handles itself (help, version).
///
/// swift-argument-parser's own report of a usage error is several lines (`Error:`, a `Help:` line, the usage block);
/// scripts and people get one style here, whichever layer found the mistake.
public enum ParsedCommandLine {
    case command(any ParsableCommand)
    case failed(CommandFailure)
    /// Help, the version or a completion: `HelpPage.exit(withError:)` prints it and exits 0.
    case exit(any Error)
    /// `help TOPIC` for a reference topic: `HelpPage.exit(showing:)` prints it and exits 0.
    case topic(HelpTopic)

    /// Parses `arguments` (without the program name).
    public init(_ arguments: [String]) {
        if arguments.count == 2, arguments[0] == "help", let topic = HelpTopic(rawValue: arguments[1]) {
            self = .topic(topic)
            return
        }
        if let failure = Self.unknownHelpTopic(in: arguments) {
            self = .failed(failure)
            return
        }
        do {
            self = .command(try StoriesCommand.parseAsRoot(arguments))
        } catch {
            guard StoriesCommand.exitCode(for: error) == .validationFailure else {
                self = .exit(error)
                return
            }
            // A completion script's request (`---completion …`) that cannot be answered, as a shell's quirks can
            // make one: nothing to print in the middle of the user's command line, only a failed status.
            if arguments.first == "---completion" {
                self = .exit(ExitCode.failure)
                return
            }
            self = .failed(.usage(Self.sentence(for: error, arguments: arguments)))
        }
    }

    /// The parser's first line, as a sentence, and where to read the command's options.
    static func sentence(for error: any Error, arguments: [String]) -> String {
        var line = StoriesCommand.message(for: error).split(separator: "\n").first.map(String.init) ?? "Invalid usage"
        if line.hasPrefix("Error: ") { line.removeFirst("Error: ".count) }
        line = TerminalText.sanitize(line)
        if let last = line.last, !".!?".contains(last) { line += "." }
        let command = arguments.first { commandNames.contains($0) }.map { "stories-cli \($0)" } ?? "stories-cli"
        return "\(line) See `\(command) --help`."
    }

    /// `help TOPIC` where the topic is neither a reference topic nor a command: the parser would print the overview
    /// and exit 0.
    static func unknownHelpTopic(in arguments: [String]) -> CommandFailure? {
        guard arguments.first == "help", arguments.count >= 2, let topic = arguments.dropFirst().first,
            !topic.hasPrefix("-"), !commandNames.contains(topic), HelpTopic(rawValue: topic) == nil
        else { return nil }
        let topics = HelpTopic.allCases.map(\.rawValue).joined(separator: ", ")
        return .usage(
            "No help topic '\(TerminalText.sanitize(topic))'. The topics are: \(topics); the commands are: \(commandNames.joined(separator: ", ")). `stories-cli --help` lists them."
        )
    }

    static var commandNames: [String] {
        StoriesCommand.configuration.subcommands.compactMap { $0.configuration.commandName }
    }
}
